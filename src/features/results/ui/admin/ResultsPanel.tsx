import { useCallback, useEffect, useState } from 'react';
import type { Entrant, Lobbies, Match, ScoringTable, Standings } from '../../contract.ts';
import { entrantSize } from '../../contract.ts';
import { selectClass } from '../../../../platform/ui/ui.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import RetryAlert from '../../../../platform/ui/admin/RetryAlert.tsx';
import LobbiesPanel from './LobbiesPanel.tsx';
import MatchEntry from './MatchEntry.tsx';
import MatchList from './MatchList.tsx';
import ScoringEditor from './ScoringEditor.tsx';
import StandingsPreview from './StandingsPreview.tsx';
import TeamsEditor from './TeamsEditor.tsx';

const call: TypedCall<ResultsApi> = api;

interface Data {
  scoring: ScoringTable;
  entrants: Entrant[];
  matches: Match[];
  standings: Standings;
  lobbies: Lobbies;
}

/** The Results tab's props (ResultsTabProps of the tournament editor, which the dashboard shell joins to this panel). */
interface Props {
  t: Translator;
  locale: Locale;
  tournamentId: string;
  teamSize: number | null;
  finalized: boolean;
  /** the checked-in players (from the editor's roster), for the teams */
  players: { id: string; username: string }[];
}

/**
 * The editor's Results tab of a battle-royale tournament: its scoring table, its teams (duo, trio,
 * squad), the entry of matches by grid or pasted CSV, the matches with edit and void, and the
 * standings as the players will see them. Every save reads the matches and standings again.
 */
export default function ResultsPanel({ t, locale, tournamentId, teamSize, finalized, players }: Props) {
  const [data, setData] = useState<Data | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Match | null>(null);
  // the lobby the next match is entered for (a match being edited keeps its own)
  const [lobby, setLobby] = useState(1);
  const base = `/tournaments/${encodeURIComponent(tournamentId)}` as const;

  const load = useCallback(async () => {
    const [scoring, entrants, matches, standings, lobbies] = await Promise.all([
      call<'GET /tournaments/:id/scoring'>(`${base}/scoring`),
      call<'GET /tournaments/:id/entrants'>(`${base}/entrants`),
      call<'GET /tournaments/:id/matches'>(`${base}/matches`),
      call<'GET /tournaments/:id/standings'>(`${base}/standings`),
      call<'GET /tournaments/:id/lobbies'>(`${base}/lobbies`),
    ]);
    const bad = [scoring, entrants, matches, standings, lobbies].find((r) => !r.ok);
    if (bad && !bad.ok) return setFailure(bad.code);
    if (!scoring.ok || !entrants.ok || !matches.ok || !standings.ok || !lobbies.ok) return;
    setFailure(null);
    setData({
      scoring: scoring.data,
      entrants: entrants.data,
      matches: matches.data,
      standings: standings.data,
      lobbies: lobbies.data,
    });
  }, [base]);

  useEffect(() => {
    void load();
  }, [load]);

  const afterMatch = useCallback(() => {
    setEditing(null);
    void load();
  }, [load]);

  if (failure)
    return (
      <RetryAlert
        message={`${t('resultsAdmin.loadError')} ${t.error(failure)}`}
        retry={{ label: t('resultsAdmin.retry'), run: () => void load() }}
        testId="results-error"
      />
    );
  if (!data) return <Spinner label={t('resultsAdmin.loading')} testId="results-loading" />;

  const locked = finalized || data.standings.final;
  const size = entrantSize(teamSize);
  // one lobby that holds everyone (the common case) shows no lobby controls at all
  const lobbyCount = data.lobbies.lobbies.length;
  const showLobbies = lobbyCount > 1 || data.lobbies.needed > 1;
  const entryLobby = Math.min(editing?.lobby ?? lobby, lobbyCount);
  const lobbyEntrants = lobbyCount > 1 ? (data.lobbies.lobbies[entryLobby - 1]?.entrants ?? []) : data.entrants;
  return (
    <div className="space-y-6" data-testid="results-panel">
      {locked && (
        <p
          role="status"
          className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
          data-testid="results-locked"
        >
          {t('resultsAdmin.finalized')}
        </p>
      )}
      <ScoringEditor
        t={t}
        tournamentId={tournamentId}
        scoring={data.scoring}
        locked={locked}
        onSaved={() => void load()}
      />
      {size > 1 && (
        <TeamsEditor
          t={t}
          tournamentId={tournamentId}
          teamSize={size}
          teams={data.entrants}
          players={players}
          locked={locked}
          onSaved={() => void load()}
        />
      )}
      {showLobbies && (
        <LobbiesPanel
          t={t}
          tournamentId={tournamentId}
          lobbies={data.lobbies}
          locked={locked}
          onSaved={() => void load()}
        />
      )}
      {!locked && lobbyCount > 1 && !editing && (
        <label className="flex items-center gap-3 text-sm text-slate-300" htmlFor="entry-lobby">
          {t('resultsAdmin.lobbies.pick')}
          <select
            id="entry-lobby"
            className={`${selectClass} w-40`}
            value={entryLobby}
            onChange={(e) => setLobby(Number(e.target.value))}
            data-testid="entry-lobby"
          >
            {data.lobbies.lobbies.map((l) => (
              <option key={l.number} value={l.number}>
                {t('resultsAdmin.lobbies.lobby', { n: l.number })}
              </option>
            ))}
          </select>
        </label>
      )}
      {!locked && (
        <MatchEntry
          t={t}
          tournamentId={tournamentId}
          lobby={entryLobby}
          entrants={lobbyEntrants}
          lobbySize={data.scoring.lobbySize}
          editing={editing}
          onCancelEdit={() => setEditing(null)}
          onSaved={afterMatch}
        />
      )}
      <MatchList
        t={t}
        tournamentId={tournamentId}
        matches={data.matches}
        locked={locked}
        editing={editing?.number ?? null}
        onEdit={setEditing}
        onChanged={afterMatch}
      />
      <StandingsPreview t={t} locale={locale} standings={data.standings} />
    </div>
  );
}
