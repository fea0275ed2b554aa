/**
 * The `?sort=` values of a list, zod-free so the dashboard can build its headers from them:
 * `newest` (the list's natural order) and each key ascending (`name`) or descending (`-name`).
 */
export function sortValues<K extends string>(keys: readonly K[]): readonly ['newest', ...(K | `-${K}`)[]] {
  return ['newest', ...keys.flatMap((k) => [k, `-${k}`] as const)];
}

/** A sort value read back: its key and direction; `newest` has no key. */
export function sortOf(sort: string): { key: string; direction: 'asc' | 'desc' } | null {
  if (sort === 'newest') return null;
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'desc' } : { key: sort, direction: 'asc' };
}
