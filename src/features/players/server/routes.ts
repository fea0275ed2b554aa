import type { FastifyInstance } from 'fastify';
import { ok } from '../../../platform/http/envelope.ts';
import { serviceContext } from '../../../platform/context.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { playerParamsSchema } from '../contract.ts';
import { playersApi } from '../endpoints.ts';
import * as PlayerService from './service.ts';

/** The players' public pages: one read, the same for every anonymous reader. */
export default async function playerRoutes(root: FastifyInstance) {
  const ctx = serviceContext(root);
  const route = declaredRoutes(root, playersApi, ['players']);

  route('GET /players/me/tournaments', {
    summary: "The caller's check-in, rank and points in each of these tournaments (?ids=a,b, at most 50)",
    auth: 'user',
    authAt: 'preHandler',
    errors: [400, 401],
    handler: async (req) => ok(await PlayerService.myStandings(ctx, req.user!.id, req.query.ids)),
  });

  route('GET /players/:username', {
    summary: "A player's public page: faction, badges and tournament history (newest first, ?offset pages it)",
    params: playerParamsSchema,
    errors: [400, 404],
    shared: 'live',
    handler: async (req) =>
      ok(await PlayerService.profile(ctx, req.params.username, req.query.offset, req.user?.id ?? null)),
  });
}
