import type { AuditEntry } from '../contract.ts';
import { sectionPath, type DashboardSectionKey } from '../../../platform/ui/admin/sections.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

/** The action prefixes of the filter (an entry's action is "<prefix><verb>", e.g. "news.publish"). */
export const auditActionPrefixes = [
  'product.',
  'giveaway.',
  'badge.',
  'wallet.',
  'purchase.',
  'tournament.',
  'competition.',
  'news.',
  'media.',
  'campaign.',
  'submission.',
  'user.',
] as const;

/** An action's text in the admin's language (`audit.actions.<type>.<verb>`); the raw action when a newer server wrote one this page does not know. */
export function actionLabel(t: Translator, action: string): string {
  const key = `audit.actions.${action}` as `audit.actions.${string}`;
  const text = t(key);
  return text === key ? action : text;
}

/** An entity type's name for the filter (`audit.entities.<type>`), the prefix itself when unknown. */
export function entityTypeLabel(t: Translator, prefix: string): string {
  const key = `audit.entities.${prefix.replace(/\.$/, '')}` as `audit.entities.${string}`;
  const text = t(key);
  return text === key ? prefix : text;
}

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
      text: `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}${i < entries.length - 1 ? ',' : ''}`,
    })),
    { key: null, text: '}' },
  ];
}
