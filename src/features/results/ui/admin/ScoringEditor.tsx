import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { presetTables, scoringTableSchema, type ScoringTable } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import { InputField, SelectField } from '../../../../platform/ui/FormField.tsx';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm, type FieldErrors } from '../../../../platform/ui/use-form.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { checkboxClass, panelClass, panelTitleClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import {
  isPreset,
  presetChoices,
  scoringRanges,
  toScoringBody,
  toScoringValues,
  type ScoringFormValues,
} from './scoring-form-values.ts';

const call: TypedCall<ResultsApi> = api;

const fields = [
  'preset',
  'placementPoints',
  'pointsPerElimination',
  'eliminationBrackets',
  'countedMatches',
  'lobbySize',
  'tiebreakers',
] as const;
const validate = schemaValidator<ScoringFormValues>(scoringTableSchema, toScoringBody);
const rangeInput = `${inputClass} py-1.5 text-right font-mono`;

interface Props {
  t: Translator;
  tournamentId: string;
  scoring: ScoringTable;
  /** once finalised nothing changes */
  locked: boolean;
  onSaved: (table: ScoringTable) => void;
}

/** The scoring table of a battle-royale tournament: a preset, or placement ranges, elimination points, counted matches and tiebreakers edited by hand. */
export default function ScoringEditor({ t, tournamentId, scoring, locked, onSaved }: Props) {
  const { register, handleSubmit, reset, watch, getValues, setValue, setError, errors, isDirty, isSubmitting, values } =
    useForm<ScoringFormValues>({ validate, defaultValues: toScoringValues(scoring) });
  useUnsavedGuard(isDirty);
  // the panel reads the table again after every match: only a different table replaces the form (and its unsaved edits)
  const stored = JSON.stringify(scoring);
  useEffect(() => reset(toScoringValues(JSON.parse(stored) as ScoringTable)), [stored, reset]);
  const fieldError = fieldErrorReader(t, errors, getValues, scoringRanges(values));
  const changedFromPreset = useMemo(
    () => values.preset !== 'custom' && !isPreset(toScoringBody(values)) && isDirty,
    [values, isDirty],
  );

  const pickPreset = (preset: string) => {
    if (preset === 'custom') return setValue('preset', 'custom');
    // a preset replaces the whole table
    const next = toScoringValues(presetTables[preset as keyof typeof presetTables]);
    for (const key of Object.keys(next) as (keyof ScoringFormValues)[]) setValue(key, next[key]);
  };

  const onSubmit = async (body: ScoringTable) => {
    const res = await call<'PUT /tournaments/:id/scoring'>(`/tournaments/${encodeURIComponent(tournamentId)}/scoring`, {
      method: 'PUT',
      body,
    });
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, fields)) setError(field, error, { shouldFocus: true });
      toast.error(t.error(res.code));
      return;
    }
    reset(toScoringValues(res.data));
    onSaved(res.data);
    toast.success(t('resultsAdmin.scoring.saved'));
  };
  const onInvalid = (errs: FieldErrors) => {
    if (Object.keys(errs).length) toast.error(t.error('VALIDATION_ERROR'));
  };

  const ranges = (list: 'placementPoints' | 'eliminationBrackets') => {
    const rows = watch<ScoringFormValues[typeof list]>(list);
    const groupError = fieldError(list);
    return (
      <fieldset
        className="space-y-2"
        aria-describedby={groupError ? `scoring-${list}-error` : undefined}
        data-testid={`scoring-${list}`}
      >
        <legend className="text-sm font-semibold text-slate-200">
          {t(
            list === 'placementPoints' ? 'resultsAdmin.scoring.placements' : 'resultsAdmin.scoring.eliminationBrackets',
          )}
        </legend>
        {list === 'eliminationBrackets' && (
          <p className="text-xs text-slate-400">{t('resultsAdmin.scoring.toOpenHint')}</p>
        )}
        {rows.map((_, i) => (
          <div
            key={i}
            className="grid grid-cols-[1fr_1fr_1fr_auto] items-start gap-2"
            data-testid={`scoring-${list}-${i}`}
          >
            {(['from', 'to', 'points'] as const).map((part) => {
              const path = `${list}.${i}.${part}` as const;
              const id = `scoring-${list}-${i}-${part}`;
              const label = t(`resultsAdmin.scoring.${part}`);
              return (
                <InputField
                  key={part}
                  id={id}
                  label={label}
                  error={fieldError(path)}
                  registration={register(path)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  disabled={locked}
                  className={rangeInput}
                />
              );
            })}
            <button
              type="button"
              className={`${smallButtonClass} mt-7`}
              disabled={locked}
              onClick={() =>
                setValue(
                  list,
                  rows.filter((__, j) => j !== i),
                )
              }
              aria-label={t('resultsAdmin.scoring.removeRow', { n: i + 1 })}
              data-testid={`scoring-${list}-${i}-remove`}
            >
              {t('resultsAdmin.scoring.remove')}
            </button>
          </div>
        ))}
        <p
          id={`scoring-${list}-error`}
          aria-live="polite"
          className="text-sm text-rose-400 empty:hidden"
          data-testid={`scoring-${list}-error`}
        >
          {groupError}
        </p>
        <button
          type="button"
          className={smallButtonClass}
          disabled={locked}
          onClick={() => {
            const last = rows[rows.length - 1];
            const from =
              last && last.to.trim() !== '' ? String(Number(last.to) + 1) : list === 'placementPoints' ? '1' : '0';
            setValue(list, [...rows, { from, to: list === 'placementPoints' ? from : '', points: '1' }]);
          }}
          data-testid={`scoring-${list}-add`}
        >
          {t(list === 'placementPoints' ? 'resultsAdmin.scoring.addPlacement' : 'resultsAdmin.scoring.addBracket')}
        </button>
      </fieldset>
    );
  };

  const order = watch<ScoringFormValues['tiebreakers']>('tiebreakers');
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setValue('tiebreakers', next);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit<ScoringTable>(onSubmit, onInvalid)}
      className={`${panelClass} space-y-6`}
      aria-labelledby="scoring-title"
      data-testid="scoring-form"
      aria-busy={isSubmitting || undefined}
    >
      <div>
        <h2 id="scoring-title" className={panelTitleClass}>
          {t('resultsAdmin.scoring.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{t('resultsAdmin.scoring.intro')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="scoring-preset"
          label={t('resultsAdmin.scoring.preset')}
          error={fieldError('preset')}
          hint={changedFromPreset ? t('resultsAdmin.scoring.modified') : undefined}
          registration={{ ...register('preset'), onChange: (e) => pickPreset(e.target.value) }}
          options={presetChoices.map((p) => [p, t(`resultsAdmin.scoring.presets.${p}`)])}
          disabled={locked}
        />
        <InputField
          id="scoring-lobbySize"
          label={t('resultsAdmin.scoring.lobbySize')}
          error={fieldError('lobbySize')}
          registration={register('lobbySize')}
          type="number"
          inputMode="numeric"
          min={2}
          max={200}
          step={1}
          disabled={locked}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {ranges('placementPoints')}
        <div className="space-y-4">
          <InputField
            id="scoring-pointsPerElimination"
            label={t('resultsAdmin.scoring.pointsPerElimination')}
            error={fieldError('pointsPerElimination')}
            registration={register('pointsPerElimination')}
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            step={1}
            disabled={locked}
          />
          {ranges('eliminationBrackets')}
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="scoring-counted"
          label={t('resultsAdmin.scoring.counted')}
          registration={register('counted')}
          options={[
            ['all', t('resultsAdmin.scoring.countedAll')],
            ['best', t('resultsAdmin.scoring.countedBest')],
          ]}
          disabled={locked}
        />
        {watch('counted') === 'best' && (
          <InputField
            id="scoring-countedMatches"
            label={t('resultsAdmin.scoring.countedMatches')}
            error={fieldError('countedMatches')}
            registration={register('countedMatches')}
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            step={1}
            disabled={locked}
          />
        )}
      </div>
      <fieldset data-testid="scoring-tiebreakers">
        <legend className="text-sm font-semibold text-slate-200">{t('resultsAdmin.scoring.tiebreakers')}</legend>
        <ol className="mt-2 space-y-2">
          {order.map((tb, i) => {
            const name = t(`results.scoring.tiebreaker.${tb.key}`);
            return (
              <li
                key={tb.key}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-ink/40 px-3 py-2"
                data-testid={`scoring-tiebreaker-${tb.key}`}
              >
                <span className="w-6 text-sm font-bold text-slate-400 tabular-nums">{i + 1}.</span>
                <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-200">
                  <input
                    {...register(`tiebreakers.${i}.on`)}
                    type="checkbox"
                    className={checkboxClass}
                    disabled={locked}
                    aria-label={t('resultsAdmin.scoring.tiebreakerUse', { name })}
                  />
                  {name}
                </label>
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={locked || i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('resultsAdmin.scoring.moveUp', { name })}
                  data-testid={`scoring-tiebreaker-${tb.key}-up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={locked || i === order.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('resultsAdmin.scoring.moveDown', { name })}
                  data-testid={`scoring-tiebreaker-${tb.key}-down`}
                >
                  ↓
                </button>
              </li>
            );
          })}
        </ol>
      </fieldset>
      {!locked && (
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!isDirty || isSubmitting}
            onClick={() => reset(toScoringValues(scoring))}
            data-testid="scoring-reset"
          >
            {t('resultsAdmin.scoring.reset')}
          </button>
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={!isDirty || isSubmitting}
            data-testid="scoring-save"
          >
            {isSubmitting ? t('dashboard.common.saving') : t('resultsAdmin.scoring.save')}
          </button>
        </div>
      )}
    </form>
  );
}
