import { useEffect, useState } from 'react';
import { showEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../endpoints.ts';
import {
  LOGIN_REASON_REDEEM,
  pathAfterLogin,
  takeRedeemToken,
  withNext,
} from '../../../platform/browser/auth-redirect.ts';
import { localizePath, type IslandProps } from '../../../platform/i18n/i18n.ts';
import { saveSession } from '../../../platform/browser/session.ts';
import { FormMessage, InputField } from '../../../platform/ui/FormField.tsx';
import StillTrying from '../../../platform/ui/StillTrying.tsx';
import { cardClass, linkClass } from '../../../platform/ui/ui.ts';
import { lazySchema, rulesFormProps, useForm } from '../../../platform/ui/use-form.ts';
import { useT } from '../../../platform/ui/use-t.ts';
import { fieldText } from '../../../platform/browser/form-errors.ts';
import { CardTitle } from './AccountCardParts.tsx';
import SubmitButton from '../../../platform/ui/SubmitButton.tsx';
import PasswordFields, { type PasswordInputRow } from './PasswordFields.tsx';

const call: TypedCall<AccountsApi> = api;

type Props = IslandProps;

type Values = { email: string; password: string };
const passwordInput: PasswordInputRow<'password'>[] = [
  ['password', 'login-password', 'accounts.login.password', 'current-password'],
];
const rules = lazySchema<Values>(() => import('./account-form-schemas.ts').then((m) => m.loginInputSchema));

/** /login: e-mail and password; on success back to `next` (or home) in the page's language. */
export default function LoginForm({ locale, messages }: Props) {
  const t = useT(messages);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // the page is static, so `?next=` and `?reason=` are read after hydration, not at render
  const [query, setQuery] = useState<{ next: string | null; reason: string | null }>({ next: null, reason: null });
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setQuery({ next: params.get('next'), reason: params.get('reason') });
  }, []);
  const { register, handleSubmit, getValues, errors, isSubmitting } = useForm<Values>({
    validate: rules.validate,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: Values) => {
    setFailure(null);
    // a 503 from a full password-hash line checked nothing: sending the login again is safe
    const res = await call<'POST /users/authenticate'>('/users/authenticate', {
      body: values,
      token: null,
      retry: true,
    });
    if (!res.ok) {
      setFailure(t.error(res.status === 429 ? 'RATE_LIMITED' : res.code));
      return;
    }
    setLeaving(true);
    saveSession(res.data.user, res.data.token);
    // badges whose rule the player met before the badge existed are paid at login: the next page shows them
    showEarnedBadges(res.earnedBadges, { park: true });
    window.location.assign(pathAfterLogin(locale, takeRedeemToken(), query.next));
  };

  const fieldError = (name: keyof Values) => fieldText(t, name, errors[name], getValues(name));
  const emailError = fieldError('email');
  const busy = isSubmitting || leaving;

  return (
    <div className={cardClass}>
      <CardTitle title={t('accounts.login.title')} subtitle={t('accounts.login.subtitle')} />
      {query.reason === LOGIN_REASON_REDEEM && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm text-slate-100"
          data-testid="login-reason"
        >
          {t('accounts.login.reasonRedeem')}
        </p>
      )}
      <form
        {...rulesFormProps(rules, handleSubmit(onSubmit))}
        className="mt-6 space-y-5"
        aria-describedby={failure ? 'login-error' : undefined}
        data-testid="login-form"
      >
        <InputField
          id="login-email"
          label={t('accounts.login.email')}
          error={emailError}
          registration={register('email')}
          type="email"
          autoComplete="email"
        />
        <PasswordFields t={t} inputs={passwordInput} register={register} error={fieldError} />
        <div className="flex justify-end text-sm">
          <a href={localizePath('/resetPassword', locale)} className={linkClass} data-testid="link-reset-password">
            {t('accounts.login.forgot')}
          </a>
        </div>
        <FormMessage kind="error" text={failure} testId="login-error" id="login-error" />
        <StillTrying active={busy} text={t('errors.retrying')} testId="login-retrying" />
        <SubmitButton
          busy={busy}
          label={t('accounts.login.submit')}
          busyLabel={t('accounts.login.submitting')}
          testId="login-submit"
        />
      </form>
      <p className="mt-6 text-center text-sm text-slate-400">
        {t('accounts.login.noAccount')}{' '}
        <a href={withNext(localizePath('/signup', locale), query.next)} className={linkClass} data-testid="link-signup">
          {t('accounts.login.signupLink')}
        </a>
      </p>
    </div>
  );
}
