import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../platform/http/plugins/auth.ts';
import { finaliseInputSchema, finaliseResultSchema } from '../contract.ts';
import * as FinaliseService from './finalise-service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { resultsApi } from '../endpoints.ts';

const tags = ['results (admin)'];
const security = [{ bearer: [] }];
const params = z.object({ id: idSchema });

/** What the composition root hands these routes: the link to brackets (finalise-service.ts). */
export interface FinaliseRoutesOptions {
  finaliseLinks: FinaliseService.FinaliseLinks;
}

/** Prizes and finalising; admin only. The response cache empties after each write, as after every admin write. */
export default async function finaliseRoutes(root: FastifyInstance, options: FinaliseRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const links = options.finaliseLinks;

  const route = declaredRoutes(root, resultsApi, tags);
  // the admin check before the input is read: a player learns nothing of what these routes would take
  const admin = { auth: 'admin', params } as const;

  route('GET /tournaments/:id/prizes', {
    summary:
      'The prize table (credits by rank) and the payouts: paid once finalised, else what the live standings would pay',
    ...admin,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await FinaliseService.prizes(ctx, links, req.params.id)),
  });

  route('PUT /tournaments/:id/prizes', {
    summary:
      'Set the prize table: credits each player of an entrant gets by rank range; 409 TOURNAMENT_FINALIZED once paid',
    ...admin,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) =>
      ok(await FinaliseService.savePrizes(ctx, links, actorOf(req), req.params.id, req.body.prizes)),
  });

  app.post('/tournaments/:id/finalise', {
    schema: {
      tags,
      summary:
        'Freeze the standings, end the tournament and pay its prizes (credits, top-N and winner badges) ' +
        'once; 409 TOURNAMENT_FINALIZED the second time, 409 RESULTS_INCOMPLETE ' +
        '(the problems as issues) while results are incomplete unless confirmIncomplete',
      security,
      params,
      // no body: nothing confirmed
      body: finaliseInputSchema.nullish(),
      response: { 200: envelope(finaliseResultSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    // the admin check before the body is read
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await FinaliseService.finalise(ctx, links, actorOf(req), req.params.id, req.body ?? {})),
  });
}
