import type { ServiceContext } from '../../../platform/context.ts';
import type { EventBus } from '../../../platform/events.ts';
import * as BracketRepository from './repository.ts';
import { forfeitDisqualified } from './service.ts';

/**
 * What brackets answer the features below them: asked before a tournament is deleted, they say whether
 * a bracket was generated for it (played or not), and then it is kept; told of a disqualification, they
 * settle the player's open matches as forfeits and name each.
 */
export function registerBracketListeners(events: EventBus<ServiceContext>): void {
  events.on('tournaments.deleting', async (ctx, e) =>
    (await BracketRepository.findBracket(ctx.db.kysely, e.tournamentId)) ? [{ holds: 'bracket' }] : undefined,
  );
  events.on('tournaments.disqualified', async (ctx, e) =>
    (await forfeitDisqualified(ctx, e.tournamentId, e.userId)).map((forfeit) => ({ forfeit })),
  );
}
