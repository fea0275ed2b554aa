import { useCallback } from 'react';
import { entrantSize } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { TabLoading, useTabData } from './tab-data.tsx';
import TeamsEditor from './TeamsEditor.tsx';

const call: TypedCall<ResultsApi> = api;

interface Props {
  t: Translator;
  tournamentId: string;
  teamSize: number | null;
  finalized: boolean;
  /** the checked-in players, in check-in order: only they can be in a team */
  players: { id: string; username: string }[];
}

/**
 * The teams of a duo, trio or squad bracket, above its Bracket tab: the players who signed up alone play only once
 * the organiser puts them in a team, as a bracket is drawn from the teams. The bracket keeps the teams it was drawn
 * with, so a change counts from the next time it is generated.
 */
export default function TeamsPanel({ t, tournamentId, teamSize, finalized, players }: Props) {
  const read = useCallback(
    () => call<'GET /tournaments/:id/entrants'>(`/tournaments/${encodeURIComponent(tournamentId)}/entrants`),
    [tournamentId],
  );
  const { data, setData, failure, reload } = useTabData(read);
  if (failure || !data) return <TabLoading t={t} ns="resultsAdmin" testId="teams" failure={failure} reload={reload} />;
  return (
    <TeamsEditor
      t={t}
      tournamentId={tournamentId}
      teamSize={entrantSize(teamSize)}
      teams={data}
      players={players}
      locked={finalized}
      onSaved={setData}
      note={finalized ? undefined : t('resultsAdmin.teams.bracketNote')}
    />
  );
}
