import { useEffect, useState } from 'react';
import type { SignupInput } from '../contract.ts';
import { genders } from '../user-options.ts';
import { showEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import { createAccount, logIn } from './signup-call.ts';
import { serverFieldErrors, fieldText } from '../../../platform/browser/form-errors.ts';
import { accountCodeFields } from './code-fields.ts';
import { localizePath, type IslandProps } from '../../../platform/i18n/i18n.ts';
import { pathAfterLogin, takeRedeemToken, withNext } from '../../../platform/browser/auth-redirect.ts';
import { saveSession } from '../../../platform/browser/session.ts';
import BirthDateInput from './BirthDateInput.tsx';
import FormField, { InputField, SelectField, FormMessage } from '../../../platform/ui/FormField.tsx';
import StillTrying from '../../../platform/ui/StillTrying.tsx';
import { PasswordField } from '../../../platform/ui/PasswordInput.tsx';
import { cardClass, linkClass, primaryButtonClass } from '../../../platform/ui/ui.ts';
import { useHydrated } from '../../../platform/ui/use-hydrated.ts';
import { lazySchema, rulesFormProps, useForm } from '../../../platform/ui/use-form.ts';
import { useT } from '../../../platform/ui/use-t.ts';

interface Props extends IslandProps {
  /** the brand/owner id of the deployment (src/platform/brand.ts, read by the page at build time) */
  brand: string;
}

const fields = ['username', 'email', 'password', 'birth_date', 'nickname', 'gender'] as const;
/** The contract's sign-up fields the visitor fills, as the schema types them once checked. */
type Valid = Pick<SignupInput, (typeof fields)[number]>;
/** What the form holds: no gender is chosen at first. */
type Values = Omit<Valid, 'gender'> & { gender: Valid['gender'] | '' };
/** Signups default to Italy. */
const DEFAULT_COUNTRY = 'Italy';
// the shared schema also checks the fields the browser adds (language, country) and fills defaults
const rules = lazySchema<Values>(() => import('./account-form-schemas.ts').then((m) => m.signupInputSchema));

/**
 * /signup. The account takes the page's language. On success: log in, then back to `next` (the page that
 * sent the visitor to log in) or home, in the page's language.
 */
export default function SignupForm({ locale, messages, brand }: Props) {
  const t = useT(messages);
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // the page is static, so `?next=` is read after hydration, not at render
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => setNext(new URLSearchParams(window.location.search).get('next')), []);
  const { register, values, setValue, handleSubmit, getValues, setError, errors, isSubmitting } = useForm<Values>({
    validate: rules.validate,
    defaultValues: { username: '', email: '', password: '', birth_date: undefined, nickname: '', gender: '' },
  });

  const onSubmit = async (values: Valid) => {
    setFailure(null);
    const body = { ...values, language: locale, country: DEFAULT_COUNTRY, brand };
    const { created, session: proven } = await createAccount(body);
    if (!created.ok) {
      const onFields = serverFieldErrors(created, fields, accountCodeFields);
      for (const { field, error } of onFields) setError(field, error, { shouldFocus: true });
      if (!onFields.length) setFailure(t.error(created.code));
      return;
    }
    setDone(true);
    const session = proven ?? (await logIn(values));
    if (!session.ok) {
      // the account exists; the visitor can log in by hand
      window.location.assign(withNext(localizePath('/login', locale), next));
      return;
    }
    saveSession(session.data.user, session.data.token);
    // the server awarded the signup's badges: the home page shows them
    showEarnedBadges([...(created.earnedBadges ?? []), ...(session.earnedBadges ?? [])], { park: true });
    window.location.assign(pathAfterLogin(locale, takeRedeemToken(), next));
  };

  const fieldError = (name: (typeof fields)[number]) => fieldText(t, name, errors[name], getValues(name));
  const e = Object.fromEntries(fields.map((f) => [f, fieldError(f)])) as Record<
    (typeof fields)[number],
    string | undefined
  >;
  const busy = isSubmitting || done;

  return (
    <div className={cardClass}>
      {/* the heading and the submit button are written out, not taken from AccountCardParts and SubmitButton
          as on the other account pages: their chunks would take this page past its JavaScript budget */}
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('accounts.signup.title')}</h1>
      <p className="mt-2 text-sm text-slate-400">{t('accounts.signup.subtitle')}</p>
      <form
        {...rulesFormProps(rules, handleSubmit<Valid>(onSubmit))}
        className="mt-6 space-y-5"
        data-testid="signup-form"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {(['username', 'nickname'] as const).map((name) => (
            <InputField
              key={name}
              id={`signup-${name}`}
              label={t(`accounts.signup.${name}`)}
              error={e[name]}
              registration={register(name)}
              autoComplete={name}
            />
          ))}
        </div>
        <InputField
          id="signup-email"
          label={t('accounts.signup.email')}
          error={e.email}
          registration={register('email')}
          type="email"
          autoComplete="email"
        />
        <PasswordField
          id="signup-password"
          label={t('accounts.signup.password')}
          error={e.password}
          hint={t('accounts.signup.passwordHint')}
          registration={register('password')}
          autoComplete="new-password"
          showLabel={t('accounts.password.show')}
          hideLabel={t('accounts.password.hide')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="signup-birth-date" label={t('accounts.signup.birthDate')} error={e.birth_date}>
            <BirthDateInput
              id="signup-birth-date"
              locale={locale}
              value={values.birth_date}
              onChange={(day) => setValue('birth_date', day)}
              error={e.birth_date}
              labels={{
                placeholder: t('accounts.signup.birthDatePlaceholder'),
                open: t('accounts.signup.openCalendar'),
                calendar: t('accounts.signup.calendar'),
              }}
            />
          </FormField>
          <SelectField
            id="signup-gender"
            label={t('accounts.signup.gender')}
            error={e.gender}
            registration={register('gender')}
            options={genders.map((g) => [g, t(`accounts.settings.gender.${g}`)])}
            placeholder={t('accounts.signup.genderPlaceholder')}
          />
        </div>
        <StillTrying active={isSubmitting} text={t('errors.retrying')} testId="signup-retrying" />
        <FormMessage kind="error" text={failure} testId="signup-error" />
        <FormMessage kind="success" text={done && t('accounts.signup.success')} testId="signup-success" />
        <button
          type="submit"
          disabled={!hydrated || busy}
          className={`${primaryButtonClass} w-full`}
          data-testid="signup-submit"
        >
          {busy ? t('accounts.signup.submitting') : t('accounts.signup.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-400" data-testid="signup-legal">
        {t('accounts.signup.legalLead')}{' '}
        <a href={localizePath('/terms', locale)} className={linkClass}>
          {t('accounts.signup.terms')}
        </a>{' '}
        {t('accounts.signup.legalMiddle')}{' '}
        <a href={localizePath('/privacy-policy', locale)} className={linkClass}>
          {t('accounts.signup.privacy')}
        </a>
        .
      </p>
      <p className="mt-6 text-center text-sm text-slate-400">
        {t('accounts.signup.haveAccount')}{' '}
        <a href={withNext(localizePath('/login', locale), next)} className={linkClass} data-testid="link-login">
          {t('accounts.signup.loginLink')}
        </a>
      </p>
    </div>
  );
}
