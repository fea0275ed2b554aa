import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { consoles, games } from '../../games/contract.ts';
import { genders, languages } from '../user-options.ts';
import type { User } from '../contract.ts';
import { showEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import type { z } from 'zod';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { settingsSchema } from './account-form-schemas.ts';
import type { AccountsApi } from '../endpoints.ts';
import { serverFieldErrors, fieldText } from '../../../platform/browser/form-errors.ts';
import { localizePath, type Locale, type IslandProps } from '../../../platform/i18n/i18n.ts';
import {
  $sessionLoading,
  $token,
  $user,
  clearSession,
  loadSession,
  updateStoredUser,
} from '../../../platform/browser/session.ts';
import FormField, { controlProps, InputField, SelectField, FormMessage } from '../../../platform/ui/FormField.tsx';
import Spinner from '../../../platform/ui/Spinner.tsx';
import {
  cardClass,
  errorBoxClass,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  selectClass,
} from '../../../platform/ui/ui.ts';
import DeferredToaster from '../../../platform/ui/DeferredToaster.tsx';
import { notify } from '../../../platform/ui/notify.ts';
import { useAtom } from '../../../platform/ui/use-atom.ts';
import { useHydrated } from '../../../platform/ui/use-hydrated.ts';
import { lazySchema, rulesFormProps, useForm, type FieldErrors, type Path } from '../../../platform/ui/use-form.ts';
import { useT, type Translator } from '../../../platform/ui/use-t.ts';
import { birthDateText } from './birth-date-text.ts';

const call: TypedCall<AccountsApi> = api;

/** A tab's content, loaded when the tab is first opened. */
type TabPanel = ComponentType<{ t: Translator; locale: Locale }>;
/**
 * `notifications`: the reminders' e-mail choices, which the page joins in (accounts do not import the reminders' UI).
 */
type Props = IslandProps & { notifications: TabPanel };

/** The account tab's fields as the contract's settings schema checks them. */
type Valid = z.output<typeof settingsSchema>;
/**
 * What the form holds: a gender may be unset, the current password is asked only for an e-mail change,
 * the birth date is typed (empty when there is none).
 */
type Values = Omit<Valid, 'gender' | 'currentPassword' | 'birth_date'> & {
  gender: Valid['gender'] | '';
  currentPassword: string;
  birth_date: string;
};
/** The editable part of the account (the account tab of /settings), validated by the shared schema. */
const rules = lazySchema<Values>(() => import('./account-form-schemas.ts').then((m) => m.settingsSchema));
// the profile's own codes, written here rather than taken from code-fields.ts: that shared module would be
// one more file for /settings to load before anyone types, and the page has no bytes to spare
const profileCodeFields = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  USERNAME_MIXED_SCRIPT: 'username',
  CURRENT_PASSWORD_WRONG: 'currentPassword',
};

const accountFields = [
  'username',
  'email',
  'nickname',
  'gender',
  'birth_date',
  'discordId',
  'epicId',
  'language',
  'currentPassword',
] as const;
// fetched when its tab is first opened: password change and "log out everywhere"
const SecurityPanel = lazy(() => import('./SecurityPanel.tsx'));
const MAX_GAME_ACCOUNTS = 20;
/** set on the page we move to after a language change, so it can say "saved" */
const SAVED_PARAM = 'saved';

const toValues = (u: User): Values => ({
  username: u.username ?? '',
  email: u.email ?? '',
  nickname: u.nickname ?? '',
  // the stored gender is one of the contract's (or none yet)
  gender: (u.gender ?? '') as Values['gender'],
  birth_date: birthDateText(u.birth_date ?? ''),
  discordId: u.discordId ?? '',
  epicId: u.epicId ?? '',
  language: u.language === 'en' ? 'en' : 'it',
  // an account read before the setting existed is public, as the column's default
  publicProfile: u.publicProfile !== false,
  gameAccounts: (u.gameAccounts ?? []).map((a) => ({
    username: a.username,
    id: a.id ?? '',
    game: a.game,
    console: a.console,
  })),
  currentPassword: '',
});
/** The account tab's fields typed into a plain input. */
type TextName = 'username' | 'email' | 'nickname' | 'currentPassword' | 'birth_date' | 'discordId' | 'epicId';
type TextInput = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'placeholder'>;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** /settings: needs the stored session; without it, an invalid-credentials message and a login link. */
export default function SettingsForm(props: Props) {
  const { locale, messages } = props;
  const t = useT(messages);
  // the server-rendered HTML shows the spinner; so must the first client render (hydration),
  // even when the header has already read the session
  const hydrated = useHydrated();
  const loading = useAtom($sessionLoading) || !hydrated;
  const user = useAtom($user);
  const token = useAtom($token);

  useEffect(() => {
    if ($sessionLoading.get()) loadSession();
  }, []);

  return (
    <div className={cardClass}>
      <DeferredToaster />
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('accounts.settings.title')}</h1>
      <p className="mt-2 text-sm text-slate-400">{t('accounts.settings.subtitle')}</p>
      {loading ? (
        <Spinner label={t('accounts.settings.loading')} testId="settings-loading" />
      ) : !user || !token ? (
        <div role="alert" data-testid="settings-invalid-credentials" className={`${errorBoxClass} mt-6`}>
          <p>{t('accounts.settings.invalidCredentials')}</p>
          <p className="mt-2">
            <a href={localizePath('/login', locale)} className={linkClass} data-testid="link-login">
              {t('accounts.settings.loginLink')}
            </a>
          </p>
        </div>
      ) : (
        <SettingsEditor {...props} key={user.id} t={t} user={user} />
      )}
    </div>
  );
}

type Tab = 'account' | 'games' | 'security' | 'notifications';
const tabs: Tab[] = ['account', 'games', 'security', 'notifications'];

/** A tab's panel, labelled by its tab and hidden while another tab is open. */
function TabPane({ name, tab, children }: { name: Tab; tab: Tab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`settings-panel-${name}`}
      aria-labelledby={`settings-tab-${name}`}
      hidden={tab !== name}
      tabIndex={0}
      className="pt-6 outline-none"
    >
      {children}
    </div>
  );
}

// the island's props are passed on whole: the fewer bytes, the better under this page's budget
function SettingsEditor({ t, locale, user, notifications }: Props & { t: Translator; user: User }) {
  const panels = { security: SecurityPanel, notifications };
  const [tab, setTab] = useState<Tab>('account');
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const {
    register,
    values,
    setValue,
    clearErrors,
    handleSubmit,
    reset,
    getValues,
    setError,
    errors,
    isDirty,
    isSubmitting,
  } = useForm<Values>({
    validate: rules.validate,
    defaultValues: toValues(user),
  });
  const accounts = values.gameAccounts;
  // stable React keys for the game account rows, so removing one does not remount the others
  const rowKeys = useRef({ next: 0, keys: [] as number[] }).current;
  while (rowKeys.keys.length < accounts.length) rowKeys.keys.push(rowKeys.next++);
  rowKeys.keys.length = accounts.length;
  const append = (row: Values['gameAccounts'][number]) => setValue('gameAccounts', [...accounts, row]);
  const remove = (i: number) => {
    rowKeys.keys.splice(i, 1);
    // the errors of the rows after it would point at the wrong row: they come back on the next save
    clearErrors('gameAccounts');
    setValue(
      'gameAccounts',
      accounts.filter((_, j) => j !== i),
    );
  };

  // the stored user may be stale: read the account from the server, keeping anything already edited
  useEffect(() => {
    let live = true;
    call<'GET /users/me'>('/users/me').then((res) => {
      if (!live) return;
      if (res.ok) {
        updateStoredUser(res.data);
        reset(toValues(res.data), { keepDirtyValues: true });
      } else if (res.status === 401) {
        clearSession(); // the token is no longer valid: the page shows the invalid-credentials message
      }
    });
    const url = new URL(location.href);
    if (url.searchParams.has(SAVED_PARAM)) {
      setSaved(true);
      url.searchParams.delete(SAVED_PARAM);
      history.replaceState(history.state, '', url.href);
    }
    return () => {
      live = false;
    };
  }, [reset]);

  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const onSubmit = async ({ currentPassword, ...values }: Valid) => {
    setFailure(null);
    setSaved(false);
    const emailChanges = !sameEmail(values.email, user.email);
    if (emailChanges && !currentPassword) {
      setTab('account');
      setError('currentPassword', { type: 'required' });
      return;
    }
    const previousLanguage = user.language;
    const body = emailChanges ? { ...values, currentPassword } : values;
    const res = await call<'PUT /users/pp/:id'>(`/users/pp/${encodeURIComponent(user.id)}`, { method: 'PUT', body });
    if (!res.ok) {
      const onFields = serverFieldErrors(res, [...accountFields, 'gameAccounts'], profileCodeFields);
      for (const { field, error } of onFields) setError(field, error);
      if (onFields.length)
        setTab(
          onFields.some((f) => f.field.startsWith('gameAccounts')) &&
            !onFields.some((f) => !f.field.startsWith('gameAccounts'))
            ? 'games'
            : 'account',
        );
      else setFailure(t.error(res.code));
      return;
    }
    const fresh = res.data.data;
    updateStoredUser(fresh);
    // a profile now complete earns its badge: shown here, or on the page in the new language
    showEarnedBadges(res.earnedBadges, { park: fresh.language !== previousLanguage && fresh.language !== locale });
    reset(toValues(fresh));
    // the address changes only when the link mailed to it is followed
    setPendingEmail(res.data.pendingEmail ?? null);
    if (fresh.language !== previousLanguage && fresh.language !== locale) {
      // the interface follows the account's language: the same page, in the new one
      location.assign(localizePath(`/settings?${SAVED_PARAM}=1`, fresh.language));
      return;
    }
    setSaved(true);
    void notify(t('accounts.settings.saved'));
  };

  const onInvalid = (errs: FieldErrors) => {
    const accountError = accountFields.some((f) => errs[f]);
    setTab(accountError ? 'account' : 'games');
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(tab);
    const n = tabs.length;
    const next = (
      { ArrowRight: tabs[(i + 1) % n], ArrowLeft: tabs[(i + n - 1) % n], Home: tabs[0], End: tabs[n - 1] } as Record<
        string,
        Tab | undefined
      >
    )[e.key];
    if (!next) return;
    e.preventDefault();
    setTab(next);
    // the tab buttons are found by their ids: no ref per tab (this page's JavaScript budget is tight)
    document.getElementById(`settings-tab-${next}`)?.focus();
  };

  const fieldError = (name: Path<Values>) => fieldText(t, name, errors[name], getValues(name));
  const emailChanging = !sameEmail(values.email, user.email);
  // a text input of the account tab: its name, id and label, the input's own attributes, a hint if any
  const textField = (name: TextName, id: string, label: string, input: TextInput, hint?: string) => (
    <InputField
      key={name}
      id={id}
      label={label}
      error={fieldError(name)}
      hint={hint}
      registration={register(name)}
      {...input}
    />
  );

  return (
    <div className="mt-6">
      <div
        role="tablist"
        aria-label={t('accounts.settings.tabsLabel')}
        className="grid grid-cols-2 border-b border-line sm:flex sm:gap-1"
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`settings-tab-${name}`}
            data-testid={`settings-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`settings-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
            className={
              '-mb-px rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold outline-none transition ' +
              `focus-visible:ring-2 focus-visible:ring-accent ${
                tab === name ? 'border-accent text-white' : 'border-transparent text-slate-400 hover:text-slate-200'
              }`
            }
          >
            {t(`accounts.settings.tabs.${name}`)}
          </button>
        ))}
      </div>

      {(Object.entries(panels) as [keyof typeof panels, TabPanel][]).map(([name, Panel]) => (
        <TabPane key={name} name={name} tab={tab}>
          {tab === name && (
            <Suspense fallback={<Spinner label={t('accounts.settings.loading')} testId="panel-loading" />}>
              <Panel t={t} locale={locale} />
            </Suspense>
          )}
        </TabPane>
      ))}

      <form
        {...rulesFormProps(rules, handleSubmit<Valid>(onSubmit, onInvalid))}
        hidden={tab in panels}
        data-testid="settings-form"
      >
        <TabPane name="account" tab={tab}>
          <div className="grid gap-5 sm:grid-cols-2">
            {(['username', 'email', 'nickname'] as const).map((name) =>
              textField(name, `settings-${name}`, t(`accounts.settings.fields.${name}`), {
                type: name === 'email' ? 'email' : 'text',
                autoComplete: name === 'email' ? 'email' : name === 'username' ? 'username' : 'nickname',
              }),
            )}
            {/* a plain input: the show/hide toggle would cost this page's JavaScript budget */}
            {emailChanging &&
              textField(
                'currentPassword',
                'settings-current-password',
                t('accounts.settings.currentPassword'),
                { type: 'password', autoComplete: 'current-password' },
                t('accounts.settings.currentPasswordHint'),
              )}
            <SelectField
              id="settings-gender"
              label={t('accounts.settings.fields.gender')}
              error={fieldError('gender')}
              registration={register('gender')}
              options={genders.map((g) => [g, t(`accounts.settings.gender.${g}`)])}
              placeholder={t('accounts.settings.genderPlaceholder')}
            />
            {/* a plain input (dd/mm/yyyy or yyyy-mm-dd, as at signup): a calendar would cost this page's budget */}
            {textField(
              'birth_date',
              'settings-birth-date',
              t('accounts.signup.birthDate'),
              { inputMode: 'numeric', autoComplete: 'bday', placeholder: t('accounts.signup.birthDatePlaceholder') },
              t('accounts.settings.birthDateHint'),
            )}
            {(
              [
                ['discordId', 'settings-discord-id'],
                ['epicId', 'settings-epic-id'],
              ] as const
            ).map(([name, id]) => textField(name, id, t(`accounts.settings.fields.${name}`), { autoComplete: 'off' }))}
            <FormField
              id="settings-language"
              label={t('accounts.settings.fields.language')}
              error={fieldError('language')}
            >
              <select
                {...register('language')}
                {...controlProps('settings-language', fieldError('language'))}
                className={selectClass}
              >
                {languages.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {t(`accounts.settings.languages.${l}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <label className="flex items-center gap-3 text-sm text-slate-200">
              <input {...register('publicProfile')} type="checkbox" className="size-4 accent-brand" />
              {t('accounts.settings.fields.publicProfile')}
            </label>
          </div>
        </TabPane>

        <TabPane name="games" tab={tab}>
          <p className="text-sm text-slate-400">{t('accounts.settings.games.intro')}</p>
          {accounts.length === 0 && (
            <p
              className="mt-4 rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-slate-400"
              data-testid="game-accounts-empty"
            >
              {t('accounts.settings.games.empty')}
            </p>
          )}
          <ul className="mt-4 space-y-4" data-testid="game-accounts">
            {accounts.map((_, i) => {
              const base = `game-account-${i}`;
              const err = (f: keyof Values['gameAccounts'][number]) => fieldError(`gameAccounts.${i}.${f}`);
              return (
                <li key={rowKeys.keys[i]} data-testid="game-account-row">
                  <fieldset className="rounded-xl border border-line bg-ink/40 p-4">
                    <legend className="px-1 text-sm font-semibold text-slate-300">
                      {t('accounts.settings.games.row', { n: i + 1 })}
                    </legend>
                    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
                      {(['username', 'id'] as const).map((f) => (
                        <InputField
                          key={f}
                          id={`${base}-${f}`}
                          label={t(`accounts.settings.games.${f}`)}
                          error={err(f)}
                          registration={register(`gameAccounts.${i}.${f}`)}
                          autoComplete="off"
                        />
                      ))}
                      <SelectField
                        id={`${base}-game`}
                        label={t('accounts.settings.games.game')}
                        error={err('game')}
                        registration={register(`gameAccounts.${i}.game`)}
                        options={games.map((g) => [g, t(`accounts.settings.gameNames.${g}`)])}
                      />
                      <SelectField
                        id={`${base}-console`}
                        label={t('accounts.settings.games.console')}
                        error={err('console')}
                        registration={register(`gameAccounts.${i}.console`)}
                        options={consoles.map((c) => [c, t(`accounts.settings.consoleNames.${c}`)])}
                      />
                      <button
                        type="button"
                        onClick={() => remove(i)}
                        aria-label={t('accounts.settings.games.removeLabel', { n: i + 1 })}
                        data-testid={`${base}-remove`}
                        className={`${secondaryButtonClass} hover:border-rose-500 hover:text-rose-300`}
                      >
                        {t('accounts.settings.games.remove')}
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={() => append({ username: '', id: '', game: games[0], console: consoles[0] })}
            disabled={accounts.length >= MAX_GAME_ACCOUNTS}
            data-testid="game-account-add"
            className={`${secondaryButtonClass} mt-4`}
          >
            <span aria-hidden="true">+</span> {t('accounts.settings.games.add')}
          </button>
        </TabPane>

        <div
          className={
            'mt-8 flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between'
          }
        >
          <div className="min-h-6 flex-1">
            <FormMessage kind="success" text={saved && t('accounts.settings.saved')} testId="settings-saved" />
            <FormMessage
              kind="success"
              text={pendingEmail && t('accounts.settings.emailPending', { email: pendingEmail })}
              testId="settings-email-pending"
              className="mt-2"
            />
            <FormMessage kind="error" text={failure} testId="settings-error" />
          </div>
          <button
            type="submit"
            disabled={!isDirty || isSubmitting}
            className={primaryButtonClass}
            data-testid="settings-save"
          >
            {isSubmitting ? t('accounts.settings.saving') : t('accounts.settings.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
