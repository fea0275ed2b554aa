import { sql, type Kysely } from 'kysely';
import { countAll } from '../../../platform/db/database.ts';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database>;

/** Sums of the ledger by sign and type, for the dashboard cards. */
export async function ledgerTotals(db: Db, owner: string): Promise<{ distributed: number; spent: number }> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select([sql<number>`cast(coalesce(sum(case when amount > 0 then amount else 0 end), 0) as bigint)`.as('distributed'), sql<number>`cast(coalesce(sum(case when type = 'purchase' then -amount else 0 end), 0) as bigint)`.as('spent')])
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  return { distributed: Number(row.distributed), spent: Number(row.spent) };
}

export async function purchaseCounts(db: Db, owner: string): Promise<{ total: number; pending: number }> {
  const row = await db
    .selectFrom('purchases')
    .select([countAll().as('total'), sql<number>`cast(coalesce(sum(case when fulfilled = 0 then 1 else 0 end), 0) as integer)`.as('pending')])
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending) };
}
