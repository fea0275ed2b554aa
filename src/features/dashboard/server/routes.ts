import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badgeSchema, badgeTranslationsInput, badgeTriggers } from '../../rewards/badge-schemas.ts';
import { imageUrl, limitQuery, MAX_CREDITS, offsetQuery, ownerQuery, searchQuery, text } from '../../rewards/common-schemas.ts';
import { envelope, errorResponses, listEnvelope, ok, okList } from '../../../platform/http/envelope.ts';
import * as AdminService from './activity-service.ts';
import * as AuditService from '../../audit/server/service.ts';
import * as BadgeService from '../../rewards/server/badge-service.ts';
import { recordAudit } from '../../audit/server/service.ts';
import { ownerOf } from '../../rewards/server/rewards-scope.ts';

const security = [{ bearer: [] }];

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const auditQuerySchema = z.object({
  limit: limitQuery(20, 100),
  offset: offsetQuery,
  /** an exact action ('product.update') or a prefix ending in a dot ('product.') */
  action: z.union([z.literal(''), z.string().max(64).regex(/^[a-z_]+(\.[a-z_]*)?$/, 'action')]).optional(),
  search: searchQuery,
});

export const timeseriesQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30), owner: ownerQuery });

export const timeseriesSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      redemptions: z.number().int(),
      purchases: z.number().int(),
      creditsDistributed: z.number().int(),
      creditsSpent: z.number().int(),
    }),
  ),
});

/** POST /marketplace/badges (admin): a new badge on one of the server-verified triggers. */
export const badgeInputSchema = z.object({
  slug: z.string().regex(/^[a-z0-9_]{3,40}$/, 'slug'),
  name: text(80).min(1),
  description: text(500).default(''),
  icon: z.union([z.literal(''), imageUrl]).default(''),
  trigger: z.enum(badgeTriggers),
  rewardAmount: z.number().int().min(0).max(MAX_CREDITS).default(0),
  reusable: z.boolean().default(false),
  active: z.boolean().default(true),
  /** per-language texts; an empty English one falls back to the Italian */
  translations: badgeTranslationsInput,
});
export type BadgeInput = z.output<typeof badgeInputSchema>;

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
