import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema.ts';

/** Kysely types a query for one named table; this helper serves any, so it builds through one loose shape. */
const loose = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/**
 * Whether `table` holds a row with every one of these column values (a player's report of a match, a
 * redemption of a code): the one row found is enough, so the query stops there.
 */
export async function rowExists<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  values: Partial<Selectable<Database[T]>>,
): Promise<boolean> {
  let query = loose(db)
    .selectFrom(table as string)
    .select(sql<number>`1`.as('found'));
  for (const [column, value] of Object.entries(values)) query = query.where(column, '=', value);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Of `ids`, those `table` holds a row for in `column` that has every one of `values` too (of these players,
 * those already reminded); an empty list asks the database nothing.
 */
export async function idsWithRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  column: keyof Database[T] & string,
  ids: string[],
  values: Partial<Selectable<Database[T]>> = {},
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const key: string = column;
  let query = loose(db)
    .selectFrom(table as string)
    .select(key)
    .distinct()
    .where(key, 'in', ids);
  for (const [name, value] of Object.entries(values)) query = query.where(name, '=', value);
  const rows = await query.execute();
  return new Set(rows.map((r) => r[key] as string));
}
