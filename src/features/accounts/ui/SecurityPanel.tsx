import { useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../endpoints.ts';
import { serverFieldErrors, fieldText } from '../../../platform/browser/form-errors.ts';
import { accountCodeFields } from './code-fields.ts';
import { localizePath, type Locale } from '../../../platform/i18n/i18n.ts';
import { clearSession } from '../../../platform/browser/session.ts';
import ConfirmDialog from '../../../platform/ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../platform/ui/FormField.tsx';
import SaveBar from '../../../platform/ui/SaveBar.tsx';
import { secondaryButtonClass } from '../../../platform/ui/ui.ts';
import BusyButton from '../../../platform/ui/BusyButton.tsx';
import { lazySchema, rulesFormProps, useForm } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';
import PasswordFields, { type PasswordInputRow } from './PasswordFields.tsx';

const call: TypedCall<AccountsApi> = api;

type PasswordValues = { currentPassword: string; password: string; confirm: string };
const passwordRules = lazySchema<PasswordValues>(() =>
  import('./account-form-schemas.ts').then((m) => m.passwordChangeFormSchema),
);
const passwordFields = ['currentPassword', 'password', 'confirm'] as const;
const passwordInputs: PasswordInputRow<(typeof passwordFields)[number]>[] = [
  ['currentPassword', 'security-current-password', 'accounts.settings.security.currentPassword', 'current-password'],
  ['password', 'security-new-password', 'accounts.settings.security.newPassword', 'new-password'],
  ['confirm', 'security-confirm-password', 'accounts.settings.security.confirmPassword', 'new-password'],
];

/**
 * The Security tab of /settings: change the password, log out everywhere. Loaded when the tab is
 * first opened, so the page ships none of it before the visitor asks.
 */
export default function SecurityPanel({ t, locale }: { t: Translator; locale: Locale }) {
  return (
    <div className="space-y-8">
      <ChangePassword t={t} />
      <LogoutEverywhere t={t} locale={locale} />
    </div>
  );
}

function ChangePassword({ t }: { t: Translator }) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, getValues, setError, reset, errors, isSubmitting } = useForm<PasswordValues>({
    validate: passwordRules.validate,
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });

  const onSubmit = async ({ currentPassword, password }: PasswordValues) => {
    setFailure(null);
    setDone(false);
    const res = await call<'POST /users/me/password'>('/users/me/password', { body: { currentPassword, password } });
    if (!res.ok) {
      const onFields = serverFieldErrors(res, passwordFields, accountCodeFields);
      for (const { field, error } of onFields) setError(field, error);
      if (!onFields.length) setFailure(t.error(res.status === 429 ? 'RATE_LIMITED' : res.code));
      return;
    }
    reset({ currentPassword: '', password: '', confirm: '' });
    setDone(true);
  };
  const fieldError = (name: (typeof passwordFields)[number]) => fieldText(t, name, errors[name], getValues(name));

  return (
    <section aria-labelledby="security-password-title">
      <h2 id="security-password-title" className="text-lg font-semibold text-white">
        {t('accounts.settings.security.passwordTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{t('accounts.settings.security.passwordIntro')}</p>
      <form
        {...rulesFormProps(passwordRules, handleSubmit(onSubmit))}
        className="mt-4 grid gap-5 sm:grid-cols-3"
        data-testid="password-change-form"
      >
        <PasswordFields t={t} inputs={passwordInputs} register={register} error={fieldError} hinted="password" />
        <SaveBar
          className="sm:col-span-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          saving={isSubmitting}
          label={t('accounts.settings.security.changePassword')}
          busyLabel={t('accounts.settings.security.changing')}
          testId="password-change-submit"
          saved={done && t('accounts.settings.security.passwordChanged')}
          failure={failure}
          messageTestIds={['password-changed', 'password-change-error']}
        />
      </form>
    </section>
  );
}

/** Ends every session of the account, this one included, once the player confirms it. */
function LogoutEverywhere({ t, locale }: { t: Translator; locale: Locale }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onConfirm = async () => {
    setBusy(true);
    setFailure(null);
    const res = await call<'POST /users/logoutAll'>('/users/logoutAll', { method: 'POST' });
    // a 401 means this session was already gone: the local one is cleared all the same
    if (!res.ok && res.status !== 401) {
      setBusy(false);
      setAsking(false);
      setFailure(t.error(res.code));
      return;
    }
    clearSession();
    window.location.assign(localizePath('/login', locale));
  };

  return (
    <section aria-labelledby="security-logout-title" className="border-t border-line pt-6">
      <h2 id="security-logout-title" className="text-lg font-semibold text-white">
        {t('accounts.settings.security.logoutAllTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{t('accounts.settings.security.logoutAllText')}</p>
      <FormMessage kind="error" text={failure} testId="logout-all-error" className="mt-4" />
      <BusyButton
        onClick={() => setAsking(true)}
        busy={busy}
        busyLabel={t('accounts.settings.security.loggingOut')}
        className={`${secondaryButtonClass} mt-4 hover:border-rose-500 hover:text-rose-300`}
        testId="logout-all"
      >
        {t('accounts.settings.security.logoutAll')}
      </BusyButton>
      <ConfirmDialog
        open={asking}
        title={t('accounts.settings.security.logoutAllTitle')}
        message={t('accounts.settings.security.logoutAllConfirm')}
        confirmLabel={t('accounts.settings.security.logoutAll')}
        busyLabel={t('accounts.settings.security.loggingOut')}
        cancelLabel={t('accounts.settings.security.cancel')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setAsking(false)}
        busy={busy}
        danger
        testId="logout-all-confirm"
      />
    </section>
  );
}
