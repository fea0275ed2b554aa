import { useEffect, useRef, useState } from 'react';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { numberOrUndefined } from './form-values.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { adjustBody, adjustFormSchema, MAX_CREDITS } from './economy-forms.ts';
import type { Transaction, Wallet } from '../../contract.ts';
import { ledgerKindOf } from '../../ledger-kind.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import { idempotentSender } from '../../../../platform/browser/idempotency.ts';
import { SelectField } from '../../../../platform/ui/FormField.tsx';
import { fieldsOf, NumberField, TextField } from '../../../../platform/ui/admin/fields.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import DialogActions from '../../../../platform/ui/DialogActions.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import Modal, { DetailItem } from '../../../../platform/ui/admin/Modal.tsx';
import { whenLive } from '../../../../platform/ui/admin/when-live.ts';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/** What the inputs hold: the amount as typed. */
type Values = { direction: 'credit' | 'debit'; amount: string; reason: string };
type Body = z.output<typeof adjustFormSchema>;
const defaults: Values = { direction: 'credit', amount: '', reason: '' };
const validate = schemaValidator<Values>(adjustFormSchema, (v) => ({ ...v, amount: numberOrUndefined(v.amount) }));

interface Props {
  t: Translator;
  locale: Locale;
  wallet: Wallet | null;
  onClose: () => void;
  onAdjusted: (wallet: Wallet) => void;
}

/** The wallet's detail: balance, the adjustment form and the ledger (a list that scrolls at 200 px). */
export default function WalletModal({ t, locale, wallet, onClose, onAdjusted }: Props) {
  const userId = wallet?.userId ?? null;
  const [transactions, setTransactions] = useState<Transaction[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const send = useRef(idempotentSender<{ wallet: Wallet; transaction: Transaction }>()).current;
  const { register, handleSubmit, reset, getValues, setError, errors, isSubmitting } = useForm<Values>({
    validate,
    defaultValues: defaults,
  });
  const fieldError = fieldErrorReader(t, errors, getValues, { amount: [1, MAX_CREDITS] });
  const field = fieldsOf({ register, fieldError }, 'wallet-adjust');

  useEffect(() => {
    setTransactions(null);
    reset(defaults);
    if (!userId) return;
    setFailed(false);
    return whenLive(
      call<'GET /marketplace/transactions/:user'>(`/marketplace/transactions/${encodeURIComponent(userId)}?limit=200`),
      (res) => {
        if (res.ok) setTransactions(res.data);
        else {
          console.error('transactions load failed', res.code);
          setFailed(true);
        }
      },
    );
  }, [userId, attempt, reset]);

  // money moves only after the admin has seen the balance it leaves
  const [pending, setPending] = useState<{ amount: number; reason: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setPending(null), [userId]);

  const onSubmit = (values: Body) => {
    if (!wallet) return;
    const body = adjustBody(values);
    if (wallet.balance + body.amount < 0) {
      setError('amount', { type: 'code', message: 'NOT_ENOUGH_CREDITS' }, { shouldFocus: true });
      return;
    }
    setPending(body);
  };

  const confirm = async () => {
    if (!wallet || !pending) return;
    const body = pending;
    setConfirming(true);
    const res = await send(`${wallet.userId}:${body.amount}:${body.reason}`, (key) =>
      call<'POST /marketplace/wallets/:userId/adjust'>(
        `/marketplace/wallets/${encodeURIComponent(wallet.userId)}/adjust`,
        {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        },
      ),
    );
    setConfirming(false);
    setPending(null);
    if (!res.ok) {
      for (const issue of res.issues ?? []) {
        if (issue.path.endsWith('amount')) setError('amount', { type: 'server' });
        if (issue.path.endsWith('reason')) setError('reason', { type: 'server' });
      }
      if (res.code === 'NOT_ENOUGH_CREDITS')
        setError('amount', { type: 'code', message: res.code }, { shouldFocus: true });
      toast.error(
        `${t('rewardsAdmin.wallets.adjustError')} ${res.code === 'VALIDATION_ERROR' ? '' : t.error(res.code)}`.trim(),
      );
      return;
    }
    setTransactions((list) => [res.data.transaction, ...(list ?? [])]);
    reset(defaults);
    toast.success(
      t('rewardsAdmin.wallets.adjusted', {
        name: res.data.wallet.username,
        balance: formatNumber(res.data.wallet.balance, locale),
      }),
    );
    onAdjusted(res.data.wallet);
  };

  return (
    <Modal
      open={wallet !== null}
      title={t('rewardsAdmin.wallets.modalTitle', { name: wallet?.username ?? '' })}
      closeLabel={t('rewardsAdmin.common.close')}
      onClose={onClose}
      testId="wallet-modal"
    >
      {wallet && (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <DetailItem label={t('rewardsAdmin.wallets.columns.user')} strong testId="wallet-modal-user">
              {wallet.username}
            </DetailItem>
            <DetailItem
              label={t('rewardsAdmin.wallets.columns.balance')}
              valueClassName="font-mono text-2xl font-bold text-white"
              testId="wallet-modal-balance"
            >
              {formatNumber(wallet.balance, locale)}
            </DetailItem>
          </dl>

          <form
            noValidate
            onSubmit={handleSubmit<Body>(onSubmit)}
            className="space-y-4 rounded-xl border border-line bg-ink/40 p-4"
            data-testid="wallet-adjust-form"
          >
            <h3 className="text-sm font-bold text-white">{t('rewardsAdmin.wallets.adjustTitle')}</h3>
            <fieldset disabled={pending !== null} className="grid min-w-0 gap-4 sm:grid-cols-2">
              <SelectField
                {...field('direction')}
                label={t('rewardsAdmin.wallets.direction')}
                options={[
                  ['credit', t('rewardsAdmin.wallets.credit')],
                  ['debit', t('rewardsAdmin.wallets.debit')],
                ]}
              />
              <NumberField {...field('amount')} label={t('rewardsAdmin.wallets.amount')} min={1} max={MAX_CREDITS} />
              <div className="sm:col-span-2">
                <TextField {...field('reason')} label={t('rewardsAdmin.wallets.reason')} maxLength={200} />
              </div>
            </fieldset>
            {pending ? (
              <div
                role="status"
                className="rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm text-slate-100"
                data-testid="wallet-adjust-preview"
              >
                <p data-testid="wallet-adjust-preview-text">
                  {t('rewardsAdmin.wallets.preview', {
                    from: formatNumber(wallet.balance, locale),
                    amount: `${pending.amount > 0 ? '+' : '−'}${formatNumber(Math.abs(pending.amount), locale)}`,
                    to: formatNumber(wallet.balance + pending.amount, locale),
                  })}
                </p>
                <DialogActions
                  busy={confirming}
                  onCancel={() => setPending(null)}
                  cancelLabel={t('rewardsAdmin.wallets.previewBack')}
                  confirmLabel={t('rewardsAdmin.wallets.previewConfirm')}
                  busyLabel={t('rewardsAdmin.common.saving')}
                  onConfirm={confirm}
                  testIds={['wallet-adjust-back', 'wallet-adjust-confirm']}
                  className="mt-3 flex flex-wrap justify-end gap-2"
                />
              </div>
            ) : (
              <div className="flex justify-end">
                <BusyButton type="submit" busy={isSubmitting} testId="wallet-adjust-submit">
                  {t('rewardsAdmin.wallets.adjustSubmit')}
                </BusyButton>
              </div>
            )}
          </form>

          <section aria-labelledby="wallet-transactions-title" className="space-y-2">
            <h3 id="wallet-transactions-title" className="text-sm font-bold text-white">
              {t('rewardsAdmin.wallets.transactions')}
            </h3>
            {failed ? (
              <RetryAlert
                message={t('rewardsAdmin.wallets.transactionsError')}
                retry={{ label: t('rewardsAdmin.common.retry'), run: () => setAttempt((n) => n + 1) }}
                testId="wallet-transactions-error"
              />
            ) : !transactions ? (
              <Spinner label={t('rewardsAdmin.wallets.transactionsLoading')} testId="wallet-transactions-loading" />
            ) : transactions.length === 0 ? (
              <p className="text-sm text-slate-400" data-testid="wallet-transactions-empty">
                {t('rewardsAdmin.wallets.noTransactions')}
              </p>
            ) : (
              <ul
                className="max-h-[200px] divide-y divide-line/60 overflow-y-auto rounded-xl border border-line"
                data-testid="wallet-transactions"
                /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex --
                   a scrollable list must be reachable by keyboard to scroll (axe: scrollable-region-focusable) */
                tabIndex={0}
                aria-label={t('rewardsAdmin.wallets.transactions')}
              >
                {transactions.map((tx) => (
                  <li
                    key={tx.id}
                    className="flex items-start justify-between gap-3 px-3 py-2 text-sm"
                    data-testid="wallet-transaction"
                  >
                    <div className="min-w-0">
                      <p className="truncate text-slate-100" data-testid="wallet-transaction-description">
                        {tx.description || t(`rewardsAdmin.transactionTypes.${ledgerKindOf(tx)}`)}
                      </p>
                      <p className="text-xs text-slate-500">
                        {t(`rewardsAdmin.transactionTypes.${ledgerKindOf(tx)}`)} ·{' '}
                        {formatDateTime(tx.createdAt, locale)}
                        {tx.createdBy && (
                          <span data-testid="wallet-transaction-admin">
                            {' '}
                            · {t('rewardsAdmin.wallets.byAdmin', { name: tx.createdBy.name })}
                          </span>
                        )}
                      </p>
                    </div>
                    <div className="shrink-0 text-right">
                      <p
                        className={`font-mono font-semibold ${tx.amount >= 0 ? 'text-emerald-300' : 'text-rose-300'}`}
                        data-testid="wallet-transaction-amount"
                      >
                        {(tx.amount > 0 ? '+' : tx.amount < 0 ? '−' : '') + formatNumber(Math.abs(tx.amount), locale)}
                      </p>
                      <p className="font-mono text-xs text-slate-500">
                        {t('rewardsAdmin.wallets.balanceAfter', { n: formatNumber(tx.balanceAfter, locale) })}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Modal>
  );
}
