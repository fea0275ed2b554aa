import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { cachedJson } from '../../../platform/http/response-cache.ts';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import {
  myStandingSchema,
  myStandingsQuerySchema,
  playerParamsSchema,
  playerProfileSchema,
  playerQuerySchema,
} from '../contract.ts';
import * as PlayerService from './service.ts';

/** The players' public pages: one read, the same for every anonymous reader. */
export default async function playerRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);

  app.get('/players/me/tournaments', {
    schema: {
      tags: ['players'],
      summary: "The caller's check-in, rank and points in each of these tournaments (?ids=a,b, at most 50)",
      security: [{ bearer: [] }],
      querystring: myStandingsQuerySchema,
      response: { 200: envelope(z.array(myStandingSchema)), ...errorResponses(400, 401) },
    },
    preHandler: app.requireUser,
    handler: async (req) => ok(await PlayerService.myStandings(ctx, req.user!.id, req.query.ids)),
  });

  app.get('/players/:username', {
    schema: {
      tags: ['players'],
      summary: "A player's public page: faction, badges and tournament history (newest first, ?offset pages it)",
      params: playerParamsSchema,
      querystring: playerQuerySchema,
      response: { 200: envelope(playerProfileSchema), ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      cacheForViewer(req, reply);
      return cachedJson(app, req, reply, async () =>
        ok(await PlayerService.profile(ctx, req.params.username, req.query.offset, req.user?.id ?? null)),
      );
    },
  });
}
