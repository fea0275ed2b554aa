import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { BracketsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import FormField, { controlProps } from '../../../../platform/ui/FormField.tsx';
import ConfirmDialog from '../../../../platform/ui/ConfirmDialog.tsx';
import FormDialog from '../../../../platform/ui/FormDialog.tsx';
import PublicPageLink from '../../../../platform/ui/admin/PublicPageLink.tsx';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import {
  bracketScoreSchema,
  seedings,
  type Bracket,
  type BracketMatch,
  type BracketScore,
  type Seeding,
} from '../../contract.ts';
import type { Entrant } from '../../../results/contract.ts';
import type { ResultsApi } from '../../../results/endpoints.ts';
import { ChoiceField, CountField, defaultExtras, EliminationOption } from './BracketOptions.tsx';
import SeedOrder from './SeedOrder.tsx';
import PlayoffPanel from './PlayoffPanel.tsx';
import SwissRounds from './SwissRounds.tsx';
import GroupTable from './GroupTable.tsx';
import { roundName } from '../round-name.ts';

interface Props {
  t: Translator;
  locale: Locale;
  tournamentId: string;
  /** check-in has not closed yet: generating asks first, as later check-ins would be left out */
  checkInOpen: boolean;
  /** the results are final: every change is refused, so none is offered */
  finalized: boolean;
}

const call: TypedCall<BracketsApi> = api;
// the field to order by hand is the results domain's entrants, in check-in order
const callResults: TypedCall<ResultsApi> = api;

type ScoreValues = { scoreA: string; scoreB: string };
// the inputs hold text; the contract's schema judges the numbers they make
const asNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
const validateScore = schemaValidator<ScoreValues>(bracketScoreSchema, (v) => ({
  scoreA: asNumber(v.scoreA),
  scoreB: asNumber(v.scoreB),
}));

const seedingLabel: Record<Seeding, string> = {
  random: 'brackets.admin.seedingRandom',
  checkin: 'brackets.admin.seedingCheckin',
  manual: 'brackets.admin.seedingManual',
  ranking: 'brackets.admin.seedingRanking',
};

const nameOf = (m: BracketMatch, side: 'a' | 'b') => (side === 'a' ? m.sideA?.name : m.sideB?.name) ?? '—';

/**
 * The tournament editor's Bracket tab: generate (or generate again, while no match has a report)
 * with a seeding, the disputed matches first with both reports, then every playable match; the
 * admin resolves or overrides a result in a dialog. Everything goes through the bracket API.
 */
export default function BracketPanel({ t, locale, tournamentId, checkInOpen, finalized }: Props) {
  const [bracket, setBracket] = useState<Bracket | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [seeding, setSeeding] = useState<Seeding>('random');
  const [generating, setGenerating] = useState(false);
  // generating while check-in is open asks first (later check-ins would be left out), and so does generating again
  // (the pairings the players may have read are drawn anew)
  const [asking, setAsking] = useState(false);
  const [extras, setExtras] = useState(defaultExtras);
  // Swiss: the rounds typed, empty for the default
  const [rounds, setRounds] = useState('');
  const [editing, setEditing] = useState<BracketMatch | null>(null);
  // manual seeding: the checked-in entrants as the admin orders them, read when that seeding is chosen
  const [order, setOrder] = useState<Entrant[] | null>(null);
  const base = `/tournaments/${encodeURIComponent(tournamentId)}/bracket` as const;

  const load = useCallback(async () => {
    const res = await call<'GET /tournaments/:id/bracket'>(base);
    if (res.ok) {
      setBracket(res.data);
      setFailure(null);
      // offer the seeding the bracket was made with
      if (res.data.seeding) setSeeding(res.data.seeding);
    } else setFailure(res.code);
  }, [base]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (seeding !== 'manual' || order) return;
    const entrantsUrl = `/tournaments/${encodeURIComponent(tournamentId)}/entrants` as const;
    void callResults<'GET /tournaments/:id/entrants'>(entrantsUrl).then((res) => {
      if (res.ok) setOrder(res.data);
      else toast.error(t.error(res.code));
    });
  }, [seeding, order, tournamentId, t]);

  const generate = async () => {
    setAsking(false);
    setGenerating(true);
    const res = await call<'POST /tournaments/:id/bracket'>(base, {
      body: {
        seeding,
        ...(seeding === 'manual' ? { order: (order ?? []).map((e) => e.id) } : {}),
        ...extras,
        ...(/^\d+$/.test(rounds.trim()) ? { rounds: Number(rounds) } : {}),
      },
    });
    setGenerating(false);
    if (!res.ok) {
      // the field changed since the list was read: read it again for the admin to check
      if (res.code === 'BRACKET_ORDER_MISMATCH') setOrder(null);
      return toast.error(t.error(res.code));
    }
    setBracket(res.data);
    toast.success(t('brackets.admin.generated'));
  };

  if (failure) {
    return (
      <RetryAlert
        message={failure === 'NOT_BRACKET_FORMAT' ? t('brackets.admin.notBracket') : t('brackets.admin.loadError')}
        retry={{ label: t('brackets.admin.retry'), run: () => void load() }}
        testId="bracket-admin-error"
      />
    );
  }
  if (!bracket) return <p className="text-slate-400">{t('dashboard.common.loading')}</p>;

  // a playoff's matches are decided here too, after the stage's
  const playoffIds = new Set((bracket.playoff?.rounds ?? []).flatMap((r) => r.matches.map((m) => m.id)));
  const matches = [...bracket.rounds, ...(bracket.playoff?.rounds ?? [])]
    .flatMap((r) => r.matches)
    .filter((m) => m.sideA && m.sideB);
  const where = (m: BracketMatch) =>
    playoffIds.has(m.id)
      ? t('brackets.admin.playoffRound', { where: placeOf(t, m, playoffOf(bracket)) })
      : placeOf(t, m, bracket);
  const disputed = matches.filter((m) => m.state === 'disputed');
  const others = matches.filter((m) => m.state !== 'disputed');
  const generated = bracket.rounds.length > 0;
  // the API refuses a new bracket once a side has reported or a result stands (a forfeit is neither), and any change
  // once the results are final: say so instead of offering it
  const locked =
    finalized ||
    bracket.rounds.some((r) =>
      r.matches.some((m) => m.reported.a || m.reported.b || (m.decidedBy !== null && m.forfeit === null)),
    );
  // the disputed matches, then the others: a titled list each, the admin's button on every match
  const matchSection = (key: 'disputed' | 'matches', list: BracketMatch[], empty?: ReactNode) => (
    <section className="space-y-3" aria-labelledby={`bracket-${key}-title`}>
      <h3 id={`bracket-${key}-title`} className="text-lg font-bold text-white">
        {t(`brackets.admin.${key}`)}
      </h3>
      {list.length === 0 ? (
        empty
      ) : (
        <ul className="space-y-2">
          {list.map((m) => (
            <MatchRow key={m.id} t={t} match={m} where={where(m)} onEdit={finalized ? undefined : setEditing} />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="space-y-6" data-testid="bracket-admin">
      <section className="space-y-4 rounded-2xl border border-line bg-panel/80 p-5">
        <p className="text-sm text-slate-300">{t('brackets.admin.intro')}</p>
        <div className="flex flex-wrap items-end gap-3">
          <ChoiceField
            id="bracket-seeding"
            label={t('brackets.admin.seeding')}
            value={seeding}
            choices={seedings.map((s) => [s, t(seedingLabel[s])] as const)}
            onChange={setSeeding}
          />
          <EliminationOption t={t} idPrefix="bracket" format={bracket.format} extras={extras} onChange={setExtras} />
          {bracket.format === 'swiss' && (
            <CountField
              id="bracket-rounds"
              label={t('brackets.admin.rounds')}
              value={rounds}
              onChange={setRounds}
              min={1}
              max={64}
              widthClass="w-28"
              hint={t('brackets.admin.roundsHint')}
            />
          )}
          <BusyButton
            busy={generating}
            busyLabel={t('brackets.admin.generating')}
            onClick={() => (checkInOpen || generated ? setAsking(true) : void generate())}
            disabled={locked}
            aria-describedby={locked ? 'bracket-locked' : undefined}
            testId="bracket-generate"
          >
            {t(generated ? 'brackets.admin.regenerate' : 'brackets.admin.generate')}
          </BusyButton>
          <PublicPageLink
            path={`/tournament/${encodeURIComponent(tournamentId)}/bracket`}
            locale={locale}
            className="self-center"
          >
            {t('brackets.admin.view')}
          </PublicPageLink>
        </div>
        <ConfirmDialog
          open={asking}
          title={t(checkInOpen ? 'brackets.admin.checkInOpenTitle' : 'brackets.admin.regenerateTitle')}
          message={t(checkInOpen ? 'brackets.admin.checkInOpenMessage' : 'brackets.admin.regenerateMessage')}
          confirmLabel={t(generated ? 'brackets.admin.regenerate' : 'brackets.admin.generate')}
          cancelLabel={t('brackets.admin.cancel')}
          onConfirm={() => void generate()}
          onCancel={() => setAsking(false)}
          testId="bracket-generate-dialog"
        />
        {seeding === 'manual' && !locked && order && <SeedOrder t={t} order={order} onChange={setOrder} />}
        {locked && (
          <p id="bracket-locked" className="text-xs text-slate-400" data-testid="bracket-locked">
            {t.error(finalized ? 'TOURNAMENT_FINALIZED' : 'BRACKET_HAS_RESULTS')}
          </p>
        )}
      </section>

      {generated && bracket.swiss && <SwissRounds t={t} locale={locale} bracket={bracket} onChange={setBracket} />}
      {generated && bracket.format === 'round_robin' && (
        <section
          className="space-y-6 rounded-2xl border border-line bg-panel/80 p-5"
          data-testid="bracket-admin-groups"
        >
          {bracket.tables.map((g) => (
            <GroupTable
              key={g.group}
              t={t}
              caption={t('brackets.table.caption', { n: g.group })}
              rows={g.rows}
              group={g.group}
            />
          ))}
        </section>
      )}
      {generated && !finalized && (bracket.format === 'swiss' || bracket.format === 'round_robin') && (
        <PlayoffPanel t={t} bracket={bracket} onChange={setBracket} />
      )}
      {generated ? (
        <>
          {matchSection(
            'disputed',
            disputed,
            <p className="text-sm text-slate-400" data-testid="bracket-no-disputes">
              {t('brackets.admin.noDisputes')}
            </p>,
          )}
          {others.length > 0 && matchSection('matches', others)}
        </>
      ) : (
        <p className="text-sm text-slate-400">{t('brackets.admin.empty')}</p>
      )}

      <ScoreDialog
        t={t}
        match={editing}
        onCancel={() => setEditing(null)}
        onSave={async (score) => {
          const res = await call<'POST /tournaments/:id/bracket/matches/:matchId/override'>(
            `${base}/matches/${encodeURIComponent(editing!.id)}/override`,
            { body: score },
          );
          if (!res.ok) return t.error(res.code);
          setEditing(null);
          toast.success(t('brackets.admin.saved'));
          await load();
          return null;
        }}
      />
    </div>
  );
}

/** A stage's playoff as a bracket of its own format, for naming its matches. */
const playoffOf = (b: Bracket): Bracket => ({ ...b, format: b.playoff!.format, rounds: b.playoff!.rounds });

/**
 * Where a match is, named as on the bracket page: a round-robin group, the third-place match, else its round
 * (final, semi-finals, grand final…). The page shows each part of a double-elimination bracket under its own
 * heading, so a round named only by its number gets its part in front here.
 */
function placeOf(t: Translator, m: BracketMatch, b: Bracket): string {
  const last = Math.max(...b.rounds.map((r) => r.round));
  // the last round's second match is the third-place match: that round otherwise holds only the final
  if (b.format === 'single_elimination' && m.round === last && m.slot === 1) return t('brackets.round.thirdPlace');
  if (b.format === 'round_robin' && m.group > 0) return t('brackets.group', { n: m.group });
  const name = roundName(b, m);
  const round = t(`brackets.${name.key}`, { n: name.n });
  if (b.format !== 'double_elimination' || name.key !== 'round.n') return round;
  return `${t(m.group === 1 ? 'brackets.part.winners' : 'brackets.part.losers')} · ${round}`;
}

function MatchRow({
  t,
  match: m,
  where,
  onEdit,
}: {
  t: Translator;
  match: BracketMatch;
  where: string;
  /** absent once the results are final: no match can change */
  onEdit?: (m: BracketMatch) => void;
}) {
  const report = (side: 'a' | 'b') => {
    const r = m.reports?.[side];
    return r
      ? t('brackets.admin.reportsLine', { name: nameOf(m, side), a: r.scoreA, b: r.scoreB })
      : t('brackets.admin.noReport', { name: nameOf(m, side) });
  };
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-panel/80 px-4 py-3"
      data-testid="bracket-admin-match"
      data-state={m.state}
      data-match-id={m.id}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-white">
          {t('brackets.admin.match', { a: nameOf(m, 'a'), b: nameOf(m, 'b') })}
          {m.scoreA !== null && m.scoreB !== null && (
            <span className="ml-2 tabular-nums text-slate-300">
              {m.scoreA}–{m.scoreB}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-400">
          {where} · {m.forfeit ? <ForfeitText t={t} match={m} /> : t(`brackets.state.${m.state}`)}
        </p>
        {m.state === 'disputed' && (
          <p className="text-sm text-amber-200" data-testid="bracket-admin-reports">
            {report('a')} · {report('b')}
          </p>
        )}
      </div>
      {onEdit && (
        <button
          type="button"
          className={m.state === 'disputed' ? primaryButtonClass : secondaryButtonClass}
          onClick={() => onEdit(m)}
          data-testid="bracket-admin-edit"
        >
          {t(m.state === 'disputed' ? 'brackets.admin.resolve' : 'brackets.admin.override')}
        </button>
      )}
    </li>
  );
}

/** What decided a forfeit: who was disqualified (the side that forfeited, or both). */
function ForfeitText({ t, match: m }: { t: Translator; match: BracketMatch }) {
  return (
    <span className="font-semibold text-amber-200" data-testid="bracket-admin-forfeit">
      {m.forfeit === 'both'
        ? t('brackets.forfeit.both')
        : t('brackets.forfeit.one', { name: nameOf(m, m.forfeit === 'a' ? 'a' : 'b') })}
    </span>
  );
}

/**
 * The admin's result for one match: both scores, checked by the contract's schema; the API's refusal shows in the
 * dialog.
 */
function ScoreDialog({
  t,
  match,
  onCancel,
  onSave,
}: {
  t: Translator;
  match: BracketMatch | null;
  onCancel: () => void;
  onSave: (score: BracketScore) => Promise<string | null>;
}) {
  const form = useForm<ScoreValues>({ defaultValues: { scoreA: '', scoreB: '' }, validate: validateScore });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { reset } = form;
  const opened = match?.id ?? null;
  useEffect(() => {
    if (!opened || !match) return;
    // start from the result there is, or from side A's report of a dispute
    const start = match.scoreA !== null ? { scoreA: match.scoreA, scoreB: match.scoreB } : (match.reports?.a ?? null);
    reset({ scoreA: start ? String(start.scoreA) : '', scoreB: start ? String(start.scoreB) : '' });
    setRefusal(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per match opened
  }, [opened, reset]);

  const invalid = form.errors.scoreA || form.errors.scoreB ? t('brackets.report.required') : undefined;
  return (
    <FormDialog
      subject={match}
      onCancel={onCancel}
      busy={busy}
      testId="bracket-score-dialog"
      size="w-[min(28rem,calc(100vw-2rem))]"
      onSubmit={form.handleSubmit<BracketScore>(async (score) => {
        setBusy(true);
        setRefusal(await onSave(score));
        setBusy(false);
      })}
      title={(m) => t('brackets.admin.dialogTitle', { a: nameOf(m, 'a'), b: nameOf(m, 'b') })}
      description={(_, id) => (
        <p id={id} className="text-sm text-slate-300">
          {t('brackets.admin.dialogHint')}
        </p>
      )}
      actions={{
        cancelLabel: t('brackets.admin.cancel'),
        confirmLabel: t('brackets.admin.save'),
        busyLabel: t('brackets.admin.saving'),
        testIds: ['bracket-score-cancel', 'bracket-score-save'],
      }}
    >
      {(m, focus) => (
        <>
          <div className="grid grid-cols-2 gap-3">
            <FormField id="bracket-score-a" label={t('brackets.admin.scoreOf', { name: nameOf(m, 'a') })}>
              <input
                {...controlProps('bracket-score-a', invalid)}
                inputMode="numeric"
                {...focus(form.register('scoreA'))}
                className={inputClass}
              />
            </FormField>
            <FormField
              id="bracket-score-b"
              label={t('brackets.admin.scoreOf', { name: nameOf(m, 'b') })}
              error={invalid}
            >
              <input
                {...controlProps('bracket-score-b', invalid)}
                inputMode="numeric"
                {...form.register('scoreB')}
                className={inputClass}
              />
            </FormField>
          </div>
          {refusal && (
            <p role="alert" className="text-sm text-rose-300" data-testid="bracket-score-refusal">
              {refusal}
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
