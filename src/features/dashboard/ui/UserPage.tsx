import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { whenLive } from '../../../platform/ui/admin/when-live.ts';
import { api, type ApiResult } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../rewards/endpoints.ts';
import type { DashboardApi } from '../endpoints.ts';
import { localizePath, type Locale } from '../../../platform/i18n/i18n.ts';
import Pagination from '../../../platform/ui/Pagination.tsx';
import Spinner from '../../../platform/ui/Spinner.tsx';
import { linkClass } from '../../../platform/ui/ui.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { formatNumber } from '../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../platform/i18n/date-time.ts';
import RetryAlert from '../../../platform/ui/admin/RetryAlert.tsx';
import { idFromLocation, type SectionProps } from '../../../platform/ui/admin/section-props.ts';
import { sectionPath } from '../../../platform/ui/admin/sections.ts';
import { Panel, UserPageTable } from '../../../platform/ui/admin/UserPagePanels.tsx';
import { isClosedAccount, type AccountOverview, type AccountStanding } from '../../accounts/people-contract.ts';
import type { Purchase, Transaction } from '../../rewards/contract.ts';
import { OVERVIEW_PAGE, type UserOverview } from '../user-page-contract.ts';

const call: TypedCall<DashboardApi & RewardsApi> = api;

/** What the page hands the accounts' view: its part of the overview, and the other domains' panels to place. */
export interface AccountSlot {
  account: AccountOverview;
  /** a role or block write answered: the page keeps the overview in step */
  onStanding: (standing: AccountStanding) => void;
  /** the panels between the profile and the sessions */
  children: ReactNode;
  /** the panel beside the sessions */
  besideSessions: ReactNode;
}

type Load = { state: 'loading' } | { state: 'failed'; code: string } | { state: 'ready'; data: UserOverview };

const loadOverview = (id: string) => call<'GET /admin/users/:id'>(`/admin/users/${encodeURIComponent(id)}`);

/**
 * /dashboard/users/view?id=…: one user as the admin needs them. The accounts' part (profile, roles
 * with grant and revoke, block and unblock, live sessions) comes from the `account` slot, which the
 * dashboard's shell fills with the accounts' view; this page reads the whole overview and adds the
 * other domains' panels: wallet and purchases (paged), tournament registrations, badges, and for a player (no role)
 * the closing of their account (none once it is closed).
 */
export default function UserPage({
  t,
  locale,
  account,
  closing,
}: SectionProps & {
  account: (slot: AccountSlot) => ReactNode;
  /** the privacy's panel that closes a player's account, and what it calls once it did (the page reads it again) */
  closing: (user: AccountOverview['user'], closed: () => void) => ReactNode;
}) {
  const [id] = useState(idFromLocation);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    setLoad({ state: 'loading' });
    return whenLive(loadOverview(id), (res) =>
      setLoad(res.ok ? { state: 'ready', data: res.data } : { state: 'failed', code: res.code }),
    );
  }, [id, attempt]);

  const toList = (
    <a href={localizePath(sectionPath('users'), locale)} className={linkClass} data-testid="user-page-to-list">
      {t('accounts.userPage.toList')}
    </a>
  );
  if (!id)
    return (
      <p className="mt-6 text-slate-300" data-testid="user-page-no-id">
        {t('accounts.userPage.noId')} {toList}
      </p>
    );
  if (load.state === 'loading') return <Spinner label={t('accounts.userPage.loading')} testId="user-page-loading" />;
  if (load.state === 'failed') {
    const notFound = load.code === 'NOT_FOUND' || load.code === 'VALIDATION_ERROR';
    return (
      <div className="mt-6 space-y-3">
        <RetryAlert
          message={
            notFound ? t('accounts.userPage.notFound') : `${t('accounts.userPage.loadError')} ${t.error(load.code)}`
          }
          retry={notFound ? undefined : { label: t('accounts.userPage.retry'), run: () => setAttempt((n) => n + 1) }}
          testId="user-page-error"
        />
        {toList}
      </div>
    );
  }
  const onStanding = (standing: AccountStanding) =>
    setLoad((l) =>
      l.state === 'ready'
        ? {
            state: 'ready',
            data: {
              ...l.data,
              user: { ...l.data.user, roles: standing.roles, blockedAt: standing.blockedAt },
              sessions: standing.blockedAt ? [] : l.data.sessions,
            },
          }
        : l,
    );
  const data = load.data;
  return account({
    account: { user: data.user, sessions: data.sessions },
    onStanding,
    children: (
      <>
        <OtherPanels t={t} locale={locale} data={data} />
        {data.user.roles.length === 0 &&
          !isClosedAccount(data.user) &&
          closing(data.user, () => setAttempt((n) => n + 1))}
      </>
    ),
    besideSessions: <BadgesPanel t={t} locale={locale} data={data} />,
  });
}

/** What the rewards and the tournaments hold about the player, between the profile and the sessions. */
function OtherPanels({ t, locale, data }: { t: Translator; locale: Locale; data: UserOverview }) {
  return (
    <>
      <Panel title={t('accounts.userPage.wallet.title')} testId="user-page-wallet">
        <p className="mb-4 text-sm text-slate-300">
          {t('accounts.userPage.wallet.balance')}:{' '}
          <span className="font-mono text-2xl font-bold text-white" data-testid="user-page-balance">
            {formatNumber(data.wallet.balance, locale)}
          </span>
        </p>
        <PagedTable<Transaction>
          t={t}
          first={data.transactions}
          load={(offset) =>
            call<'GET /marketplace/transactions/:user'>(
              `/marketplace/transactions/${encodeURIComponent(data.user.id)}?limit=${OVERVIEW_PAGE}&offset=${offset}`,
            )
          }
          ns="wallet"
          testId="user-page-transactions"
          columns={['when', 'description', 'amount', 'balanceAfter']}
          right={[2, 3]}
          row={(x) => [
            formatDateTime(x.createdAt, locale),
            x.description,
            <span
              className={`font-mono ${x.amount < 0 ? 'text-rose-200' : 'text-emerald-200'}`}
            >{`${x.amount > 0 ? '+' : '−'}${formatNumber(Math.abs(x.amount), locale)}`}</span>,
            <span className="font-mono">{formatNumber(x.balanceAfter, locale)}</span>,
          ]}
          rowKey={(x) => x.id}
        />
      </Panel>

      <Panel title={t('accounts.userPage.purchases.title')} testId="user-page-purchases">
        <PagedTable<Purchase>
          t={t}
          first={data.purchases}
          load={(offset) =>
            call<'GET /marketplace/purchases/user/:user'>(
              `/marketplace/purchases/user/${encodeURIComponent(data.user.id)}?limit=${OVERVIEW_PAGE}&offset=${offset}`,
            )
          }
          ns="purchases"
          testId="user-page-purchase-list"
          columns={['product', 'price', 'when', 'state']}
          right={[1]}
          row={(p) => [
            <span className="font-semibold text-white">{p.productName}</span>,
            <span className="font-mono">{formatNumber(p.price, locale)}</span>,
            formatDateTime(p.createdAt, locale),
            p.fulfilled ? t('accounts.userPage.purchases.fulfilled') : t('accounts.userPage.purchases.pending'),
          ]}
          rowKey={(p) => p.id}
        />
      </Panel>

      <Panel title={t('accounts.userPage.registrations.title')} testId="user-page-registrations">
        <UserPageTable
          t={t}
          ns="registrations"
          columns={['tournament', 'state', 'checkIn', 'start']}
          rows={data.registrations.map((r) => ({
            key: r.tournamentId,
            cells: [
              <span className="font-semibold text-white">{r.name}</span>,
              r.state === 'member'
                ? t('accounts.userPage.registrations.member')
                : r.waitlistPosition
                  ? t('accounts.userPage.registrations.waitlist', { position: r.waitlistPosition })
                  : t('accounts.userPage.registrations.waitlistNoPosition'),
              r.confirmed ? t('accounts.userPage.registrations.yes') : t('accounts.userPage.registrations.no'),
              r.start ? formatDateTime(r.start, locale) : t('accounts.userPage.registrations.noDate'),
            ],
          }))}
        />
      </Panel>
    </>
  );
}

function BadgesPanel({ t, locale, data }: { t: Translator; locale: Locale; data: UserOverview }) {
  return (
    <Panel title={t('accounts.userPage.badges.title')} testId="user-page-badges">
      {data.badges.length ? (
        <ul className="flex flex-wrap gap-2">
          {data.badges.map((b) => (
            <li key={b._id} className="rounded-full bg-white/5 px-3 py-1 text-sm text-slate-100 ring-1 ring-line">
              <span className="font-semibold">{b.badge.name}</span>{' '}
              <span className="text-xs text-slate-300">
                {t('accounts.userPage.badges.earnedAt', { date: formatDateTime(b.earnedAt, locale) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-300">{t('accounts.userPage.badges.none')}</p>
      )}
    </Panel>
  );
}

/** The overview's first page, then the rewards' own paged list for the others. */
function PagedTable<T>(props: {
  t: Translator;
  first: { data: T[]; total: number };
  /** the rewards' own paged read, from an offset */
  load: (offset: number) => Promise<ApiResult<T[]>>;
  /** where its texts are: `accounts.userPage.<ns>.none`, `.pages` and `.columns.<column>` */
  ns: 'wallet' | 'purchases';
  columns: string[];
  right?: number[];
  row: (item: T) => ReactNode[];
  rowKey: (item: T) => string;
  testId: string;
}) {
  const { t, first, load, row, rowKey } = props;
  const ns = `accounts.userPage.${props.ns}`;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[]>(first.data);
  const [total, setTotal] = useState(first.total);
  const [failed, setFailed] = useState<string | null>(null);

  const go = useCallback(
    async (next: number) => {
      setFailed(null);
      if (next === 1) {
        setPage(1);
        setRows(first.data);
        return;
      }
      const res = await load((next - 1) * OVERVIEW_PAGE);
      if (!res.ok) {
        setFailed(res.code);
        return;
      }
      setPage(next);
      setRows(res.data);
      if (typeof res.total === 'number') setTotal(res.total);
    },
    [first.data, load],
  );

  return (
    <div className="space-y-3">
      {failed && (
        <RetryAlert
          message={t.error(failed)}
          retry={{ label: t('accounts.userPage.retry'), run: () => go(page) }}
          testId={`${props.testId}-error`}
        />
      )}
      <UserPageTable
        t={t}
        ns={props.ns}
        columns={props.columns}
        right={props.right}
        rows={rows.map((item) => ({ key: rowKey(item), cells: row(item) }))}
        testId={props.testId}
      />
      <Pagination
        page={page}
        pageCount={Math.ceil(total / OVERVIEW_PAGE)}
        onPageChange={go}
        labels={{
          nav: t(`${ns}.pages`),
          previous: t('accounts.userPage.pagination.previous'),
          next: t('accounts.userPage.pagination.next'),
          page: (n) => t('accounts.userPage.pagination.page', { n }),
        }}
        testId={`${props.testId}-pages`}
      />
    </div>
  );
}
