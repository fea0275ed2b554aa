import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import {
  prizeTableSchema,
  type FinaliseProblem,
  type Payout,
  type PrizesState,
  type TournamentFormat,
} from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import { useConfirmStep } from '../../../../platform/ui/use-confirm-step.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import { TableHead } from '../../../../platform/ui/TableHead.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { formatNumber } from '../../../../platform/ui/admin/format.ts';
import { formatDateTime } from '../../../../platform/i18n/date-time.ts';
import PublicPageLink from '../../../../platform/ui/admin/PublicPageLink.tsx';
import { panelClass, panelTitleClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../../platform/ui/admin/PanelHeading.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import { TabLoading, useTabData } from './tab-data.tsx';

const call: TypedCall<ResultsApi> = api;

/** The Prizes tab's props (given by the tournament editor, which the dashboard shell joins to this panel). */
interface Props {
  t: Translator;
  locale: Locale;
  tournamentId: string;
  format: TournamentFormat;
  /** told once the tournament is finalised, so the editor reads its new status */
  onFinalised: () => void;
}

/** A prize range as typed: numbers stay text until saved, so a half-typed value is kept. */
interface Row {
  from: string;
  to: string;
  credits: string;
}

const toRows = (state: PrizesState): Row[] =>
  state.prizes.map((p) => ({ from: String(p.from), to: String(p.to), credits: String(p.credits) }));
const toBody = (rows: Row[]) => ({
  prizes: rows.map((r) => ({
    from: Number(r.from.trim() || NaN),
    to: Number(r.to.trim() || NaN),
    credits: Number(r.credits.trim() || NaN),
  })),
});
const MAX_ROWS = 20;

/** One incomplete result, in words: which match and what is missing. */
export const problemText = (t: Translator, p: FinaliseProblem): string =>
  p.kind === 'bracketDisputed'
    ? t('resultsAdmin.prizes.problem.bracketDisputed', { round: p.round, slot: p.slot + 1 })
    : p.kind === 'linesMissing'
      ? t('resultsAdmin.prizes.problem.linesMissing', { n: p.matchNumber, lines: p.lines, entrants: p.entrants })
      : t('resultsAdmin.prizes.problem.reportsPending', { n: p.matchNumber, count: p.count });

/**
 * The editor's Prizes tab: the credits each rank range pays every player of
 * the entrant, who the standings as they are now would pay, and the Finalise button, whose
 * confirmation says what will be paid. Once finalised: the frozen result and what was paid.
 */
export default function PrizesPanel({ t, locale, tournamentId, format, onFinalised }: Props) {
  const base = `/tournaments/${encodeURIComponent(tournamentId)}` as const;
  const read = useCallback(() => call<'GET /tournaments/:id/prizes'>(`${base}/prizes`), [base]);
  const { data: state, setData: setState, failure, reload: load } = useTabData(read);

  if (failure || !state)
    return <TabLoading t={t} ns="resultsAdmin.prizes" testId="prizes" failure={failure} reload={load} />;
  const shown = { t, locale, state };
  if (state.finalizedAt) return <FinalResult {...shown} tournamentId={tournamentId} format={format} />;
  return (
    <OpenPrizes
      {...shown}
      base={base}
      onSaved={setState}
      onFinalised={() => {
        void load();
        onFinalised();
      }}
    />
  );
}

function OpenPrizes({
  t,
  locale,
  state,
  base,
  onSaved,
  onFinalised,
}: {
  t: Translator;
  locale: Locale;
  state: PrizesState;
  /** `/tournaments/{id}` */
  base: `/tournaments/${string}`;
  onSaved: (s: PrizesState) => void;
  onFinalised: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => toRows(state));
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const finalising = useConfirmStep();
  const saved = JSON.stringify(toRows(state));
  const dirty = JSON.stringify(rows) !== saved;
  useUnsavedGuard(dirty);
  const parsed = prizeTableSchema.safeParse(toBody(rows));
  // the table's own rule (ranges in order and apart) names no row: said once under the table
  const tableIssue =
    !parsed.success &&
    parsed.error.issues.some((i) => i.message === 'RANGES_OVERLAP' || i.message === 'RANGE_INVERTED');
  const badCell = (i: number, field: keyof Row) =>
    !parsed.success && parsed.error.issues.some((issue) => issue.path[1] === i && issue.path[2] === field);

  const set = (i: number, field: keyof Row, value: string) =>
    setRows((all) => all.map((r, n) => (n === i ? { ...r, [field]: value } : r)));
  const add = () =>
    setRows((all) => {
      const next = all.length ? Number(all[all.length - 1]!.to) + 1 || 1 : 1;
      return [...all, { from: String(next), to: String(next), credits: '' }];
    });

  const save = async () => {
    setShowErrors(true);
    if (!parsed.success) return void toast.error(t('resultsAdmin.prizes.invalid'));
    setSaving(true);
    const res = await call<'PUT /tournaments/:id/prizes'>(`${base}/prizes`, { method: 'PUT', body: parsed.data });
    setSaving(false);
    if (!res.ok) return void toast.error(t.error(res.code));
    setShowErrors(false);
    setRows(toRows(res.data));
    onSaved(res.data);
    toast.success(t('resultsAdmin.prizes.saved'));
  };

  const problems = state.problems;
  const finalise = async () => {
    // the problems the dialog named are confirmed; any the page has not shown refuse the call
    const res = await finalising.run(() =>
      call<'POST /tournaments/:id/finalise'>(`${base}/finalise`, {
        method: 'POST',
        body: { confirmIncomplete: problems.length > 0 },
      }),
    );
    if (!res.ok) {
      toast.error(t.error(res.code));
      if (res.code === 'RESULTS_INCOMPLETE') {
        const fresh = await call<'GET /tournaments/:id/prizes'>(`${base}/prizes`);
        if (fresh.ok) onSaved(fresh.data);
      }
      // finalised meanwhile (another admin, another tab): show what was paid
      if (res.code === 'TOURNAMENT_FINALIZED') onFinalised();
      return;
    }
    toast.success(t('resultsAdmin.prizes.finalisedToast', { players: res.data.payouts.length }));
    onFinalised();
  };

  const total = state.payouts.reduce((sum, p) => sum + p.credits, 0);
  const summary = state.payouts.length
    ? [
        t('resultsAdmin.prizes.confirmPays', { credits: formatNumber(total, locale), players: state.payouts.length }),
        ...state.payouts.map((p) =>
          t('resultsAdmin.prizes.confirmLine', {
            rank: p.rank,
            name: p.username,
            credits: formatNumber(p.credits, locale),
          }),
        ),
      ].join('\n')
    : t('resultsAdmin.prizes.confirmNothing');
  const incomplete = problems.length
    ? [
        t('resultsAdmin.prizes.confirmIncomplete', { count: problems.length }),
        ...problems.map((p) => `• ${problemText(t, p)}`),
      ].join('\n') + '\n\n'
    : '';

  return (
    <div className="space-y-6" data-testid="prizes-panel">
      <section className={`${panelClass} space-y-4`} aria-labelledby="prizes-title">
        <PanelHeading id="prizes-title" title={t('resultsAdmin.prizes.title')} intro={t('resultsAdmin.prizes.intro')} />
        {rows.length === 0 ? (
          <p className="text-sm text-slate-400" data-testid="prizes-none">
            {t('resultsAdmin.prizes.none')}
          </p>
        ) : (
          <ul className="space-y-2">
            {rows.map((row, i) => (
              // ranges have no id of their own: their place in the table is what the admin edits
              <li key={i} className="flex flex-wrap items-end gap-3" data-testid={`prize-row-${i}`}>
                {(['from', 'to', 'credits'] as const).map((field) => {
                  const id = `prize-${field}-${i}`;
                  const bad = showErrors && badCell(i, field);
                  return (
                    <label
                      key={field}
                      htmlFor={id}
                      className={`flex flex-col gap-1 text-xs text-slate-400 ${field === 'credits' ? 'w-36' : 'w-24'}`}
                    >
                      {t(`resultsAdmin.prizes.${field}`)}
                      <input
                        id={id}
                        data-testid={id}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={field === 'credits' ? 1_000_000 : 200}
                        step={1}
                        value={row[field]}
                        onChange={(e) => set(i, field, e.target.value)}
                        aria-invalid={bad || undefined}
                        className={`${inputClass} py-1.5 text-right font-mono`}
                      />
                    </label>
                  );
                })}
                <button
                  type="button"
                  className={smallButtonClass}
                  onClick={() => setRows((all) => all.filter((_, n) => n !== i))}
                  aria-label={t('resultsAdmin.prizes.removeRow', { n: i + 1 })}
                  data-testid={`prize-remove-${i}`}
                >
                  {t('resultsAdmin.prizes.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {showErrors && !parsed.success && (
          <p role="alert" className="text-sm text-rose-400" data-testid="prizes-invalid">
            {tableIssue ? t('resultsAdmin.prizes.overlap') : t('resultsAdmin.prizes.cellRange')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={add}
            disabled={rows.length >= MAX_ROWS}
            data-testid="prizes-add"
          >
            {t('resultsAdmin.prizes.add')}
          </button>
          <BusyButton
            busy={saving}
            busyLabel={t('resultsAdmin.prizes.saving')}
            onClick={save}
            disabled={!dirty}
            testId="prizes-save"
          >
            {t('resultsAdmin.prizes.save')}
          </BusyButton>
        </div>
      </section>

      <section
        className={`${panelClass} space-y-4`}
        aria-labelledby="prizes-preview-title"
        data-testid="prizes-preview"
      >
        <PanelHeading
          id="prizes-preview-title"
          title={t('resultsAdmin.prizes.previewTitle')}
          intro={t(dirty ? 'resultsAdmin.prizes.previewUnsaved' : 'resultsAdmin.prizes.previewIntro')}
        />
        <PayoutTable t={t} locale={locale} payouts={state.payouts} paid={false} testId="prizes-preview-row" />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <button
            type="button"
            className={primaryButtonClass}
            onClick={finalising.ask}
            disabled={dirty || finalising.busy}
            data-testid="prizes-finalise"
          >
            {t('resultsAdmin.prizes.finalise')}
          </button>
          <p className="text-sm text-slate-400">
            {t(dirty ? 'resultsAdmin.prizes.saveFirst' : 'resultsAdmin.prizes.finaliseHint')}
          </p>
        </div>
        {problems.length > 0 && (
          <div
            className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
            data-testid="prizes-problems"
          >
            <p className="font-semibold">{t('resultsAdmin.prizes.problemsTitle', { count: problems.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={JSON.stringify(p)} data-testid="prizes-problem">
                  {problemText(t, p)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <ConfirmDialog
        {...finalising.dialog}
        title={t('resultsAdmin.prizes.confirmTitle')}
        message={`${incomplete}${summary}\n\n${t('resultsAdmin.prizes.confirmOnce')}`}
        confirmLabel={
          problems.length
            ? t('resultsAdmin.prizes.confirmAnyway', { count: problems.length })
            : t('resultsAdmin.prizes.confirm')
        }
        cancelLabel={t('resultsAdmin.prizes.cancel')}
        onConfirm={finalise}
        danger
        testId="finalise-dialog"
      />
    </div>
  );
}

function FinalResult({
  t,
  locale,
  state,
  tournamentId,
  format,
}: {
  t: Translator;
  locale: Locale;
  state: PrizesState;
  tournamentId: string;
  format: TournamentFormat;
}) {
  // the frozen result lives on the public page: the standings of a battle royale, else the bracket
  const page = `/tournament/${encodeURIComponent(tournamentId)}/${
    format === 'battle_royale' ? 'standings' : 'bracket'
  }`;
  const total = state.payouts.reduce((sum, p) => sum + p.credits, 0);
  return (
    <section className={`${panelClass} space-y-4`} aria-labelledby="prizes-final-title" data-testid="prizes-final">
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="prizes-final-title" className={panelTitleClass}>
            {t('resultsAdmin.prizes.finalTitle')}
          </h2>
          <PublicPageLink path={page} locale={locale} className="text-sm" testId="prizes-final-link">
            {t(format === 'battle_royale' ? 'resultsAdmin.prizes.finalStandings' : 'resultsAdmin.prizes.finalBracket')}
          </PublicPageLink>
        </div>
        <p
          role="status"
          className="mt-2 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
          data-testid="prizes-final-status"
        >
          {t('resultsAdmin.prizes.finalStatus', {
            when: formatDateTime(state.finalizedAt, locale),
            credits: formatNumber(total, locale),
            players: state.payouts.length,
          })}
        </p>
      </div>
      <h3 className="text-sm font-semibold text-slate-200" data-testid="prizes-paid-title">
        {t('resultsAdmin.prizes.paidTitle')}
      </h3>
      <PayoutTable t={t} locale={locale} payouts={state.payouts} paid testId="prizes-paid-row" />
    </section>
  );
}

function PayoutTable({
  t,
  locale,
  payouts,
  paid,
  testId,
}: {
  t: Translator;
  locale: Locale;
  payouts: Payout[];
  /** once finalised the table says who was paid, before it who would be */
  paid: boolean;
  testId: string;
}) {
  if (!payouts.length)
    return (
      <p className="text-sm text-slate-400" data-testid="prizes-nobody">
        {t(paid ? 'resultsAdmin.prizes.nobodyPaid' : 'resultsAdmin.prizes.nobody')}
      </p>
    );
  const cell = 'px-2 py-2';
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <TableHead
          caption={t(paid ? 'resultsAdmin.prizes.paidTitle' : 'resultsAdmin.prizes.previewTitle')}
          className="text-xs text-slate-400 uppercase"
          columns={(['rank', 'player', 'entrant', 'credits'] as const).map((c) => ({
            label: t(`resultsAdmin.prizes.${c}`),
            className: `${cell} ${c === 'credits' ? 'text-right' : 'text-left'}`,
          }))}
        />
        <tbody>
          {payouts.map((p) => (
            <tr key={p.userId} className="border-t border-line/60" data-testid={testId} data-user-id={p.userId}>
              <td className={`${cell} font-bold text-white tabular-nums`}>{p.rank}</td>
              <th scope="row" className={`${cell} text-left font-medium text-slate-100`}>
                {p.username}
              </th>
              <td className={`${cell} text-slate-300`}>{p.entrantName === p.username ? '—' : p.entrantName}</td>
              <td className={`${cell} text-right font-mono font-bold text-white`}>{formatNumber(p.credits, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
