/** The action prefixes of the filter (an entry's action is "<prefix><verb>", e.g. "news.publish"). */
export const auditActionPrefixes = ['product.', 'giveaway.', 'badge.', 'wallet.', 'purchase.', 'tournament.', 'competition.', 'news.', 'media.'] as const;

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
