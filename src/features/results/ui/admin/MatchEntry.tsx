import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { matchInputSchema, type Entrant, type Match, type MatchInput, type MatchPreview } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import FormField, { SelectField } from '../../../../platform/ui/FormField.tsx';
import { fieldsOf, NumberField } from '../../../../platform/ui/admin/fields.tsx';
import { ScrollRegion, TableHead } from '../../../../platform/ui/TableHead.tsx';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import { inputClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm, type FieldErrors } from '../../../../platform/ui/use-form.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { TabList } from '../../../../platform/ui/admin/TabList.tsx';
import { panelClass, panelTitleClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { emptyLine, fillRows, playingLines, type GridLine } from './match-grid.ts';
import { invalidToast } from './PanelForm.tsx';
import SaveActions from './SaveActions.tsx';

const call: TypedCall<ResultsApi> = api;

type Line = GridLine;
interface GridValues {
  lines: Line[];
}
type Mode = 'grid' | 'csv';
const modes: Mode[] = ['grid', 'csv'];

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
const toBody = (v: GridValues) => ({
  lines: v.lines.map((l) => ({
    entrantId: l.entrantId,
    placement: num(l.placement),
    eliminations: num(l.eliminations),
  })),
});
const toGrid = (match: Match | null): GridValues => ({
  lines: match
    ? match.lines.map((l) => ({
        entrantId: l.entrantId,
        placement: String(l.placement),
        eliminations: String(l.eliminations),
      }))
    : [emptyLine()],
});

/**
 * The rules the server applies to a match that the grid can check before sending (its codes, so
 * the texts are the API's): one line per entrant, one entrant per placement, within the lobby.
 */
function matchRules(lobbySize: number) {
  return (v: GridValues): FieldErrors => {
    const errors: FieldErrors = {};
    const entrants = new Set<string>();
    const placements = new Set<string>();
    v.lines.forEach((l, i) => {
      if (l.entrantId && entrants.has(l.entrantId))
        errors[`lines.${i}.entrantId`] = { type: 'code', message: 'ENTRANT_REPEATED' };
      entrants.add(l.entrantId);
      const p = l.placement.trim();
      if (p && placements.has(p)) errors[`lines.${i}.placement`] = { type: 'code', message: 'PLACEMENT_TAKEN' };
      else if (p && Number(p) > lobbySize)
        errors[`lines.${i}.placement`] = { type: 'code', message: 'PLACEMENT_OVER_LOBBY' };
      placements.add(p);
    });
    return errors;
  };
}

interface Props {
  t: Translator;
  tournamentId: string;
  /** the lobby the match is entered for; `entrants` are that lobby's */
  lobby: number;
  entrants: Entrant[];
  lobbySize: number;
  /** the match being edited, or null for a new one */
  editing: Match | null;
  onCancelEdit: () => void;
  onSaved: (match: Match) => void;
}

/**
 * Enter (or edit) one match: a grid of entrant, placement and eliminations, or pasted CSV checked
 * by the server's preview first. A match with fewer lines than entrants playing is saved only
 * after the admin confirms how many have a line.
 */
export default function MatchEntry({
  t,
  tournamentId,
  lobby,
  entrants,
  lobbySize,
  editing,
  onCancelEdit,
  onSaved,
}: Props) {
  const [mode, setMode] = useState<Mode>('grid');
  const validate = useMemo(
    () => schemaValidator<GridValues>(matchInputSchema, toBody, matchRules(lobbySize)),
    [lobbySize],
  );
  const { register, handleSubmit, reset, watch, getValues, setValue, setError, errors, isDirty, isSubmitting } =
    useForm<GridValues>({ validate, defaultValues: toGrid(editing) });
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<{ text: string; result: MatchPreview } | null>(null);
  const [busy, setBusy] = useState(false);
  // a match short of entrants waits here for the admin's confirmation
  const [short, setShort] = useState<{ body: MatchInput; lines: number; done: () => void } | null>(null);
  const [storing, setStoring] = useState(false);
  useUnsavedGuard(isDirty || csv.trim() !== '');
  useEffect(() => {
    reset(toGrid(editing));
    setPreview(null);
  }, [editing, reset]);

  const lines = watch<Line[]>('lines');
  // the range a number's error names, per row
  const ranges = Object.fromEntries(
    lines.flatMap((_, i) => [
      [`lines.${i}.placement`, [1, lobbySize] as const],
      [`lines.${i}.eliminations`, [0, 200] as const],
    ]),
  );
  const fieldError = fieldErrorReader(t, errors, getValues, ranges);
  const field = fieldsOf({ register, fieldError }, 'entry');
  const base = `/tournaments/${encodeURIComponent(tournamentId)}/matches` as const;

  // an entrant no longer playing (disqualified) keeps its line in a match being edited, by name
  const options = [
    ...entrants.map((e) => ({ id: e.id, name: e.name })),
    ...(editing?.lines ?? [])
      .filter((l) => !entrants.some((e) => e.id === l.entrantId))
      .map((l) => ({ id: l.entrantId, name: t('resultsAdmin.entry.offRoster', { name: l.name }) })),
  ];
  const send = (body: MatchInput): Promise<boolean> => {
    const lines = playingLines(body.lines, entrants);
    if (lines >= entrants.length) return store(body);
    return new Promise((resolve) => setShort({ body, lines, done: () => resolve(false) }));
  };
  const confirmShort = async () => {
    if (!short) return;
    setStoring(true);
    await store(short.body);
    setStoring(false);
    short.done();
    setShort(null);
  };

  const store = async (body: MatchInput): Promise<boolean> => {
    const res = editing
      ? await call<'PUT /tournaments/:id/matches/:number'>(`${base}/${editing.number}`, { method: 'PUT', body })
      : await call<'POST /tournaments/:id/matches'>(base, { body: { ...body, lobby } });
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, ['lines'])) setError(field, error);
      toast.error(t.error(res.code));
      return false;
    }
    toast.success(t('resultsAdmin.entry.saved', { number: res.data.number }));
    reset(toGrid(null));
    setCsv('');
    setPreview(null);
    onSaved(res.data);
    return true;
  };

  const runPreview = async () => {
    setBusy(true);
    const res = await call<'POST /tournaments/:id/matches/preview'>(`${base}/preview`, { body: { csv, lobby } });
    setBusy(false);
    if (!res.ok) return void toast.error(t.error(res.code));
    setPreview({ text: csv, result: res.data });
  };
  const saveCsv = async () => {
    if (!preview?.result.valid || preview.text !== csv) return;
    setBusy(true);
    await send({ lines: preview.result.lines });
    setBusy(false);
  };
  const stale = preview !== null && preview.text !== csv;

  return (
    <section className={`${panelClass} space-y-5`} aria-labelledby="entry-title" data-testid="match-entry">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="entry-title" className={panelTitleClass}>
          {editing ? t('resultsAdmin.entry.editing', { number: editing.number }) : t('resultsAdmin.entry.title')}
        </h2>
        {editing && (
          <button type="button" className={secondaryButtonClass} onClick={onCancelEdit} data-testid="entry-cancel-edit">
            {t('resultsAdmin.entry.cancelEdit')}
          </button>
        )}
      </div>
      {entrants.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-slate-400"
          data-testid="entry-no-entrants"
        >
          {t('resultsAdmin.entry.noEntrants')}
        </p>
      ) : (
        <>
          <TabList
            tabs={modes}
            tab={mode}
            onChange={setMode}
            idPrefix="entry"
            label={t('resultsAdmin.entry.modesLabel')}
          >
            {(m) => t(`resultsAdmin.entry.modes.${m}`)}
          </TabList>
          <div role="tabpanel" id="entry-panel-grid" aria-labelledby="entry-tab-grid" hidden={mode !== 'grid'}>
            <form
              noValidate
              onSubmit={handleSubmit<MatchInput>(send, invalidToast(t))}
              className="space-y-3"
              data-testid="entry-grid"
            >
              {lines.map((_, i) => {
                const id = (part: string) => `entry-${i}-${part}`;
                return (
                  <div
                    key={i}
                    className={
                      'grid grid-cols-2 items-start gap-2 rounded-lg border border-line/60 ' +
                      'p-3 sm:grid-cols-[minmax(0,2fr)_7rem_7rem_auto] sm:border-0 sm:p-0'
                    }
                    data-testid={`entry-row-${i}`}
                  >
                    <div className="col-span-2 sm:col-span-1">
                      <SelectField
                        {...field(`lines.${i}.entrantId`, id('entrant'))}
                        label={t('resultsAdmin.entry.entrant')}
                        placeholder={t('resultsAdmin.entry.entrantPlaceholder')}
                        options={options.map((e) => [e.id, e.name] as const)}
                      />
                    </div>
                    <NumberField
                      {...field(`lines.${i}.placement`, id('placement'))}
                      label={t('resultsAdmin.entry.placement')}
                      min={1}
                      max={lobbySize}
                    />
                    <NumberField
                      {...field(`lines.${i}.eliminations`, id('eliminations'))}
                      label={t('resultsAdmin.entry.eliminations')}
                      min={0}
                      max={200}
                    />
                    <button
                      type="button"
                      className={`${smallButtonClass} col-span-2 sm:col-span-1 sm:mt-7`}
                      disabled={lines.length === 1}
                      onClick={() =>
                        setValue(
                          'lines',
                          lines.filter((__, j) => j !== i),
                        )
                      }
                      aria-label={t('resultsAdmin.entry.removeRow', { n: i + 1 })}
                      data-testid={`entry-row-${i}-remove`}
                    >
                      ✕
                    </button>
                  </div>
                );
              })}
              <SaveActions
                t={t}
                submitting={isSubmitting}
                label={t(editing ? 'resultsAdmin.entry.update' : 'resultsAdmin.entry.save')}
                testId="entry-save"
                className="flex flex-wrap justify-between gap-3 pt-2"
              >
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => setValue('lines', [...lines, emptyLine()])}
                  disabled={lines.length >= Math.min(200, options.length)}
                  data-testid="entry-add-row"
                >
                  {t('resultsAdmin.entry.addRow')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => setValue('lines', fillRows(lines, entrants))}
                  disabled={entrants.every((e) => lines.some((l) => l.entrantId === e.id))}
                  data-testid="entry-fill-rows"
                >
                  {t('resultsAdmin.entry.fillRows')}
                </button>
              </SaveActions>
            </form>
          </div>
          <div
            role="tabpanel"
            id="entry-panel-csv"
            aria-labelledby="entry-tab-csv"
            hidden={mode !== 'csv'}
            className="space-y-4"
            data-testid="entry-csv"
          >
            <FormField
              id="entry-csv-text"
              label={t('resultsAdmin.entry.csvLabel')}
              hint={t('resultsAdmin.entry.csvHint')}
            >
              <textarea
                id="entry-csv-text"
                value={csv}
                onChange={(e) => setCsv(e.target.value)}
                rows={6}
                spellCheck={false}
                aria-describedby="entry-csv-text-hint"
                className={`${inputClass} font-mono text-sm`}
                data-testid="entry-csv-text"
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-3">
              <BusyButton
                busy={busy}
                className={secondaryButtonClass}
                disabled={csv.trim() === ''}
                onClick={runPreview}
                testId="entry-csv-preview"
              >
                {t('resultsAdmin.entry.preview')}
              </BusyButton>
              <BusyButton
                busy={busy}
                disabled={!preview?.result.valid || stale}
                onClick={saveCsv}
                testId="entry-csv-save"
              >
                {t(editing ? 'resultsAdmin.entry.update' : 'resultsAdmin.entry.save')}
              </BusyButton>
            </div>
            {preview && (
              <div className="space-y-2" data-testid="entry-preview">
                <p
                  role="status"
                  className={`text-sm ${preview.result.valid && !stale ? 'text-emerald-300' : 'text-amber-200'}`}
                  data-testid="entry-preview-status"
                >
                  {stale
                    ? t('resultsAdmin.entry.previewStale')
                    : preview.result.valid
                      ? t('resultsAdmin.entry.previewValid')
                      : t('resultsAdmin.entry.previewInvalid')}
                </p>
                <ScrollRegion
                  className="overflow-x-auto rounded-lg border border-line"
                  label={t('resultsAdmin.entry.previewTitle')}
                >
                  <table className="w-full text-left text-sm">
                    <TableHead
                      caption={t('resultsAdmin.entry.previewTitle')}
                      className="border-b border-line text-xs text-slate-400 uppercase"
                      columns={[
                        { label: t('resultsAdmin.entry.previewRow'), className: 'px-3 py-2' },
                        { label: t('resultsAdmin.entry.previewName'), className: 'px-3 py-2' },
                        { label: t('resultsAdmin.entry.placement'), className: 'px-3 py-2 text-right' },
                        { label: t('resultsAdmin.entry.eliminations'), className: 'px-3 py-2 text-right' },
                        { label: t('resultsAdmin.matches.state'), className: 'px-3 py-2' },
                      ]}
                    />
                    <tbody>
                      {preview.result.rows.map((row) => (
                        <tr
                          key={row.row}
                          className={`border-t border-line/60 ${row.error ? 'bg-rose-500/10' : ''}`}
                          data-testid={`entry-preview-row-${row.row}`}
                          data-error={row.error ?? undefined}
                        >
                          <td className="px-3 py-2 text-slate-400 tabular-nums">{row.row}</td>
                          <td className="px-3 py-2 text-slate-100">{row.name}</td>
                          <td className="px-3 py-2 text-right tabular-nums">{row.placement ?? '–'}</td>
                          <td className="px-3 py-2 text-right tabular-nums">{row.eliminations ?? '–'}</td>
                          <td className={`px-3 py-2 ${row.error ? 'text-rose-200' : 'text-emerald-300'}`}>
                            {row.error ? t.error(row.error) : t('resultsAdmin.entry.previewOk')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </div>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={short !== null}
        title={t('resultsAdmin.entry.shortTitle')}
        message={t('resultsAdmin.entry.shortMessage', { lines: short?.lines ?? 0, entrants: entrants.length })}
        confirmLabel={t('resultsAdmin.entry.shortConfirm', { lines: short?.lines ?? 0, entrants: entrants.length })}
        cancelLabel={t('resultsAdmin.entry.shortCancel')}
        onConfirm={() => void confirmShort()}
        onCancel={() => {
          short?.done();
          setShort(null);
        }}
        busy={storing}
        testId="entry-short-dialog"
      />
    </section>
  );
}
