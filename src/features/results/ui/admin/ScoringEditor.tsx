import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { presetTables, scoringTableSchema, type ScoringTable } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import { SelectField } from '../../../../platform/ui/FormField.tsx';
import { fieldsOf, NumberField } from '../../../../platform/ui/admin/fields.tsx';
import { inputClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { checkboxClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../../platform/ui/admin/PanelHeading.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import {
  isPreset,
  presetChoices,
  scoringRanges,
  toScoringBody,
  toScoringValues,
  type ScoringFormValues,
} from './scoring-form-values.ts';
import PanelForm, { invalidToast } from './PanelForm.tsx';
import SaveActions from './SaveActions.tsx';

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

/**
 * The scoring table of a battle-royale tournament: a preset, or placement ranges, elimination points, counted matches
 * and tiebreakers edited by hand.
 */
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

  const field = fieldsOf({ register, fieldError }, 'scoring');
  const count = (name: 'lobbySize' | 'pointsPerElimination' | 'countedMatches', min: number, max: number) => (
    <NumberField {...field(name)} label={t(`resultsAdmin.scoring.${name}`)} min={min} max={max} disabled={locked} />
  );

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
            {(['from', 'to', 'points'] as const).map((part) => (
              <NumberField
                key={part}
                {...field(`${list}.${i}.${part}`)}
                label={t(`resultsAdmin.scoring.${part}`)}
                min={0}
                disabled={locked}
                className={rangeInput}
              />
            ))}
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
    <PanelForm
      onSubmit={handleSubmit<ScoringTable>(onSubmit, invalidToast(t))}
      titleId="scoring-title"
      testId="scoring-form"
      submitting={isSubmitting}
      spacing="space-y-6"
    >
      <PanelHeading
        id="scoring-title"
        title={t('resultsAdmin.scoring.title')}
        intro={t('resultsAdmin.scoring.intro')}
      />
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
        {count('lobbySize', 2, 200)}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {ranges('placementPoints')}
        <div className="space-y-4">
          {count('pointsPerElimination', 0, 1000)}
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
        {watch('counted') === 'best' && count('countedMatches', 1, 50)}
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
        <SaveActions
          t={t}
          submitting={isSubmitting}
          disabled={!isDirty}
          label={t('resultsAdmin.scoring.save')}
          testId="scoring-save"
        >
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!isDirty || isSubmitting}
            onClick={() => reset(toScoringValues(scoring))}
            data-testid="scoring-reset"
          >
            {t('resultsAdmin.scoring.reset')}
          </button>
        </SaveActions>
      )}
    </PanelForm>
  );
}
