import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  teamNames,
  teamsUpdateSchema,
  type Competition,
  type ScoreBreakdown,
  type Team,
  type TeamName,
} from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { countKey, formatNumber } from '../../../../platform/ui/admin/format.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import { panelClass, smallButtonClass } from '../../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../../platform/ui/admin/PanelHeading.tsx';
import { whenLive } from '../../../../platform/ui/admin/when-live.ts';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import Spinner from '../../../../platform/ui/Spinner.tsx';

const call: TypedCall<TournamentsApi> = api;

/**
 * A player row being edited: the points the championship's results earned (computed, read-only)
 * and the admin's adjustment on top, which stays text until saved so a half-typed value is kept.
 */
interface Row {
  playerId: string;
  playerName: string;
  points: number;
  adjustment: string;
}
type Factions = Record<TeamName, Row[]>;

const MAX_SCORE = 1e9;

/**
 * Both factions from the API's teams, each sorted like the public leaderboard (score, then name),
 * with each player's computed points and adjustment (a player the breakdown does not know yet
 * has no points, and their whole score is the adjustment).
 */
export function toFactions(teams: Team[] | undefined, breakdown: ReadonlyMap<string, ScoreBreakdown>): Factions {
  const out = Object.fromEntries(teamNames.map((n) => [n, [] as Row[]])) as Factions;
  for (const team of teams ?? []) {
    if (!(team.name in out)) continue;
    const sorted = [...team.players].sort((a, b) => b.score - a.score || a.playerName.localeCompare(b.playerName));
    out[team.name].push(
      ...sorted.map((p) => {
        const b = breakdown.get(p.playerId);
        return {
          playerId: p.playerId,
          playerName: p.playerName,
          points: b?.points ?? 0,
          adjustment: String(b ? b.adjustment : p.score),
        };
      }),
    );
  }
  return out;
}

/** A whole adjustment that keeps the total between 0 and MAX_SCORE (a penalty may take points away, not below zero). */
const adjustmentValid = (r: Row) =>
  /^-?\d+$/.test(r.adjustment.trim()) &&
  r.points + Number(r.adjustment) >= 0 &&
  r.points + Number(r.adjustment) <= MAX_SCORE;
const totalOf = (r: Row) => (/^-?\d+$/.test(r.adjustment.trim()) ? r.points + Number(r.adjustment) : r.points);

/**
 * Admin editor of the two factions of a competition (whole teams, which only admins may set):
 * each score is the points computed from the championship's results plus the admin's adjustment
 * (an integer, audited with the save); a player can be moved to the other faction with their score.
 */
export default function FactionScoresEditor({
  t,
  locale,
  competition,
  onSaved,
}: {
  t: Translator;
  locale: Locale;
  competition: Competition;
  onSaved: (c: Competition) => void;
}) {
  const [breakdown, setBreakdown] = useState<Map<string, ScoreBreakdown> | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // the points move with the results: read again with every fresh copy of the competition
  useEffect(() => {
    setFailed(false);
    return whenLive(
      call<'GET /tournaments/competition/:id/scores'>(
        `/tournaments/competition/${encodeURIComponent(competition.id)}/scores`,
      ),
      (res) => {
        if (res.ok) setBreakdown(new Map(res.data.map((b) => [b.playerId, b])));
        else setFailed(true);
      },
    );
  }, [competition.id, competition.teams, attempt]);
  if (failed)
    return (
      <RetryAlert
        message={t('dashboard.competitions.scores.loadError')}
        retry={{ label: t('dashboard.common.retry'), run: () => setAttempt((n) => n + 1) }}
        testId="scores-load-error"
      />
    );
  if (!breakdown) return <Spinner label={t('dashboard.competitions.scores.loading')} testId="scores-loading" />;
  return <ScoresForm t={t} locale={locale} competition={competition} breakdown={breakdown} onSaved={onSaved} />;
}

function ScoresForm({
  t,
  locale,
  competition,
  breakdown,
  onSaved,
}: {
  t: Translator;
  locale: Locale;
  competition: Competition;
  breakdown: ReadonlyMap<string, ScoreBreakdown>;
  onSaved: (c: Competition) => void;
}) {
  const initial = useMemo(() => toFactions(competition.teams, breakdown), [competition.teams, breakdown]);
  const [saved, setSaved] = useState<Factions>(initial);
  const [factions, setFactions] = useState<Factions>(initial);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  // a fresh copy from the server replaces the editor's state only when it differs from what was saved
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    if (JSON.stringify(savedRef.current) === JSON.stringify(initial)) return;
    setSaved(initial);
    setFactions(initial);
  }, [initial]);

  const dirty = JSON.stringify(saved) !== JSON.stringify(factions);
  useUnsavedGuard(dirty);
  const invalid = teamNames.some((n) => factions[n].some((r) => !adjustmentValid(r)));

  const setAdjustment = (team: TeamName, playerId: string, adjustment: string) =>
    setFactions((f) => ({ ...f, [team]: f[team].map((r) => (r.playerId === playerId ? { ...r, adjustment } : r)) }));

  const move = (from: TeamName, playerId: string) => {
    const to = teamNames.find((n) => n !== from)!;
    setFactions((f) => {
      const row = f[from].find((r) => r.playerId === playerId);
      if (!row) return f;
      return { ...f, [from]: f[from].filter((r) => r.playerId !== playerId), [to]: [...f[to], row] };
    });
  };

  const save = async () => {
    setShowErrors(true);
    if (invalid) {
      toast.error(t('dashboard.competitions.scores.invalid'));
      return;
    }
    const body = {
      teams: teamNames.map((name) => ({
        name,
        // the adjustment is what is stored; the total goes along for the original client's shape
        players: factions[name].map((r) => ({
          playerId: r.playerId,
          playerName: r.playerName,
          score: totalOf(r),
          adjustment: Number(r.adjustment.trim()),
        })),
      })),
    };
    const parsed = teamsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      toast.error(t('dashboard.competitions.scores.invalid'));
      return;
    }
    setSaving(true);
    const res = await call<'PUT /tournaments/competition/:id'>(
      `/tournaments/competition/${encodeURIComponent(competition.id)}`,
      {
        method: 'PUT',
        body: parsed.data,
      },
    );
    setSaving(false);
    if (!res.ok) {
      toast.error(t.error(res.code));
      return;
    }
    setShowErrors(false);
    if (res.data && Array.isArray(res.data.teams)) onSaved(res.data);
    else {
      // the answer carries no teams: what was sent is now the saved state
      const normalised = toFactions(
        parsed.data.teams,
        new Map(
          parsed.data.teams.flatMap((team) =>
            team.players.map((p) => [
              p.playerId,
              { playerId: p.playerId, points: p.score - (p.adjustment ?? 0), adjustment: p.adjustment ?? 0 },
            ]),
          ),
        ),
      );
      setSaved(normalised);
      setFactions(normalised);
    }
    toast.success(t('dashboard.competitions.scores.saved'));
  };

  return (
    <section className={panelClass} aria-labelledby="scores-title" data-testid="scores-editor">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PanelHeading
          id="scores-title"
          title={t('dashboard.competitions.scores.title')}
          intro={t('dashboard.competitions.scores.intro')}
        />
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!dirty || saving}
            onClick={() => (setFactions(saved), setShowErrors(false))}
            data-testid="scores-reset"
          >
            {t('dashboard.competitions.scores.reset')}
          </button>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!dirty || saving}
            onClick={save}
            data-testid="scores-save"
          >
            {saving ? t('dashboard.common.saving') : t('dashboard.competitions.scores.save')}
          </button>
        </div>
      </div>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        {teamNames.map((team) => {
          const other = teamNames.find((n) => n !== team)!;
          const rows = factions[team];
          return (
            <section
              key={team}
              aria-labelledby={`scores-team-${team}-title`}
              className="rounded-xl border border-line bg-ink/40"
              data-testid={`scores-team-${team}`}
            >
              <header className="flex items-center justify-between border-b border-line px-4 py-3">
                <h3 id={`scores-team-${team}-title`} className="font-semibold text-white">
                  {t(`dashboard.competitions.scores.teams.${team}`)}
                </h3>
                <span className="text-xs text-slate-400" data-testid={`scores-team-${team}-count`}>
                  {t(countKey('dashboard.competitions.scores.playersCount', rows.length), { count: rows.length })}
                </span>
              </header>
              {rows.length === 0 ? (
                <p className="px-4 py-6 text-center text-sm text-slate-400">
                  {t('dashboard.competitions.scores.empty')}
                </p>
              ) : (
                <ul className="divide-y divide-line/60">
                  {rows.map((row) => {
                    const inputId = `scores-score-${row.playerId}`;
                    const bad = showErrors && !adjustmentValid(row);
                    return (
                      <li
                        key={row.playerId}
                        className="flex flex-wrap items-center gap-3 px-4 py-2.5"
                        data-testid={`scores-player-${row.playerId}`}
                        data-player-name={row.playerName}
                      >
                        {/* on a phone the name takes its own line: the points, adjustment and total need the width */}
                        <label
                          htmlFor={inputId}
                          className={
                            'min-w-0 basis-full truncate text-sm font-medium ' +
                            'text-slate-200 sm:flex-1 sm:basis-auto'
                          }
                        >
                          {row.playerName}
                        </label>
                        <span
                          className="shrink-0 font-mono text-sm text-slate-400"
                          data-testid={`scores-points-${row.playerId}`}
                          title={t('dashboard.competitions.scores.pointsHint')}
                        >
                          {t('dashboard.competitions.scores.points', { points: formatNumber(row.points, locale) })} +
                        </span>
                        <div className="w-28 shrink-0">
                          <input
                            id={inputId}
                            data-testid={inputId}
                            type="number"
                            inputMode="numeric"
                            min={-row.points}
                            max={MAX_SCORE - row.points}
                            step={1}
                            value={row.adjustment}
                            onChange={(e) => setAdjustment(team, row.playerId, e.target.value)}
                            aria-invalid={bad || undefined}
                            aria-describedby={bad ? `${inputId}-error` : undefined}
                            aria-label={t('dashboard.competitions.scores.scoreLabel', { name: row.playerName })}
                            className={`${inputClass} py-1.5 text-right font-mono`}
                          />
                        </div>
                        <span
                          className="shrink-0 font-mono text-sm font-semibold text-white"
                          data-testid={`scores-total-${row.playerId}`}
                        >
                          = {formatNumber(totalOf(row), locale)}
                        </span>
                        <button
                          type="button"
                          onClick={() => move(team, row.playerId)}
                          className={smallButtonClass}
                          // the name begins with the visible text, so speech control finds the button by what it reads
                          aria-label={t('dashboard.competitions.scores.moveLabel', {
                            name: row.playerName,
                            team: t(`dashboard.competitions.scores.teamShort.${other}`),
                          })}
                          data-testid={`scores-move-${row.playerId}`}
                        >
                          {t('dashboard.competitions.scores.move', {
                            team: t(`dashboard.competitions.scores.teamShort.${other}`),
                          })}
                        </button>
                        {bad && (
                          <p id={`${inputId}-error`} className="w-full text-xs text-rose-400">
                            {t('dashboard.competitions.scores.invalidScore')}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
