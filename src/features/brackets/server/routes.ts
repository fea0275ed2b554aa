import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf, callerOf } from '../../../platform/http/plugins/auth.ts';
import { tournamentIdSchema } from '../../tournaments/contract.ts';
import * as BracketService from './service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { bracketsApi } from '../endpoints.ts';

const tournamentParams = z.object({ id: tournamentIdSchema });
const matchParams = z.object({ id: tournamentIdSchema, matchId: idSchema });

/** Brackets: the public bracket, generation and overrides by the admin, score reports by the players. */
export default async function bracketRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const route = declaredRoutes(root, bracketsApi, ['brackets']);
  // players and admins are checked once the input is validated
  const player = { auth: 'user', authAt: 'preHandler' } as const;
  const admin = { auth: 'admin', authAt: 'preHandler', errors: [400, 401, 403, 404, 409] } as const;

  route('GET /tournaments/:id/bracket', {
    summary:
      'The bracket of a single- or double-elimination, round-robin or Swiss tournament: ' +
      'rounds, matches (sides, scores, state, winner) and the round-robin group tables; ' +
      'empty before the admin generates it',
    params: tournamentParams,
    errors: [400, 404, 409],
    // shared by caches for a visitor; the admin's panel (with a token) always reads it fresh
    shared: 'live',
    handler: async (req) => ok(await BracketService.bracket(ctx, req.params.id)),
  });

  route('GET /tournaments/:id/bracket/mine', {
    summary: "The caller's matches that take a report now (awaiting or disputed), with their side and their own report",
    ...player,
    params: tournamentParams,
    errors: [400, 401, 404, 409],
    handler: async (req) => ok(await BracketService.mine(ctx, callerOf(req).id, req.params.id)),
  });

  route('POST /tournaments/:id/bracket', {
    summary:
      'Generate the bracket from the checked-in entrants (admin), seeded at random, in check-in order, ' +
      'in the order given (manual: `order`, every entrant once, else 400 BRACKET_ORDER_MISMATCH) or by ' +
      "ranking points (the championship's, else the last 12 months' finalised results), with byes to the top " +
      'seeds; again only while no match has a report or a result' +
      '; single elimination may add a third-place match (thirdPlace), ' +
      'double elimination plays a grand final reset unless grandFinalReset is false',
    ...admin,
    params: tournamentParams,
    handler: async (req) => ok(await BracketService.generate(ctx, actorOf(req), req.params.id, req.body)),
  });

  route('POST /tournaments/:id/bracket/matches/:matchId/report', {
    summary:
      "A side's score report (a player of side A or B; for a team, any member): agreeing reports confirm " +
      'the match and the winner goes on, differing ones mark it disputed; no draws in single elimination' +
      '; 403 NOT_CHECKED_IN once the player is disqualified, 409 TOURNAMENT_FINALIZED once finalised',
    ...player,
    params: matchParams,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) =>
      ok(await BracketService.report(ctx, callerOf(req).id, req.params.id, req.params.matchId, req.body)),
  });

  route('POST /tournaments/:id/bracket/matches/:matchId/override', {
    summary:
      "The admin's result for a match (resolving a dispute or correcting one): " +
      'the winner goes on and the next match reopens; refused (409) when the next match already has its result',
    ...admin,
    params: matchParams,
    handler: async (req) =>
      ok(await BracketService.override(ctx, actorOf(req), req.params.id, req.params.matchId, req.body)),
  });

  route('POST /tournaments/:id/bracket/next-round', {
    summary:
      "Close a Swiss bracket's current round and pair the next (admin): a match of the round without " +
      'its result counts as a 0–0 draw decided by the admin; 409 NOT_SWISS for another format, ' +
      'SWISS_NOT_CURRENT_ROUND when `round` is no longer the current one, SWISS_ROUNDS_DONE after the last round',
    ...admin,
    params: tournamentParams,
    handler: async (req) => ok(await BracketService.nextRound(ctx, actorOf(req), req.params.id, req.body)),
  });

  route('POST /tournaments/:id/bracket/playoff', {
    summary:
      "Seed a playoff from a complete Swiss or round-robin stage (admin): the stage's top `size` (group " +
      'winners first, then by the table) play a single- or double-elimination playoff; 409 NOT_A_STAGE, ' +
      'PLAYOFF_STAGE_INCOMPLETE, PLAYOFF_EXISTS, PLAYOFF_BAD_SIZE (size below 2 or above the entrants)',
    ...admin,
    params: tournamentParams,
    handler: async (req) => ok(await BracketService.createPlayoff(ctx, actorOf(req), req.params.id, req.body)),
  });
}
