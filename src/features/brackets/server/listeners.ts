import type { ServiceContext } from '../../../platform/context.ts';
import type { EventBus } from '../../../platform/events.ts';
import * as BracketRepository from './repository.ts';
import { forfeitLeaving } from './service.ts';

/**
 * What brackets answer the features below them: asked before a tournament is deleted, they say whether
 * a bracket was generated for it (played or not), and then it is kept; told of a player disqualified or removed
 * from the roster, they settle the open matches of the entrant left without players as forfeits and name each.
 */
export function registerBracketListeners(events: EventBus<ServiceContext>): void {
  events.on('tournaments.deleting', async (ctx, e) =>
    (await BracketRepository.findBracket(ctx.db.kysely, e.tournamentId)) ? [{ holds: 'bracket' }] : undefined,
  );
  const forfeits = async (ctx: ServiceContext, e: { tournamentId: string; userId: string }) =>
    (await forfeitLeaving(ctx, e.tournamentId, e.userId)).map((forfeit) => ({ forfeit }));
  events.on('tournaments.disqualified', forfeits);
  events.on('tournaments.removed', forfeits);
}
