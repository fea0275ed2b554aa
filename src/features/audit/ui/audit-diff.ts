import type { AuditCategory, AuditEntry } from '../contract.ts';
import { sectionPath, type DashboardSectionKey } from '../../../platform/ui/admin/sections.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

/**
 * An action's text in the admin's language (`audit.actions.<type>.<verb>`); the raw action when a newer server wrote
 * one this page does not know.
 */
export function actionLabel(t: Translator, action: string): string {
  const key = `audit.actions.${action}` as `audit.actions.${string}`;
  const text = t(key);
  return text === key ? action : text;
}

/** A category's name for the filter (`audit.categories.<category>`). */
export const categoryLabel = (t: Translator, category: AuditCategory): string => t(`audit.categories.${category}`);

/**
 * The tournament an entry is about, for the filter by tournament: the tournament itself (its roster, scoring,
 * teams, matches, bracket and prizes are recorded on it) or the tournament a match report belongs to.
 */
export function tournamentOf(e: AuditEntry): string | null {
  if (e.entityType === 'tournament') return e.entityId || null;
  if (e.entityType !== 'report') return null;
  const id = (e.after ?? e.before)?.tournamentId;
  return typeof id === 'string' && id ? id : null;
}

/** The tournament's name in an entry's label (its first part: the tournament's own name leads it). */
export const tournamentNameOf = (e: AuditEntry): string =>
  (tournamentOf(e) !== null && e.entityLabel.split(' · ')[0]) || '';

// the editor of each kind of record, opened with ?id=<entityId>
const editors: Record<string, DashboardSectionKey> = {
  product: 'productsEdit',
  giveaway: 'giveawayEdit',
  badge: 'badgesEdit',
  news: 'newsEdit',
  tournament: 'tournamentsEdit',
  competition: 'competitionsEdit',
};

/** The user page, by the player's id. */
const userPage = (id: string) => `/dashboard/users/view?${new URLSearchParams({ id })}`;

const isDeletion = (e: AuditEntry) => e.action.endsWith('.delete');

/**
 * Where an entry's object is seen in the dashboard (before localizing): its editor, the campaign's
 * queue or schedule, the player's page for a wallet, an e-mail or a purchase (the buyer's), the
 * image itself for an upload. null when there is nothing to open: the object was deleted by this
 * entry, or the kind has no page.
 */
export function auditObjectPath(e: AuditEntry): string | null {
  if (isDeletion(e) || !e.entityId) return null;
  const editor = editors[e.entityType];
  if (editor) return sectionPath(editor, { id: e.entityId });
  switch (e.entityType) {
    case 'wallet':
    case 'user':
      return userPage(e.entityId);
    case 'purchase': {
      const buyer = (e.after ?? e.before)?.userId;
      return typeof buyer === 'string' && buyer ? userPage(buyer) : null;
    }
    case 'report': {
      // a report is reviewed in its tournament's editor
      const tournament = tournamentOf(e);
      return tournament ? sectionPath('tournamentsEdit', { id: tournament }) : null;
    }
    case 'submission':
      return sectionPath('campaign');
    case 'campaign':
      return sectionPath('campaignSchedule');
    case 'media': {
      const url = e.after?.url;
      return typeof url === 'string' && url.startsWith('/media/') ? url : null;
    }
    default:
      return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top-level keys whose value differs between before and after (a key present on one side only counts). */
export function changedKeys(before: unknown, after: unknown): string[] {
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

/** A value pretty-printed as indented JSON, split into its top-level keys so each can be highlighted. */
export function prettyLines(value: unknown): { key: string | null; text: string }[] {
  if (!isObject(value)) return [{ key: null, text: JSON.stringify(value ?? null, null, 2) }];
  const entries = Object.entries(value);
  if (entries.length === 0) return [{ key: null, text: '{}' }];
  return [
    { key: null, text: '{' },
    ...entries.map(([k, v], i) => ({
      key: k,
      text: `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}${
        i < entries.length - 1 ? ',' : ''
      }`,
    })),
    { key: null, text: '}' },
  ];
}
