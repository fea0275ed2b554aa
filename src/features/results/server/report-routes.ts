import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { reportSchema } from '../contract.ts';
import { idSchema } from '../../../platform/schemas.ts';
import { envelope, errorResponseSchema, errorResponses, ok, okList } from '../../../platform/http/envelope.ts';
import { acceptMultipart, readMultipart } from '../../../platform/http/multipart.ts';
import { actorOf, callerOf } from '../../../platform/http/plugins/auth.ts';
import * as ReportService from './report-service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { resultsApi } from '../endpoints.ts';

const tournamentParams = z.object({ id: idSchema });
const reportParams = tournamentParams.extend({ reportId: idSchema });
const bearer = [{ bearer: [] }];
const tags = ['results'];

/** Players' match reports and their moderation. */
export default async function reportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const route = declaredRoutes(root, resultsApi, tags);
  // scoped to this plugin, like the campaign's: only the report route reads multipart
  await acceptMultipart(app);
  // a handful of matches a day, but not a flood of image decoding from one account; counted in the
  // app's shared rate-limit store, so several processes share one quota
  const reportLimit = {
    max: 20,
    timeWindow: '10 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `report|${req.user?.id ?? req.ip}`,
  };

  app.post('/tournaments/:id/reports', {
    schema: {
      tags,
      summary:
        'Report a match (checked-in player, while live; multipart: ' +
        'matchNumber, placement, eliminations, then the screenshot in "file")',
      security: bearer,
      consumes: ['multipart/form-data'],
      params: tournamentParams,
      response: {
        201: envelope(reportSchema),
        ...errorResponses(400, 401, 403, 404, 409, 429),
        413: errorResponseSchema,
        415: errorResponseSchema,
      },
    },
    config: { rateLimit: reportLimit },
    onRequest: app.requireUser,
    handler: async (req, reply) =>
      reply.code(201).send(ok(await ReportService.submit(ctx, callerOf(req), req.params.id, await readMultipart(req)))),
  });
  route('GET /tournaments/:id/reports/mine', {
    summary: "The caller's reports in this tournament, by match",
    auth: 'user',
    params: tournamentParams,
    answer: 'list',
    errors: [400, 401, 404],
    handler: async (req) => {
      const rows = await ReportService.listMine(ctx, callerOf(req), req.params.id);
      return okList(rows, rows.length);
    },
  });
  route('GET /tournaments/:id/reports', {
    summary: 'The match reports queue (admin): oldest first, with duplicate pictures and disagreements',
    auth: 'admin',
    params: tournamentParams,
    answer: 'list',
    errors: [400, 401, 403, 404],
    handler: async (req) => {
      const rows = await ReportService.listQueue(ctx, req.params.id, req.query);
      return okList(rows, rows.length);
    },
  });
  route('POST /tournaments/:id/reports/:reportId/review', {
    summary:
      'Approve (records the line; overwrite to replace a different recorded line) ' +
      'or reject with a reason (admin); audited',
    auth: 'admin',
    params: reportParams,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) =>
      ok(await ReportService.review(ctx, actorOf(req), req.params.id, req.params.reportId, req.body)),
  });
}
