import type { ServiceContext } from '../../../platform/context.ts';
import type { EventBus } from '../../../platform/events.ts';
import * as HoldingsRepository from './holdings-repository.ts';
import * as ResultsRepository from './repository.ts';

/**
 * What results answer the features below them: asked before a tournament is deleted, they say whether
 * they keep its results (its matches, lines, reports or placements), and then it is kept; asked for the
 * roster's export, they name the team each player has among the teams the organiser formed.
 */
export function registerResultsListeners(events: EventBus<ServiceContext>): void {
  events.on('tournaments.deleting', async (ctx, e) =>
    (await HoldingsRepository.holdsResults(ctx.db.kysely, e.tournamentId)) ? [{ holds: 'results' }] : undefined,
  );
  events.on('tournaments.roster_teams', async (ctx, e) =>
    (await ResultsRepository.teamsOf(ctx.db.kysely, e.tournamentId)).flatMap((team) =>
      team.members.map((userId) => ({ userId, team: team.name })),
    ),
  );
}
