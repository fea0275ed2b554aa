import { z } from 'zod';
import { idSchema, limitQuery, offsetQuery, searchQuery } from '../../platform/schemas.ts';
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

/**
 * Every action a feature records, each in the filter's category it belongs to. A feature's audit call
 * takes only these names (the type below), and each has a text in both languages (`audit.actions.*`).
 */
export const auditActionCategories = {
  'product.create': 'products',
  'product.update': 'products',
  'product.delete': 'products',
  'giveaway.create': 'codes',
  'giveaway.update': 'codes',
  'giveaway.delete': 'codes',
  'badge.create': 'badges',
  'badge.update': 'badges',
  'badge.toggle': 'badges',
  'badge.award': 'badges',
  'wallet.adjust': 'wallets',
  'purchase.fulfill': 'purchases',
  'purchase.unfulfill': 'purchases',
  'tournament.create': 'tournaments',
  'tournament.update': 'tournaments',
  'tournament.delete': 'tournaments',
  'tournament.archive': 'tournaments',
  'tournament.unarchive': 'tournaments',
  'tournament.broadcast': 'tournaments',
  'tournament.player_add': 'roster',
  'tournament.player_remove': 'roster',
  'tournament.player_disqualify': 'roster',
  'tournament.player_checkin': 'roster',
  'tournament.player_checkout': 'roster',
  'tournament.player_promote': 'roster',
  'tournament.waitlist_move': 'roster',
  'scoring.update': 'scoring',
  'team.update': 'teams',
  'team.auto': 'teams',
  'lobby.update': 'teams',
  'lobby.auto': 'teams',
  'lobby.code': 'teams',
  'lobby.follow': 'teams',
  'match.create': 'matches',
  'match.update': 'matches',
  'match.void': 'matches',
  'match.record': 'matches',
  'report.approve': 'reports',
  'report.reject': 'reports',
  'report.follow': 'reports',
  'bracket.generate': 'brackets',
  'bracket.regenerate': 'brackets',
  'bracket.resolve': 'brackets',
  'bracket.override': 'brackets',
  'bracket.next_round': 'brackets',
  'bracket.playoff': 'brackets',
  'tournament.prizes': 'prizes',
  'tournament.finalise': 'prizes',
  'competition.create': 'competitions',
  'competition.update': 'competitions',
  'competition.teams': 'competitions',
  'competition.delete': 'competitions',
  'news.create': 'news',
  'news.update': 'news',
  'news.publish': 'news',
  'news.unpublish': 'news',
  'news.delete': 'news',
  'media.upload': 'media',
  'campaign.update': 'campaign',
  'submission.review': 'submissions',
  'user.email': 'users',
  'user.email_request': 'users',
  'user.role_grant': 'users',
  'user.role_revoke': 'users',
  'user.block': 'users',
  'user.unblock': 'users',
  'user.delete': 'users',
} as const;

export type AuditAction = keyof typeof auditActionCategories;
export type AuditCategory = (typeof auditActionCategories)[AuditAction];
export const auditActions = Object.keys(auditActionCategories) as AuditAction[];

/** The filter's categories, in the order the filter offers them. */
export const auditCategories = [
  ...new Set(Object.values(auditActionCategories)),
] as readonly AuditCategory[] as readonly [AuditCategory, ...AuditCategory[]];

/** The actions of one category. */
export const actionsIn = (category: AuditCategory): AuditAction[] =>
  auditActions.filter((a) => auditActionCategories[a] === category);

/** The orders of the log and of its export: the column headers when, who and action. */
export const auditSorts = sortValues(['date', 'who', 'action']);

/**
 * The filter of the log and of its export: an action or a category of actions, a tournament, and a search in
 * who, what and which object (by name or id).
 */
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
  /** a category of actions (`matches`, `reports`, `prizes`…): its actions, whatever their prefix */
  category: z.union([z.literal(''), z.enum(auditCategories)]).optional(),
  /** a tournament's id: what was done to it, its roster, scoring, teams, matches, reports, bracket and prizes */
  tournament: z.union([z.literal(''), idSchema]).optional(),
  search: searchQuery,
  /** `newest` (the log's order), or by date, actor name or action, `-` for descending */
  sort: z.enum(auditSorts).default('newest'),
};

export const auditQuerySchema = z.object({ limit: limitQuery(20, 100), offset: offsetQuery, ...auditFilter });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /admin/audit/export: the entries the log shows under the same filter, newest first, as CSV. */
export const auditExportQuerySchema = z.object(auditFilter);
export type AuditFilter = {
  action?: string;
  category?: AuditCategory;
  tournament?: string;
  search?: string;
  sort?: string;
};

/** At most this many entries in one export (the newest): a download stays a few megabytes. */
export const AUDIT_EXPORT_MAX = 10_000;
