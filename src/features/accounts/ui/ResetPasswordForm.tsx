import { useEffect, useState } from 'react';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../endpoints.ts';
import { serverFieldErrors, fieldText } from '../../../platform/browser/form-errors.ts';
import { accountCodeFields } from './code-fields.ts';
import { CardFootLink, CardTitle } from './AccountCardParts.tsx';
import SubmitButton from '../../../platform/ui/SubmitButton.tsx';
import PasswordFields, { type PasswordInputRow } from './PasswordFields.tsx';
import { localizePath, type Locale, type IslandProps } from '../../../platform/i18n/i18n.ts';
import { FormMessage, InputField } from '../../../platform/ui/FormField.tsx';
import { cardClass, errorBoxClass, linkClass } from '../../../platform/ui/ui.ts';
import Spinner from '../../../platform/ui/Spinner.tsx';
import { lazySchema, rulesFormProps, useForm } from '../../../platform/ui/use-form.ts';
import { useUrlToken } from '../../../platform/ui/use-url-token.ts';
import { useT, type Translator } from '../../../platform/ui/use-t.ts';

const call: TypedCall<AccountsApi> = api;

type Props = IslandProps;

/**
 * /resetPassword (a real reset: a single-use link that expires): without a token, ask for the
 * e-mail and mail a link; with ?token=… (the mailed link), choose the new password.
 */
export default function ResetPasswordForm({ locale, messages }: Props) {
  const t = useT(messages);
  const token = useUrlToken();

  return (
    <div className={cardClass}>
      {token ? <NewPassword t={t} locale={locale} token={token} /> : <RequestLink t={t} locale={locale} />}
    </div>
  );
}

function BackToLogin({ t, locale, label }: { t: Translator; locale: Locale; label: string }) {
  return (
    <CardFootLink href={localizePath('/login', locale)} testId="link-login">
      {t(label)}
    </CardFootLink>
  );
}

const requestRules = lazySchema<{ email: string }>(() =>
  import('./account-form-schemas.ts').then((m) => m.resetRequestSchema),
);

function RequestLink({ t, locale }: { t: Translator; locale: Locale }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, getValues, errors, isSubmitting } = useForm<{ email: string }>({
    validate: requestRules.validate,
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: { email: string }) => {
    setFailure(null);
    const res = await call<'POST /users/sendReset'>('/users/sendReset', {
      body: { email, language: locale },
      token: null,
    });
    if (!res.ok) return setFailure(t.error(res.status === 429 ? 'RATE_LIMITED' : res.code));
    setSent(true);
  };
  const emailError = fieldText(t, 'email', errors.email, getValues('email'));

  return (
    <>
      <CardTitle title={t('accounts.reset.title')} subtitle={t('accounts.reset.subtitle')} />
      <FormMessage kind="success" text={sent && t('accounts.reset.sent')} testId="reset-sent" className="mt-6" />
      {!sent && (
        <form
          {...rulesFormProps(requestRules, handleSubmit(onSubmit))}
          className="mt-6 space-y-5"
          data-testid="reset-request-form"
        >
          <InputField
            id="reset-email"
            label={t('accounts.reset.email')}
            error={emailError}
            registration={register('email')}
            type="email"
            autoComplete="email"
          />
          <FormMessage kind="error" text={failure} testId="reset-error" />
          <SubmitButton
            busy={isSubmitting}
            label={t('accounts.reset.submit')}
            busyLabel={t('accounts.reset.submitting')}
            testId="reset-submit"
          />
        </form>
      )}
      <BackToLogin t={t} locale={locale} label="accounts.reset.backToLogin" />
    </>
  );
}

type NewPasswordValues = { password: string; confirm: string };
const newPasswordInputs: PasswordInputRow<keyof NewPasswordValues>[] = [
  ['password', 'reset-new-password', 'accounts.reset.newPassword', 'new-password'],
  ['confirm', 'reset-confirm-password', 'accounts.reset.confirmPassword', 'new-password'],
];
/** The shared rule for the password, plus a confirmation that must match. */
const newPasswordRules = lazySchema<NewPasswordValues>(() =>
  import('./account-form-schemas.ts').then((m) => m.newPasswordSchema),
);

function NewPassword({ t, locale, token }: { t: Translator; locale: Locale; token: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // a used or expired link says so before anything is typed
  const [link, setLink] = useState<'checking' | 'works' | 'gone'>('checking');
  useEffect(() => {
    let live = true;
    const url = `/users/reset/status?token=${encodeURIComponent(token)}` as const;
    void call<'GET /users/reset/status'>(url, { token: null }).then((res) => {
      // a malformed link is gone too; when the check itself fails, the form stays and its answer tells
      if (live) setLink(res.ok ? (res.data.valid ? 'works' : 'gone') : res.status === 400 ? 'gone' : 'works');
    });
    return () => {
      live = false;
    };
  }, [token]);
  const { register, handleSubmit, getValues, setError, errors, isSubmitting } = useForm<NewPasswordValues>({
    validate: newPasswordRules.validate,
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = async ({ password }: NewPasswordValues) => {
    setFailure(null);
    const res = await call<'POST /users/reset'>('/users/reset', { body: { token, password }, token: null });
    if (!res.ok) {
      const onFields = serverFieldErrors(res, ['password'], accountCodeFields);
      for (const { field, error } of onFields) setError(field, error);
      // a malformed token is reported as a validation issue on body.token: it is still an invalid link
      const tokenIssue = res.issues?.some((i) => i.path.startsWith('body.token'));
      if (tokenIssue || res.code === 'RESET_TOKEN_INVALID') setLink('gone');
      else if (!onFields.length) setFailure(t.error(res.status === 429 ? 'RATE_LIMITED' : res.code));
      return;
    }
    setDone(true);
  };
  const fieldError = (name: keyof NewPasswordValues) => fieldText(t, name, errors[name], getValues(name));

  if (link === 'checking') return <Spinner label={t('accounts.reset.checking')} testId="reset-checking" />;
  if (link === 'gone')
    return (
      <>
        <CardTitle title={t('accounts.reset.goneTitle')} />
        <div role="alert" data-testid="reset-link-gone" className={`${errorBoxClass} mt-6`}>
          <p>{t('accounts.reset.gone')}</p>
          <p className="mt-2">
            <a href={localizePath('/resetPassword', locale)} className={linkClass} data-testid="reset-request-new">
              {t('accounts.reset.requestNew')}
            </a>
          </p>
        </div>
        <BackToLogin t={t} locale={locale} label="accounts.reset.backToLogin" />
      </>
    );
  return (
    <>
      <CardTitle title={t('accounts.reset.newTitle')} subtitle={t('accounts.reset.newSubtitle')} />
      <FormMessage kind="success" text={done && t('accounts.reset.done')} testId="reset-done" className="mt-6" />
      {!done && (
        <form
          {...rulesFormProps(newPasswordRules, handleSubmit(onSubmit))}
          className="mt-6 space-y-5"
          data-testid="reset-password-form"
        >
          <PasswordFields t={t} inputs={newPasswordInputs} register={register} error={fieldError} hinted="password" />
          <FormMessage kind="error" text={failure} testId="reset-error" />
          <SubmitButton
            busy={isSubmitting}
            label={t('accounts.reset.newSubmit')}
            busyLabel={t('accounts.reset.newSubmitting')}
            testId="reset-new-submit"
          />
        </form>
      )}
      <BackToLogin t={t} locale={locale} label={done ? 'accounts.reset.goToLogin' : 'accounts.reset.backToLogin'} />
    </>
  );
}
