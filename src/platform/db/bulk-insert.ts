import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The rows one INSERT carries at the most: every row binds a parameter per column and both engines cap
 * the parameters of one statement, so a long list (a whole field of players) goes in several.
 */
const ROWS_PER_INSERT = 500;

/** Inserts all the rows into `table`, a slice of them per statement; an empty list sends nothing. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}
