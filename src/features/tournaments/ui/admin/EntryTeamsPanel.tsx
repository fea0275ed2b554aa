import { useEffect, useState } from 'react';
import { whenLive } from '../../../../platform/ui/admin/when-live.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { panelClass, panelTitleClass } from '../../../../platform/ui/admin/ui.ts';
import type { EntryTeam } from '../../contract.ts';
import type { TournamentsApi } from '../../endpoints.ts';

const call: TypedCall<TournamentsApi> = api;
const R = 'dashboard.tournaments.roster';

/**
 * The teams captains registered, in the roster: each with its state (waiting for its players,
 * registered, checked in) and its members'. Read again whenever the roster changes (`version`);
 * nothing shows in a tournament without such teams.
 */
export default function EntryTeamsPanel({
  t,
  tournamentId,
  version,
}: {
  t: Translator;
  tournamentId: string;
  version: unknown;
}) {
  const [teams, setTeams] = useState<EntryTeam[]>([]);
  useEffect(
    () =>
      whenLive(
        call<'GET /tournaments/:id/entry-teams'>(`/tournaments/${encodeURIComponent(tournamentId)}/entry-teams`),
        (res) => res.ok && setTeams(res.data),
      ),
    [tournamentId, version],
  );
  if (!teams.length) return null;
  const stateOf = (team: EntryTeam) =>
    team.waitlistPosition !== null
      ? t(`${R}.teamWaiting`, { position: team.waitlistPosition })
      : t(`${R}.${team.checkedIn ? 'teamCheckedIn' : team.complete ? 'teamComplete' : 'teamPending'}`);
  return (
    <section className={panelClass} aria-labelledby="entry-teams-title" data-testid="roster-entry-teams">
      <h2 id="entry-teams-title" className={`${panelTitleClass} mb-4`}>
        {t(`${R}.teamsTitle`)}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {teams.map((team) => (
          <li key={team.id} className="rounded-xl border border-line p-3" data-testid="roster-entry-team">
            <p className="font-semibold text-white">
              {team.name} <span className="text-xs font-medium text-amber-200">{stateOf(team)}</span>
            </p>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-300">
              {team.members.map((m) => (
                <li key={m.userId}>
                  {m.username} —{' '}
                  {t(
                    `${R}.${
                      m.checkedIn ? 'memberCheckedIn' : m.state === 'invited' ? 'memberInvited' : 'memberAccepted'
                    }`,
                  )}
                  {m.userId === team.captainId ? ` · ${t(`${R}.captain`)}` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
