import { useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { fieldText, serverFieldErrors } from '../../../platform/browser/form-errors.ts';
import { clearSession, leaveFlash } from '../../../platform/browser/session.ts';
import { localizePath, type Locale } from '../../../platform/i18n/i18n.ts';
import ConfirmDialog from '../../../platform/ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../platform/ui/FormField.tsx';
import { PasswordField } from '../../../platform/ui/PasswordInput.tsx';
import { linkClass, secondaryButtonClass } from '../../../platform/ui/ui.ts';
import BusyButton from '../../../platform/ui/BusyButton.tsx';
import { useForm, type Validator } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import PrivacySection from './PrivacySection.tsx';
import type { PrivacyApi } from '../endpoints.ts';
import type { AccountDeletion } from '../contract.ts';

const call: TypedCall<PrivacyApi> = api;
// the server judges the password (and its length); the form only asks that one was typed, so the tab carries no schema
const validate: Validator<AccountDeletion> = async (values) =>
  values.currentPassword ? { ok: true, values } : { ok: false, errors: { currentPassword: { type: 'too_small' } } };
const fields = ['currentPassword'] as const;
// what holds the account back, and the page where the player settles it
const whereToLook: Record<string, [path: string, label: string]> = {
  STILL_IN_TOURNAMENT: ['/my-tournaments', 'seeTournaments'],
  ORDER_NOT_SHIPPED: ['/my-orders', 'seeOrders'],
};
// a wrong password is said under the field; any other refusal (a tournament, an order) under the button
const codeFields = { CURRENT_PASSWORD_WRONG: 'currentPassword' };

/**
 * "Delete your account" on /settings: the player types their password, then confirms in a dialog that says what goes
 * and what stays. Once the server has closed the account the stored session is forgotten and the home page says so.
 */
export default function DeleteAccount({ t, locale }: { t: Translator; locale: Locale }) {
  const [asking, setAsking] = useState<AccountDeletion | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ code: string; text: string } | null>(null);
  const { register, handleSubmit, setError, errors, getValues } = useForm<AccountDeletion>({
    defaultValues: { currentPassword: '' },
    validate,
  });

  const onConfirm = async () => {
    if (!asking) return;
    setBusy(true);
    setFailure(null);
    const res = await call<'POST /users/me/delete'>('/users/me/delete', { body: asking });
    if (res.ok) {
      clearSession();
      leaveFlash('accountDeleted');
      window.location.assign(localizePath('/', locale));
      return;
    }
    setBusy(false);
    setAsking(null);
    const onFields = serverFieldErrors(res, fields, codeFields);
    for (const { field, error } of onFields) setError(field, error);
    const code = res.status === 429 ? 'RATE_LIMITED' : res.code;
    if (!onFields.length) setFailure({ code, text: t.error(code) });
  };

  return (
    <PrivacySection
      id="delete-account-title"
      title={t('accounts.settings.deletion.title')}
      intro={t('accounts.settings.deletion.intro')}
    >
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => {
          setFailure(null);
          setAsking(values);
        })}
        className="mt-4 grid gap-4 sm:max-w-sm"
        data-testid="delete-account-form"
      >
        <PasswordField
          id="delete-account-password"
          label={t('accounts.settings.deletion.password')}
          error={fieldText(t, 'currentPassword', errors.currentPassword, getValues('currentPassword'))}
          registration={register('currentPassword')}
          autoComplete="current-password"
          showLabel={t('accounts.password.show')}
          hideLabel={t('accounts.password.hide')}
        />
        <BusyButton
          type="submit"
          busy={busy}
          busyLabel={t('accounts.settings.deletion.working')}
          className={`${secondaryButtonClass} justify-self-start hover:border-rose-500 hover:text-rose-300`}
          testId="delete-account"
        >
          {t('accounts.settings.deletion.open')}
        </BusyButton>
      </form>
      <FormMessage kind="error" text={failure && failure.text} testId="delete-account-error" className="mt-3" />
      {failure && failure.code in whereToLook && (
        <a
          href={localizePath(whereToLook[failure.code]![0], locale)}
          className={`${linkClass} mt-2 inline-block text-sm`}
          data-testid="delete-account-look"
        >
          {t(`accounts.settings.deletion.${whereToLook[failure.code]![1]}`)}
        </a>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('accounts.settings.deletion.dialogTitle')}
        message={`${t('accounts.settings.deletion.gone')} ${t('accounts.settings.deletion.kept')}`}
        confirmLabel={t('accounts.settings.deletion.confirm')}
        busyLabel={t('accounts.settings.deletion.working')}
        cancelLabel={t('accounts.settings.deletion.cancel')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setAsking(null)}
        busy={busy}
        danger
        testId="delete-account-dialog"
      />
    </PrivacySection>
  );
}
