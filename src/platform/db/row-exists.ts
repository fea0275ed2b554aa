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
