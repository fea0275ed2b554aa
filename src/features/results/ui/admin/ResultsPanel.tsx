import { useCallback, useState } from 'react';
import type { Entrant, Lobbies, Match, ScoringTable, Standings } from '../../contract.ts';
import { entrantSize } from '../../contract.ts';
import { SelectOptions } from '../../../../platform/ui/FormField.tsx';
import { selectClass } from '../../../../platform/ui/ui.ts';
import { api, type ApiResult } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { Locale } from '../../../../platform/i18n/i18n.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import LobbiesPanel from './LobbiesPanel.tsx';
import MatchEntry from './MatchEntry.tsx';
import MatchList from './MatchList.tsx';
import ScoringEditor from './ScoringEditor.tsx';
import StandingsPreview from './StandingsPreview.tsx';
import { TabLoading, useTabData } from './tab-data.tsx';
import TeamsEditor from './TeamsEditor.tsx';

const call: TypedCall<ResultsApi> = api;

interface Data {
  scoring: ScoringTable;
  entrants: Entrant[];
  matches: Match[];
  standings: Standings;
  lobbies: Lobbies;
}

/**
 * The Results tab's props (ResultsTabProps of the tournament editor, which the dashboard shell joins to this panel).
 */
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
  const [editing, setEditing] = useState<Match | null>(null);
  // the lobby the next match is entered for (a match being edited keeps its own)
  const [lobby, setLobby] = useState(1);
  const base = `/tournaments/${encodeURIComponent(tournamentId)}` as const;

  // the tab's five reads as one: the first refusal, or all the answers
  const read = useCallback(async (): Promise<ApiResult<Data>> => {
    const [scoring, entrants, matches, standings, lobbies] = await Promise.all([
      call<'GET /tournaments/:id/scoring'>(`${base}/scoring`),
      call<'GET /tournaments/:id/entrants'>(`${base}/entrants`),
      call<'GET /tournaments/:id/matches'>(`${base}/matches`),
      call<'GET /tournaments/:id/standings'>(`${base}/standings`),
      call<'GET /tournaments/:id/lobbies'>(`${base}/lobbies`),
    ]);
    if (!scoring.ok) return scoring;
    if (!entrants.ok) return entrants;
    if (!matches.ok) return matches;
    if (!standings.ok) return standings;
    if (!lobbies.ok) return lobbies;
    const data = {
      scoring: scoring.data,
      entrants: entrants.data,
      matches: matches.data,
      standings: standings.data,
      lobbies: lobbies.data,
    };
    return { ok: true, data };
  }, [base]);
  const { data, failure, reload: load } = useTabData(read);

  const afterMatch = useCallback(() => {
    setEditing(null);
    void load();
  }, [load]);

  if (failure || !data) return <TabLoading t={t} ns="resultsAdmin" testId="results" failure={failure} reload={load} />;

  const locked = finalized || data.standings.final;
  const size = entrantSize(teamSize);
  // one lobby that holds everyone (the common case) shows no lobby controls at all; an entrant left in none shows them
  const lobbyCount = data.lobbies.lobbies.length;
  const showLobbies = lobbyCount > 1 || data.lobbies.needed > 1 || data.lobbies.unassigned.length > 0;
  const entryLobby = Math.min(editing?.lobby ?? lobby, lobbyCount);
  // a match takes only its lobby's entrants, also in a single lobby the organiser left someone out of
  const lobbyEntrants = data.lobbies.lobbies[entryLobby - 1]?.entrants ?? data.entrants;
  // what the tab's editors share: each save reads the whole tab again
  const editor = { t, tournamentId, locked, onSaved: () => void load() };
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
      <ScoringEditor {...editor} scoring={data.scoring} />
      {size > 1 && (
        <TeamsEditor
          {...editor}
          teamSize={size}
          teams={data.entrants}
          players={players}
          note={lobbyCount > 1 && !locked ? t('resultsAdmin.teams.lobbiesNote') : undefined}
        />
      )}
      {showLobbies && <LobbiesPanel {...editor} lobbies={data.lobbies} />}
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
            <SelectOptions
              options={data.lobbies.lobbies.map(
                (l) => [String(l.number), t('resultsAdmin.lobbies.lobby', { n: l.number })] as const,
              )}
            />
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
