import type { ServiceContext } from '../../../platform/context.ts';
import type { EventBus } from '../../../platform/events.ts';
import * as HoldingsRepository from './holdings-repository.ts';

/**
 * What results answer the features below them: asked before a tournament is deleted, they say whether
 * they keep its results (its matches, lines, reports or placements), and then it is kept.
 */
export function registerResultsListeners(events: EventBus<ServiceContext>): void {
  events.on('tournaments.deleting', async (ctx, e) =>
    (await HoldingsRepository.holdsResults(ctx.db.kysely, e.tournamentId)) ? [{ holds: 'results' }] : undefined,
  );
}
