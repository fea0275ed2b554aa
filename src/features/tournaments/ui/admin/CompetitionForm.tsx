import { useEffect } from 'react';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { games } from '../../../games/contract.ts';
import { competitionInputSchema, type Competition } from '../../contract.ts';
import { isoToLocalInput, localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import { SelectField } from '../../../../platform/ui/FormField.tsx';
import { DateTimeField, fieldsOf, TextField, useImageFields } from '../../../../platform/ui/admin/fields.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import { EditorForm } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { useLanguageTab } from '../../../../platform/ui/admin/use-language-tab.ts';
import type { EditorPage } from '../../../../platform/ui/admin/editor-page.ts';
import LanguageTabs, { LanguagePanel } from '../../../../platform/ui/admin/LanguageTabs.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import ImageField from '../../../../platform/ui/admin/ImageField.tsx';

const call: TypedCall<TournamentsApi> = api;

/**
 * `name` and `finalsCity` are the Italian ones; the English ones (empty: the Italian is shown) go in `translations`.
 * The playoffs and finals dates are typed as local wall-clock times, sent as instants.
 */
type Values = {
  name: string;
  thumbnail: string;
  game: string;
  url: string;
  translations: { en: { name: string; finalsCity: string } };
  playoffsAt: string;
  finalsAt: string;
  finalsCity: string;
};
type Body = z.output<typeof competitionInputSchema>;
const fields = ['name', 'thumbnail', 'game', 'url', 'playoffsAt', 'finalsAt', 'finalsCity'] as const;

// the flat name is in the admin's language: the form edits the stored Italian and English
const toValues = (c: Competition | null): Values => ({
  name: c?.translations.it.name ?? '',
  thumbnail: c?.thumbnail ?? '',
  game: c?.game ?? '',
  url: c?.url ?? '',
  translations: { en: { name: c?.translations.en.name ?? '', finalsCity: c?.translations.en.finalsCity ?? '' } },
  playoffsAt: isoToLocalInput(c?.playoffsAt),
  finalsAt: isoToLocalInput(c?.finalsAt),
  finalsCity: c?.translations.it.finalsCity ?? '',
});
const toBody = (v: Values) => ({
  ...v,
  playoffsAt: localInputToIso(v.playoffsAt),
  finalsAt: localInputToIso(v.finalsAt),
});
const validate = schemaValidator<Values>(competitionInputSchema, toBody);

interface Props {
  t: Translator;
  page: EditorPage;
  competition: Competition | null;
  /** the media bucket of the thumbnail upload */
  agencyName: string;
  onSaved: (c: Competition) => void;
}

/** New and edit form of a competition (competitionInputSchema: name, thumbnail, game, url, the playoffs and finals). */
export default function CompetitionForm({ t, page, competition, agencyName, onSaved }: Props) {
  const editing = competition !== null;
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    watch,
    setError,
    clearErrors,
    errors,
    isDirty,
    isSubmitting,
  } = useForm<Values>({ validate, defaultValues: toValues(competition) });
  useUnsavedGuard(isDirty);
  const fieldError = fieldErrorReader(t, errors, getValues);
  const field = fieldsOf({ register, fieldError }, 'competition');
  const lang = useLanguageTab(['name', 'finalsCity'], fieldError);
  const { uploading, image } = useImageFields({ watch, setValue, clearErrors, fieldError }, 'competition', {
    t,
    agencyName,
  });

  useEffect(() => {
    if (competition) reset(toValues(competition), { keepDirtyValues: true });
  }, [competition, reset]);

  const onSubmit = async (body: Body) => {
    const res = editing
      ? await call<'PUT /tournaments/competitions/:id'>(
          `/tournaments/competitions/${encodeURIComponent(competition.id)}`,
          {
            method: 'PUT',
            body,
          },
        )
      : await call<'POST /tournaments/competitions'>('/tournaments/competitions', { body });
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, fields)) setError(field, error, { shouldFocus: true });
      toast.error(t.error(res.code));
      return;
    }
    if (!editing)
      return leaveWithToast(page.listHref, {
        key: 'dashboard.competitions.form.created',
        vars: { name: res.data.name },
      });
    reset(toValues(res.data));
    onSaved(res.data);
    toast.success(t('dashboard.competitions.form.saved'));
  };

  return (
    <EditorForm
      page={page}
      editing={editing}
      submitting={isSubmitting}
      disabled={uploading || (editing && !isDirty)}
      onSubmit={handleSubmit<Body>(onSubmit, lang.onInvalid)}
    >
      <div className="space-y-5 sm:col-span-2">
        <LanguageTabs idPrefix="competition-lang" {...lang.tabs} t={t} />
        <LanguagePanel idPrefix="competition-lang" lang="it" tab={lang.tab}>
          <TextField {...field('name')} label={t('dashboard.competitions.form.name')} maxLength={120} />
          <TextField
            {...field('finalsCity', 'competition-finals-city')}
            label={t('dashboard.competitions.form.finalsCity')}
            maxLength={80}
          />
        </LanguagePanel>
        <LanguagePanel idPrefix="competition-lang" lang="en" tab={lang.tab}>
          <p className="text-sm text-slate-400">{t('dashboard.common.englishFallback')}</p>
          <TextField
            {...field('translations.en.name', 'competition-en-name')}
            label={t('dashboard.competitions.form.name')}
            maxLength={120}
          />
          <TextField
            {...field('translations.en.finalsCity', 'competition-en-finals-city')}
            label={t('dashboard.competitions.form.finalsCity')}
            maxLength={80}
          />
        </LanguagePanel>
      </div>
      <SelectField
        {...field('game')}
        label={t('dashboard.competitions.form.game')}
        options={games.map((g) => [g, t(`dashboard.games.${g}`)])}
        placeholder={t('dashboard.tournaments.form.gamePlaceholder')}
      />
      <div className="sm:col-span-2">
        <ImageField {...image('thumbnail')} label={t('dashboard.competitions.form.thumbnail')} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          {...field('url')}
          label={t('dashboard.competitions.form.url')}
          hint={t('dashboard.competitions.form.urlHint')}
          inputMode="url"
          maxLength={500}
        />
      </div>
      {/* the championship page shows these; empty: the page keeps its built-in text */}
      <DateTimeField
        {...field('playoffsAt', 'competition-playoffs')}
        label={t('dashboard.competitions.form.playoffsAt')}
        hint={t('dashboard.competitions.form.stagesHint')}
      />
      <DateTimeField {...field('finalsAt', 'competition-finals')} label={t('dashboard.competitions.form.finalsAt')} />
    </EditorForm>
  );
}
