import { z } from 'zod';
import { limitQuery, offsetQuery, searchQuery } from '../../platform/schemas.ts';

/** One admin action of GET /api/admin/audit: who did what to which record, with the record before and after. */
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

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: limitQuery(20, 100),
  offset: offsetQuery,
  /** an exact action ('product.update') or a prefix ending in a dot ('product.') */
  action: z
    .union([
      z.literal(''),
      z
        .string()
        .max(64)
        .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'action'),
    ])
    .optional(),
  search: searchQuery,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
