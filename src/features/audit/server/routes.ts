import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema } from '../contract.ts';
import { errorResponses, listEnvelope, okList } from '../../../platform/http/envelope.ts';
import * as AuditService from './service.ts';

const security = [{ bearer: [] }];

/** The audit log of admin writes. */
export default async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/audit', {
    schema: {
      tags: ['audit'],
      summary: 'Audit log of admin writes, newest first (admin)',
      security,
      querystring: auditQuerySchema,
      response: { 200: listEnvelope(auditEntrySchema), ...errorResponses(400, 401, 403) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      const { rows, total } = await AuditService.list(app, {
        limit: req.query.limit,
        offset: req.query.offset,
        action: req.query.action || undefined,
        search: req.query.search || undefined,
      });
      return okList(rows, total);
    },
  });
}
