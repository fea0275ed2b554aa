import { z } from 'zod';
import { limitQuery, offsetQuery, searchQuery } from '../../platform/schemas.ts';
import { sortValues } from '../../platform/list-sort.ts';

/** One admin action of GET /api/admin/audit: who did what to which record, with the record before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** the object's name when the entry was written (a rename keeps both names); '' when it has none */
  entityLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The orders of the log and of its export: the column headers when, who and action. */
export const auditSorts = sortValues(['date', 'who', 'action']);

/** The filter of the log and of its export: an action, and a search in who, what and which object (by name or id). */
const auditFilter = {
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
  /** `newest` (the log's order), or by date, actor name or action, `-` for descending */
  sort: z.enum(auditSorts).default('newest'),
};

export const auditQuerySchema = z.object({ limit: limitQuery(20, 100), offset: offsetQuery, ...auditFilter });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /admin/audit/export: the entries the log shows under the same filter, newest first, as CSV. */
export const auditExportQuerySchema = z.object(auditFilter);
export type AuditFilter = { action?: string; search?: string; sort?: string };

/** At most this many entries in one export (the newest): a download stays a few megabytes. */
export const AUDIT_EXPORT_MAX = 10_000;
