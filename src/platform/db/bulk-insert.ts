import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The rows one INSERT carries at the most: every row binds a parameter per column and both engines cap
 * the parameters of one statement, so a long list (a whole field of players) goes in several.
 */
const ROWS_PER_INSERT = 500;

/**
 * Writes the rows a slice per statement, one after the other, and gathers what each statement returns: for an
 * insert of its own shape (one that skips conflicts, or returns its rows). An empty list sends nothing.
 */
export async function inSlices<Row, Out>(rows: Row[], write: (slice: Row[]) => Promise<Out[]>): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(...(await write(rows.slice(i, i + ROWS_PER_INSERT))));
  return out;
}

/** Inserts all the rows into `table`, a slice of them per statement; an empty list sends nothing. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  await inSlices(rows, async (slice) => {
    await db.insertInto(table).values(slice).execute();
    return [];
  });
}
