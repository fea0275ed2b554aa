import { useEffect, useRef, useState } from 'react';
import TitledModal from '../../../platform/ui/TitledModal.tsx';
import type { Product } from '../contract.ts';
import {
  shippingAddressFields,
  shippingAddressSchema,
  type PurchaseResult,
  type ShippingAddress,
} from '../contract.ts';
import { balanceAfter } from '../shop-rules.ts';
import { formatNumber } from '../rewards-format.ts';
import type { User } from '../../accounts/contract.ts';
import type { EarnedBadge } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import { api, marketplaceApiBase, type ApiResult } from '../../../platform/browser/api-client.ts';
import { idempotentSender } from '../../../platform/browser/idempotency.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import { countryName } from '../../../platform/i18n/country-name.ts';
import { updateStoredUser } from '../../../platform/browser/session.ts';
import { fieldText } from '../../../platform/browser/form-errors.ts';
import FormField, { controlProps } from '../../../platform/ui/FormField.tsx';
import DialogActions from '../../../platform/ui/DialogActions.tsx';
import { inputClass, primaryButtonClass } from '../../../platform/ui/ui.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import { schemaValidator, useForm } from '../../../platform/ui/use-form.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../../accounts/endpoints.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<AccountsApi & RewardsApi> = api;

type Field = (typeof shippingAddressFields)[number];
type Values = Record<Field, string>;

const requiredFields = shippingAddressFields.filter((f) => f !== 'additional_address_info');
const autoComplete: Record<Field, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  street_name: 'address-line1',
  additional_address_info: 'address-line2',
  zip_code: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
  phone_number: 'tel',
};
/** The user's address as the form shows it: the country in the page's language ("Italy" is "Italia"). */
const addressOf = (user: Partial<User> | null, locale: Locale): Values => {
  const values = Object.fromEntries(shippingAddressFields.map((f) => [f, String(user?.[f] ?? '')])) as Values;
  return { ...values, country: countryName(values.country, locale) };
};

const validate = schemaValidator<Values>(shippingAddressSchema);

/**
 * A purchase (or a refusal) turns the card's button into its new state ("owned", "out of stock", the credits
 * missing): the focus goes there rather than to the start of the page.
 */
const toCardState = (opener: HTMLElement | null) => {
  const card = opener?.closest('[data-testid="product-card"]');
  return () => {
    if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    else card?.querySelector<HTMLElement>('[data-card-state]')?.focus();
  };
};

/**
 * The server's answer to the purchase. earnedBadges: what the purchase earned, after what saving the address on the
 * profile earned (that save can complete the profile); a refused purchase carries the latter, which stand.
 */
export type PurchaseOutcome =
  | { ok: true; result: PurchaseResult; earnedBadges?: EarnedBadge[] }
  | { ok: false; code: string; earnedBadges?: EarnedBadge[] };

interface Props {
  product: Product;
  user: User;
  credits: number | null;
  locale: Locale;
  t: Translator;
  /** earnedBadges: what saving the address earned, when no outcome has carried it yet */
  onClose: (earnedBadges: EarnedBadge[]) => void;
  /** the server's answer; the parent updates the shop, the balance and the toasts */
  onOutcome: (outcome: PurchaseOutcome) => void;
}

/**
 * The shipping address dialog of a marketplace purchase: every field but additional_address_info required (the phone
 * too: the courier calls it; an Italian CAP has five digits), "This field is required" after blur or on confirm,
 * confirm blocked until the required ones are filled. Prefilled from the user; the address is saved on the user first
 * (a failure there is only logged; a badge it earns, the profile now complete, reaches the parent with the purchase's
 * outcome), then the purchase is sent with an Idempotency-Key. Open while mounted, on the native modal <dialog>.
 * Test ids: shipping-dialog, shipping-<field> (and -error), shipping-confirm, shipping-cancel, shipping-dialog-close,
 * shipping-incomplete.
 */
export default function ShippingDialog({ product, user, credits, locale, t, onClose, onOutcome }: Props) {
  const send = useRef(idempotentSender<PurchaseResult>()).current;
  const [busy, setBusy] = useState(false);
  // the price shown and sent: a 409 PRICE_CHANGED brings the current one here, and the player decides again
  const [price, setPrice] = useState(product.price);
  const { register, handleSubmit, reset, setError, values, errors } = useForm<Values>({
    validate,
    mode: 'onTouched',
    defaultValues: addressOf(user, locale),
  });
  const complete = requiredFields.every((f) => String(values[f] ?? '').trim() !== '');
  // the badges saving the address earned (it can complete the profile), until an outcome or the closing hands them on
  const earned = useRef<EarnedBadge[]>([]);
  const takeEarned = (more: EarnedBadge[] = []) => {
    const all = [...earned.current, ...more];
    earned.current = [];
    return all;
  };
  const close = () => onClose(takeEarned());

  useEffect(() => {
    // the stored user may be stale: the address on the server wins, unless already edited here
    let live = true;
    call<'GET /users/me'>('/users/me').then((res) => {
      if (!live || !res.ok) return;
      updateStoredUser(res.data);
      reset(addressOf(res.data, locale), { keepDirtyValues: true });
    });
    return () => {
      live = false;
    };
  }, [reset, locale]);

  const onConfirm = async (address: Values) => {
    setBusy(true);
    // the address is kept on the user; a failure there is only logged
    // the validator hands over the schema's output: trimmed, additional_address_info defaulted
    // the stored country shown in the page's language is not a change the player made: it stays as stored
    const typed = address as unknown as ShippingAddress;
    const shipping: ShippingAddress = {
      ...typed,
      country: typed.country === countryName(user.country, locale) ? user.country : typed.country,
    };
    if (shippingAddressFields.some((f) => (shipping[f] ?? '') !== (user[f] ?? ''))) {
      const saved = await call<'PUT /users/pp/:id'>(`/users/pp/${encodeURIComponent(user.id)}`, {
        method: 'PUT',
        body: shipping,
      });
      if (saved.ok && saved.data?.data) {
        updateStoredUser(saved.data.data);
        earned.current.push(...(saved.earnedBadges ?? []));
      } else console.error('the shipping address could not be saved on the user', saved);
    }
    const res: ApiResult<PurchaseResult> = await send(JSON.stringify([product._id, shipping, price]), (key) =>
      call<'POST /marketplace/purchases'>('/marketplace/purchases', {
        base: marketplaceApiBase,
        // the price the player saw: if it has changed since, nothing is charged (409 PRICE_CHANGED)
        body: { productId: product._id, shippingAddress: shipping, price },
        headers: { 'idempotency-key': key },
      }),
    );
    setBusy(false);
    if (res.ok) return onOutcome({ ok: true, result: res.data, earnedBadges: takeEarned(res.earnedBadges) });
    if (res.code === 'PRICE_CHANGED') {
      // nothing was charged: show the current price in the dialog, which stays open
      const now = await call<'GET /marketplace/products/:id'>(
        `/marketplace/products/${encodeURIComponent(product._id)}`,
        { base: marketplaceApiBase },
      );
      if (now.ok) setPrice(now.data.price);
    }
    // a field the server refused is shown on the field
    let onField = false;
    for (const issue of res.issues ?? []) {
      const field = issue.path.replace(/^body\.shippingAddress\./, '') as Field;
      if (shippingAddressFields.includes(field)) {
        setError(field, { type: 'server', message: issue.message }, { shouldFocus: !onField });
        onField = true;
      }
    }
    if (!onField) onOutcome({ ok: false, code: res.code, earnedBadges: takeEarned() });
  };

  const fieldError = (f: Field) => fieldText(t, f, errors[f], values[f]);
  const money = (n: number) => t(pluralKey('rewards.credits', n), { amount: formatNumber(n, locale) });
  const field = (f: Field) => {
    const id = `shipping-${f.replaceAll('_', '-')}`;
    const error = fieldError(f);
    return (
      <FormField key={f} id={id} label={t(`rewards.address.${f}`)} error={error}>
        {/* eslint-disable-next-line jsx-a11y/autocomplete-valid --
           "shipping" + a field name is valid HTML (the shipping group); the rule knows single tokens only */}
        <input
          {...register(f)}
          {...controlProps(id, error)}
          aria-required={f !== 'additional_address_info' || undefined}
          autoComplete={`shipping ${autoComplete[f]}`}
          type={f === 'phone_number' ? 'tel' : 'text'}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <TitledModal
      title={t('rewards.address.title')}
      subtitle={t('rewards.address.intro', { name: product.name })}
      closeLabel={t('rewards.address.close')}
      onClose={close}
      busy={busy}
      testId="shipping-dialog"
      width="w-[min(34rem,calc(100vw-2rem))]"
      refocus={toCardState}
    >
      <form noValidate onSubmit={handleSubmit(onConfirm)} className="space-y-4" data-testid="shipping-form">
        <dl className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-ink/50 p-3 text-sm">
          <div>
            <dt className="text-slate-400">{t('rewards.address.price')}</dt>
            <dd className="font-semibold text-accent tabular-nums" data-testid="shipping-price">
              {money(price)}
            </dd>
          </div>
          {credits !== null && (
            <div>
              <dt className="text-slate-400">{t('rewards.address.balanceAfter')}</dt>
              <dd className="font-semibold text-white tabular-nums" data-testid="shipping-balance-after">
                {money(balanceAfter(credits, price))}
              </dd>
            </div>
          )}
        </dl>
        <fieldset disabled={busy} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('first_name')}
            {field('last_name')}
          </div>
          {field('street_name')}
          {field('additional_address_info')}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {field('zip_code')}
            {field('city')}
          </div>
          {field('country')}
          {field('phone_number')}
        </fieldset>
        <p
          id="shipping-incomplete"
          className="text-sm text-slate-400"
          data-testid="shipping-incomplete"
          hidden={complete}
        >
          {t('rewards.address.incomplete')}
        </p>
        <DialogActions
          className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end"
          busy={busy}
          onCancel={close}
          cancelLabel={t('rewards.address.cancel')}
          confirmLabel={t('rewards.address.confirm')}
          busyLabel={t('rewards.address.confirming')}
          testIds={['shipping-cancel', 'shipping-confirm']}
          confirmProps={{
            // still focusable and clickable while incomplete, so a click shows which fields are missing
            'aria-disabled': !complete || undefined,
            'aria-describedby': complete ? undefined : 'shipping-incomplete',
            className: `${primaryButtonClass} aria-disabled:opacity-50`,
          }}
        />
      </form>
    </TitledModal>
  );
}
