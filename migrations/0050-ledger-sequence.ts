import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// contract: entries written by a release before it carry no sequence number and would sort after every
// numbered one: the history would disagree with the balance again
export const kind = 'contract';

/**
 * A per-wallet sequence for the ledger. History was ordered by created_at, taken before the wallet
 * row's lock: on PostgreSQL, concurrent entries committed in another order than their times, and
 * the history's running balance disagreed with the balance. `wallets.seq` is incremented by the
 * same UPDATE that changes the balance, under its lock, and the entry keeps that number.
 * Entries written before this migration keep seq null and stay ordered by time, after every
 * numbered one (the ledger is append-only: its triggers refuse a backfill).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('wallets')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('wallet_transactions').addColumn('seq', 'integer').execute();
  await db.schema
    .createIndex('wallet_transactions_user_seq')
    .on('wallet_transactions')
    .columns(['user_id', 'seq'])
    .execute();
}
