import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badgeInputSchema, badgeSchema } from '../../rewards/contract.ts';
import { auditEntrySchema, auditQuerySchema } from '../../audit/contract.ts';
import { timeseriesQuerySchema, timeseriesSchema } from '../contract.ts';
import { imageUrl, limitQuery, offsetQuery, ownerQuery, searchQuery, text } from '../../../platform/schemas.ts';
import { envelope, errorResponses, listEnvelope, ok, okList } from '../../../platform/http/envelope.ts';
import * as AdminService from './activity-service.ts';
import * as AuditService from '../../audit/server/service.ts';
import * as BadgeService from '../../rewards/server/badge-service.ts';
import { recordAudit } from '../../audit/server/service.ts';
import { ownerOf } from '../../rewards/server/rewards-scope.ts';

const security = [{ bearer: [] }];

/** The admin dashboard's own calls: the audit log, the activity charts, badge creation. */
export default async function adminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/audit', {
    schema: { tags: ['admin'], summary: 'Audit log of admin writes, newest first (admin)', security, querystring: auditQuerySchema, response: { 200: listEnvelope(auditEntrySchema), ...errorResponses(400, 401, 403) } },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      const { rows, total } = await AuditService.list(app, { limit: req.query.limit, offset: req.query.offset, action: req.query.action || undefined, search: req.query.search || undefined });
      return okList(rows, total);
    },
  });

  app.get('/marketplace/dashboard/timeseries', {
    schema: { tags: ['dashboard'], summary: 'Daily activity of the last N UTC days, zeros included (admin)', security, querystring: timeseriesQuerySchema, response: { 200: envelope(timeseriesSchema), ...errorResponses(400, 401, 403, 404) } },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      ownerOf(app, req.query.owner);
      return ok({ days: await AdminService.timeseries(app, req.query.days) });
    },
  });

  app.post('/marketplace/badges', {
    schema: { tags: ['badges'], summary: 'Create a badge (admin); 409 BADGE_SLUG_TAKEN when the slug exists', security, querystring: z.object({ owner: ownerQuery }), body: badgeInputSchema, response: { 201: envelope(badgeSchema), ...errorResponses(400, 401, 403, 404, 409) } },
    onRequest: app.requireAdmin,
    handler: async (req, reply) => {
      const badge = await BadgeService.create(app, ownerOf(app, req.query.owner), req.body);
      await recordAudit(app, req, { action: 'badge.create', entityType: 'badge', entityId: badge._id, before: null, after: badge });
      return reply.code(201).send(ok(badge));
    },
  });
}
