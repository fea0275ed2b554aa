import { useEffect, useMemo, type ReactNode } from 'react';
import { schemaValidator, useForm, type FieldErrors } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { scheduleIssues } from '../../schedule-order.ts';
import { consoles, games } from '../../../games/contract.ts';
import {
  formatOf,
  playedFields,
  tournamentFormats,
  tournamentInputSchema,
  type Competition,
  type Tournament,
} from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import FormField, { controlProps, InputField, SelectField } from '../../../../platform/ui/FormField.tsx';
import {
  DateTimeField,
  fieldsOf,
  NumberField,
  TextField,
  useImageFields,
} from '../../../../platform/ui/admin/fields.tsx';
import PasswordInput from '../../../../platform/ui/PasswordInput.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import { localTimeZone } from '../../../../platform/ui/admin/format.ts';
import { checkboxClass, panelClass } from '../../../../platform/ui/admin/ui.ts';
import RichTextField from '../../../../platform/ui/admin/RichTextField.tsx';
import ImageField from '../../../../platform/ui/admin/ImageField.tsx';
import { EditorActions } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { useLanguageTab } from '../../../../platform/ui/admin/use-language-tab.ts';
import LanguageTabs, { LanguagePanel } from '../../../../platform/ui/admin/LanguageTabs.tsx';
import { statusChoiceLabel, statusChoices } from './status.ts';
import { editorHref, listHref, placeFromEditor } from './list-place.ts';
import {
  battleRoyaleTeamSizes,
  BATTLE_ROYALE_MAX_TEAM,
  emptyTournamentValues,
  scheduleFields,
  toFormValues,
  toTournamentBody,
  tournamentFields,
  tournamentNumberRanges,
  type TournamentFormValues,
} from './tournament-form-values.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';

const call: TypedCall<TournamentsApi> = api;

type Body = z.output<typeof tournamentInputSchema>;

/** API codes that are about one field: shown on it (and as a toast). */
const codeFields: Record<string, keyof TournamentFormValues> = {
  COMPETITION_NOT_FOUND: 'competitionId',
  PASSWORD_REQUIRED: 'password',
  MAX_BELOW_MEMBERS: 'maxPartecipants',
};

interface Props {
  t: Translator;
  locale: Locale;
  /** null on the new page */
  tournament: Tournament | null;
  /** the media bucket of the banner and thumbnail uploads */
  agencyName: string;
  /** for the competition select; null while loading or when they could not be read */
  competitions: Competition[] | null;
  onSaved: (tournament: Tournament) => void;
}

/** The HTML texts of a tournament, in each language. */
const richTexts = ['description', 'rules'] as const;

function Section({
  id,
  title,
  disabled,
  children,
}: {
  id: string;
  title: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={panelClass} aria-labelledby={`${id}-legend`} disabled={disabled}>
      <legend id={`${id}-legend`} className="float-left mb-4 w-full text-base font-bold text-white">
        {title}
      </legend>
      <div className="clear-both grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The admin's tournament form (new and edit), every field of tournamentInputSchema. */
export default function TournamentForm({ t, locale, tournament, agencyName, competitions, onSaved }: Props) {
  const editing = tournament !== null;
  const finalised = tournament?.finalized ?? false;
  // a private tournament keeps its password when the field is left empty; one becoming private needs one
  const hasPassword = editing && !tournament.open;
  const validate = useMemo(() => {
    // an edit checks again only the dates it changes, as the server does (schedule-order.ts)
    const stored = tournament ?? undefined;
    return schemaValidator<TournamentFormValues>(tournamentInputSchema, toTournamentBody, (v) => {
      const extra: FieldErrors = {};
      if (!v.open && v.password === '' && !hasPassword) extra.password = { type: 'required', message: '' };
      for (const [field, issue] of Object.entries(scheduleIssues(toTournamentBody(v), stored)))
        extra[field] = { type: 'custom', message: issue };
      // a battle-royale lobby scores solos, duos, trios and squads; other games keep any team size
      if (
        formatOf({ format: v.format || null, game: v.game }) === 'battle_royale' &&
        Number(v.teamSize) > BATTLE_ROYALE_MAX_TEAM
      )
        extra.teamSize = { type: 'too_big', message: '' };
      return extra;
    });
  }, [hasPassword, tournament]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setValue,
    setError,
    clearErrors,
    errors,
    isDirty,
    isSubmitting,
  } = useForm<TournamentFormValues>({
    validate,
    defaultValues: tournament ? toFormValues(tournament) : emptyTournamentValues,
  });
  useUnsavedGuard(isDirty);

  // a change made elsewhere on the page (the quick status control) updates the untouched fields
  useEffect(() => {
    if (tournament) reset(toFormValues(tournament), { keepDirtyValues: true });
  }, [tournament, reset]);

  const battleRoyale = formatOf({ format: watch('format') || null, game: watch('game') }) === 'battle_royale';
  // the range a team size's error names: 1–4 in a battle-royale lobby
  const fieldError = fieldErrorReader(
    t,
    errors,
    getValues,
    battleRoyale ? { ...tournamentNumberRanges, teamSize: [1, BATTLE_ROYALE_MAX_TEAM] } : tournamentNumberRanges,
  );
  const field = fieldsOf({ register, fieldError }, 'tournament');
  const open = watch<boolean>('open');
  const lang = useLanguageTab(['name', 'description', 'rules'], fieldError);
  const teamSize = watch('teamSize');
  const { uploading, image } = useImageFields({ watch, setValue, clearErrors, fieldError }, 'tournament', {
    t,
    agencyName,
  });
  const zone = localTimeZone();
  // registration closes when check-in opens, if that comes first: the later close is said to be moot
  const [endRegistration, startCheckin] = [watch<string>('end_registration'), watch<string>('start_checkin')];
  const closesAtCheckin = endRegistration !== '' && startCheckin !== '' && startCheckin < endRegistration;

  const onSubmit = async (form: Body) => {
    // the played fields of a finalised tournament are locked: its edit sends the rest
    const body = finalised
      ? (Object.fromEntries(
          Object.entries(form).filter(([k]) => !(playedFields as readonly string[]).includes(k)),
        ) as Body)
      : form;
    const res = editing
      ? await call<'PUT /tournaments/:id'>(`/tournaments/${encodeURIComponent(tournament.id)}`, { method: 'PUT', body })
      : await call<'POST /tournaments'>('/tournaments', { body });
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, tournamentFields))
        setError(field, error, { shouldFocus: true });
      const codeField = codeFields[res.code];
      if (codeField) setError(codeField, { type: 'code', message: res.code }, { shouldFocus: true });
      toast.error(t.error(res.code));
      return;
    }
    // a new tournament opens in its editor (players, e-mail and the rest), the list's place kept for the way back
    if (!editing)
      return leaveWithToast(editorHref(locale, placeFromEditor(window.location.search), res.data.id), {
        key: 'dashboard.tournaments.form.created',
        vars: { name: res.data.name },
      });
    reset(toFormValues(res.data));
    onSaved(res.data);
    toast.success(t('dashboard.tournaments.form.saved'));
  };

  const onInvalid = (errs: FieldErrors) => {
    lang.onInvalid(errs);
    if (Object.keys(errs).length) toast.error(t.error('VALIDATION_ERROR'));
  };

  const f = (name: string) => `tournament-${name.replace('.', '-')}`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit<Body>(onSubmit, onInvalid)}
      className="space-y-6"
      data-testid="tournament-form"
      aria-busy={isSubmitting || undefined}
    >
      <fieldset className={`${panelClass} space-y-6`} aria-labelledby="tournament-content-legend">
        <legend id="tournament-content-legend" className="float-left w-full text-base font-bold text-white">
          {t('dashboard.tournaments.form.sections.content')}
        </legend>
        <div className="clear-both space-y-6">
          <LanguageTabs idPrefix="tournament-lang" {...lang.tabs} t={t} />
          <LanguagePanel idPrefix="tournament-lang" lang="it" tab={lang.tab} className="space-y-6">
            <TextField {...field('name')} label={t('dashboard.tournaments.form.name')} maxLength={120} />
            {richTexts.map((name) => (
              <RichTextField
                key={name}
                {...field(name)}
                label={t(`dashboard.tournaments.form.${name}`)}
                value={watch(name)}
                t={t}
              />
            ))}
          </LanguagePanel>
          <LanguagePanel idPrefix="tournament-lang" lang="en" tab={lang.tab} className="space-y-6">
            <p className="text-sm text-slate-400">{t('dashboard.common.englishFallback')}</p>
            <TextField
              {...field('en.name')}
              label={t('dashboard.tournaments.form.name')}
              maxLength={120}
              placeholder={watch('name')}
            />
            {richTexts.map((name) => (
              <RichTextField
                key={name}
                {...field(`en.${name}`)}
                label={t(`dashboard.tournaments.form.${name}`)}
                value={watch(`en.${name}`)}
                t={t}
              />
            ))}
          </LanguagePanel>
        </div>
      </fieldset>

      {finalised && (
        <p
          className="rounded-lg border border-line bg-panel px-4 py-3 text-sm text-slate-300"
          data-testid="tournament-played-locked"
        >
          {t('dashboard.tournaments.form.playedLocked')}
        </p>
      )}
      <Section id="tournament-general" title={t('dashboard.tournaments.form.sections.general')} disabled={finalised}>
        <SelectField
          {...field('game')}
          label={t('dashboard.tournaments.form.game')}
          options={games.map((g) => [g, t(`dashboard.games.${g}`)])}
          placeholder={t('dashboard.tournaments.form.gamePlaceholder')}
        />
        <SelectField
          {...field('competitionId')}
          label={t('dashboard.tournaments.form.competition')}
          hint={t('dashboard.tournaments.form.competitionHint')}
          options={[
            ...(competitions ?? []).map((c) => [c.id, c.name] as const),
            // a competition the list does not hold (another owner's, or one being read) stays the choice
            ...(tournament?.competitionId && !(competitions ?? []).some((c) => c.id === tournament.competitionId)
              ? [[tournament.competitionId, tournament.competitionId] as const]
              : []),
          ]}
          placeholder={t('dashboard.tournaments.form.competitionNone')}
        />
        <fieldset
          className="space-y-2 sm:col-span-2"
          aria-describedby={fieldError('console') ? `${f('console')}-error` : undefined}
        >
          <legend className="text-sm font-medium text-slate-300">{t('dashboard.tournaments.form.consoles')}</legend>
          <div className="flex flex-wrap gap-2" data-testid={f('console')}>
            {consoles.map((c) => (
              <label
                key={c}
                className={
                  'flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-ink/60 px-3 ' +
                  'py-2 text-sm text-slate-200 transition hover:border-accent has-[:checked]:border-brand ' +
                  'has-[:checked]:bg-brand/20 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent'
                }
              >
                <input
                  {...register('console', { option: c })}
                  type="checkbox"
                  className={checkboxClass}
                  data-testid={`${f('console')}-${c}`}
                  aria-invalid={fieldError('console') ? true : undefined}
                />
                {c}
              </label>
            ))}
          </div>
          <p
            id={`${f('console')}-error`}
            data-testid={`${f('console')}-error`}
            aria-live="polite"
            className="text-sm text-rose-400 empty:hidden"
          >
            {fieldError('console')}
          </p>
        </fieldset>
        <NumberField
          {...field('maxPartecipants')}
          label={t('dashboard.tournaments.form.maxPartecipants')}
          min={1}
          max={10000}
        />
        <SelectField
          {...field('format')}
          label={t('dashboard.tournaments.form.format')}
          hint={t('dashboard.tournaments.form.formatHint')}
          options={tournamentFormats.map((x) => [x, t(`dashboard.tournaments.form.formats.${x}`)])}
          placeholder={t('dashboard.tournaments.form.formatAuto')}
        />
        {battleRoyale ? (
          <SelectField
            {...field('teamSize')}
            label={t('dashboard.tournaments.form.teamSize')}
            hint={t('dashboard.tournaments.form.teamSizeBattleRoyaleHint')}
            options={[
              ...battleRoyaleTeamSizes.map(
                ([value, key]) => [value, t(`dashboard.tournaments.form.teamSizes.${key}`)] as const,
              ),
              // a size the lobby does not offer (1, or one saved for another game) stays visible until changed
              ...(battleRoyaleTeamSizes.some(([value]) => value === teamSize) ? [] : [[teamSize, teamSize] as const]),
            ]}
          />
        ) : (
          <NumberField
            {...field('teamSize')}
            label={t('dashboard.tournaments.form.teamSize')}
            hint={t('dashboard.tournaments.form.teamSizeHint')}
            min={1}
            max={100}
            placeholder={t('dashboard.tournaments.form.teamSizePlaceholder')}
          />
        )}
        {Number(teamSize) >= 2 && (
          <NumberField
            {...field('teamCheckinMinimum')}
            label={t('dashboard.tournaments.form.teamCheckinMinimum')}
            hint={t('dashboard.tournaments.form.teamCheckinMinimumHint')}
            min={1}
            max={100}
          />
        )}
      </Section>

      <Section id="tournament-access" title={t('dashboard.tournaments.form.sections.access')}>
        <SelectField
          {...field('status')}
          label={t('dashboard.tournaments.form.status')}
          hint={finalised ? t('dashboard.tournaments.detail.statusFinal') : t('dashboard.tournaments.form.statusHint')}
          // a finalised tournament stays ended: the server refuses any other status, so the form offers none
          options={(finalised ? (['2'] as const) : statusChoices).map((c) => [c, t(statusChoiceLabel(c))])}
        />
        <div className="space-y-3">
          <label className="flex items-start gap-3 pt-7 text-sm text-slate-200">
            <input
              {...register('open')}
              type="checkbox"
              className={`${checkboxClass} mt-0.5`}
              data-testid={f('open')}
              aria-describedby={`${f('open')}-hint`}
            />
            <span>
              <span className="font-medium">{t('dashboard.tournaments.form.open')}</span>
              <span id={`${f('open')}-hint`} className="block text-xs text-slate-400">
                {t('dashboard.tournaments.form.openHint')}
              </span>
            </span>
          </label>
        </div>
        {!open && (
          <div className="sm:col-span-2">
            <FormField
              id={f('password')}
              label={t('dashboard.tournaments.form.password')}
              error={fieldError('password')}
              hint={
                hasPassword
                  ? t('dashboard.tournaments.form.passwordKeepHint')
                  : t('dashboard.tournaments.form.passwordNewHint')
              }
            >
              <PasswordInput
                {...register('password')}
                {...controlProps(f('password'), fieldError('password'), true)}
                autoComplete="new-password"
                maxLength={128}
                placeholder={hasPassword ? t('dashboard.tournaments.form.passwordKeepPlaceholder') : undefined}
                showLabel={t('dashboard.tournaments.form.passwordShow')}
                hideLabel={t('dashboard.tournaments.form.passwordHide')}
              />
            </FormField>
          </div>
        )}
      </Section>

      <Section id="tournament-schedule" title={t('dashboard.tournaments.form.sections.schedule')}>
        <p
          className="text-sm text-slate-400 sm:col-span-2"
          id="tournament-schedule-hint"
          data-testid="tournament-schedule-zone"
        >
          {t('dashboard.tournaments.form.scheduleHint', { zone })}
        </p>
        {/* the dates and check-in windows are played fields; the date texts and the link stay editable */}
        <fieldset className="contents" disabled={finalised}>
          {scheduleFields.map((name) => (
            <DateTimeField
              key={name}
              {...field(name)}
              label={t(`dashboard.tournaments.form.schedule.${name}`)}
              hint={
                name === 'end_registration' && closesAtCheckin
                  ? t('dashboard.tournaments.form.closesAtCheckin')
                  : undefined
              }
            />
          ))}
          {(['check_in', 'check_in_end'] as const).map((name) => (
            <NumberField
              key={name}
              {...field(name)}
              label={t(`dashboard.tournaments.form.${name}`)}
              hint={t('dashboard.tournaments.form.minutesHint')}
              min={0}
              max={1440}
            />
          ))}
        </fieldset>
        {(['it', 'en'] as const).map((language) => (
          <TextField
            key={language}
            {...field(`dateText.${language}`)}
            label={t(
              language === 'it' ? 'dashboard.tournaments.form.dateTextIt' : 'dashboard.tournaments.form.dateTextEn',
            )}
            hint={t('dashboard.tournaments.form.dateTextHint')}
            lang={language}
            maxLength={120}
          />
        ))}
        <InputField
          {...field('externalUrl')}
          label={t('dashboard.tournaments.form.externalUrl')}
          hint={t('dashboard.tournaments.form.externalUrlHint')}
          type="url"
          inputMode="url"
          maxLength={500}
          placeholder="https://"
        />
      </Section>

      <Section id="tournament-images" title={t('dashboard.tournaments.form.sections.images')}>
        {(['banner', 'thumbnail'] as const).map((name) => (
          <ImageField
            key={name}
            {...image(name)}
            label={t(`dashboard.tournaments.form.${name}`)}
            shape={name === 'banner' ? 'wide' : 'square'}
          />
        ))}
      </Section>

      <EditorActions
        t={t}
        name="tournament"
        ns="dashboard.tournaments.form"
        cancelHref={listHref(locale, window.location.search)}
        editing={editing}
        submitting={isSubmitting}
        disabled={uploading || (editing && !isDirty)}
        sticky
      />
    </form>
  );
}
