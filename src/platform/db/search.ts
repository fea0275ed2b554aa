import { sql, type Expression, type RawBuilder } from 'kysely';
import { sortOf } from '../list-sort.ts';

/**
 * Case-insensitive "contains" on one column, the same on both engines: SQLite's LIKE ignores
 * ASCII case but PostgreSQL's does not, so both sides are lowered; % and _ typed by a user are
 * matched literally.
 */
export function contains(column: string, search: string): RawBuilder<boolean> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * A text as searches compare it: lower case, without accents or other marks, runs of blanks as one
 * space, so "Città" and "CITTA" read "citta". SQLite's lower() changes ASCII only and neither engine
 * strips accents without an extension, so the folding happens here, the same for both: once when a
 * searchable text is written (into its folded column) and once for what a user types.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Several texts (a name in each language) folded into one column, a line each: a search never spans two. */
export const searchKey = (...texts: (string | null | undefined)[]): string =>
  texts.map((t) => foldForSearch(t ?? '')).join('\n');

/**
 * "Contains" on a column written by foldForSearch or searchKey: the typed text is folded the same way, and % and
 * _ in it are matched literally.
 */
export function containsFolded(column: string, search: string): RawBuilder<boolean> {
  const pattern = `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** A text column as it sorts: by its lowered value, so both engines agree whatever their collation. */
export const byText = (column: string): RawBuilder<string> => sql<string>`lower(${sql.ref(column)})`;

/** `?sort=` as ORDER BY: the expression of its key in `columns` and the direction, or null for the list's own order. */
export function orderFor(
  sort: string,
  columns: Record<string, Expression<unknown>>,
): [Expression<unknown>, 'asc' | 'desc'] | null {
  const order = sortOf(sort);
  const by = order && columns[order.key];
  return by && order ? [by, order.direction] : null;
}
