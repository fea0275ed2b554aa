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
