import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How a read inside a transaction holds the rows it found until the transaction ends:
 * - `share`: others may read and share them, but a transaction that holds them for `update` waits;
 * - `update`: every other holder, and every insert whose foreign key names one of them, waits.
 *
 * On PostgreSQL this is the select's FOR SHARE or FOR UPDATE. SQLite has no row locks and needs none here: its
 * one connection runs one transaction at a time in this process, and the write lock keeps other processes out.
 */
export type RowHold = 'share' | 'update';

/** Whether the engine behind `db` locks rows (PostgreSQL) rather than the whole database (SQLite). */
export const locksRows = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `query` holding the rows it reads as `hold` says, on the engine behind `db`. */
export function holding<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  hold: RowHold,
): SelectQueryBuilder<DB, TB, O> {
  if (!locksRows(db)) return query;
  return hold === 'share' ? query.forShare() : query.forUpdate();
}
