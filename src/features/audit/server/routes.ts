import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQuerySchema, type AuditCategory, type AuditEntry, type AuditFilter } from '../contract.ts';
import { auditChanges, formatAuditValue } from '../diff.ts';
import { errorResponses, okPage } from '../../../platform/http/envelope.ts';
import { sendCsv, type CsvColumn } from '../../../platform/http/csv.ts';
import { serviceContext } from '../../../platform/context.ts';
import * as AuditService from './service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { auditApi } from '../endpoints.ts';

const security = [{ bearer: [] }];

/** The export's columns: one row per entry, its changes as `path: before → after` lines. */
const csvColumns: CsvColumn<AuditEntry>[] = [
  { header: 'createdAt', value: (e) => e.createdAt },
  { header: 'actor', value: (e) => e.actor.name },
  { header: 'actorId', value: (e) => e.actor.id },
  { header: 'action', value: (e) => e.action },
  { header: 'entityType', value: (e) => e.entityType },
  { header: 'entityId', value: (e) => e.entityId },
  { header: 'entityLabel', value: (e) => e.entityLabel },
  {
    header: 'changes',
    value: (e) =>
      auditChanges(e.before, e.after)
        .map((c) => `${c.path}: ${formatAuditValue(c.before)} → ${formatAuditValue(c.after)}`)
        .join('\n'),
  },
];

const filterOf = (q: Omit<AuditFilter, 'category'> & { category?: AuditCategory | '' }) => ({
  action: q.action || undefined,
  category: q.category || undefined,
  tournament: q.tournament || undefined,
  search: q.search || undefined,
  sort: q.sort,
});

/** The audit log of admin writes. */
export default async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const route = declaredRoutes(root, auditApi, ['audit']);

  route('GET /admin/audit', {
    summary: 'Audit log of admin writes, by action, category or tournament, in any order (admin)',
    auth: 'admin',
    answer: 'list',
    errors: [400, 401, 403],
    handler: async (req) =>
      okPage(
        await AuditService.list(ctx, { limit: req.query.limit, offset: req.query.offset, ...filterOf(req.query) }),
      ),
  });

  app.get('/admin/audit/export', {
    schema: {
      tags: ['audit'],
      summary: 'The audit log under the same filter, search and order, as CSV (admin; newest 10,000 entries)',
      security,
      querystring: auditExportQuerySchema,
      response: {
        200: z
          .string()
          .describe('text/csv: createdAt, actor, actorId, action, entityType, entityId, entityLabel, changes'),
        ...errorResponses(400, 401, 403),
      },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) =>
      sendCsv(reply, 'audit-log', csvColumns, await AuditService.exportRows(ctx, filterOf(req.query))),
  });
}
