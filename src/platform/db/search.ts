import { sql, type RawBuilder } from 'kysely';

/**
 * Case-insensitive "contains" on one column, the same on both engines: SQLite's LIKE ignores
 * ASCII case but PostgreSQL's does not, so both sides are lowered; % and _ typed by a user are
 * matched literally.
 */
export function contains(column: string, search: string): RawBuilder<boolean> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
