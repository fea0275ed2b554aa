import { sql, type Kysely, type RawBuilder } from 'kysely';
import { countAll } from '../../../platform/db/database.ts';
import type { Database } from '../../../platform/db/schema.ts';
import type { DashboardCards } from '../contract.ts';

type Db = Kysely<Database>;

/** The sum of an expression over the rows, 0 when there are none, as a 64-bit integer on both engines. */
export const total = (expr: RawBuilder<unknown>) => sql<number>`cast(coalesce(sum(${expr}), 0) as bigint)`;

/**
 * The kinds of ledger entry the overview reconciles, one definition for the totals, the periods
 * and the days: earned (badge rewards, codes), spent (purchases), adjusted by an admin in and out.
 * An entry of any other kind is in none of them and shows as the reconciliation's difference.
 */
export const ledgerKinds = {
  distributed: sql`case when type in ('badge', 'giveaway') and amount > 0 then amount else 0 end`,
  spent: sql`case when type = 'purchase' and amount < 0 then -amount else 0 end`,
  adjustedIn: sql`case when type = 'adjustment' and amount > 0 then amount else 0 end`,
  adjustedOut: sql`case when type = 'adjustment' and amount < 0 then -amount else 0 end`,
};

/** The whole ledger by kind, and the sum of the balances it should add up to. */
export async function ledgerTotals(
  db: Db,
  owner: string,
): Promise<{ distributed: number; spent: number; adjustedIn: number; adjustedOut: number; balances: number }> {
  const [row, wallets] = await Promise.all([
    db
      .selectFrom('wallet_transactions')
      .select([
        total(ledgerKinds.distributed).as('distributed'),
        total(ledgerKinds.spent).as('spent'),
        total(ledgerKinds.adjustedIn).as('adjustedIn'),
        total(ledgerKinds.adjustedOut).as('adjustedOut'),
      ])
      .where('owner', '=', owner)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallets')
      .select(total(sql`balance`).as('balances'))
      .where('owner', '=', owner)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    distributed: Number(row.distributed),
    spent: Number(row.spent),
    adjustedIn: Number(row.adjustedIn),
    adjustedOut: Number(row.adjustedOut),
    balances: Number(wallets.balances),
  };
}

export async function purchaseCounts(db: Db, owner: string): Promise<{ total: number; pending: number }> {
  const row = await db
    .selectFrom('purchases')
    .select([
      countAll().as('total'),
      sql<number>`cast(coalesce(sum(case when fulfilled = 0 then 1 else 0 end), 0) as integer)`.as('pending'),
    ])
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending) };
}

type Period = { current: DashboardCards; previous: DashboardCards };

/**
 * What each card's records did since `from` (yyyy-MM-dd, UTC) and in the same span before it,
 * from `previousFrom`: one query per table, each row counted in the period its created_at falls.
 */
export async function periodCounts(db: Db, owner: string, previousFrom: string, from: string): Promise<Period> {
  // `<name>_c` and `<name>_p`: the rows' `value` summed in the current and the previous period (1 counts them)
  const periods = (name: string, value: RawBuilder<unknown> = sql`1`, column = 'created_at') => [
    total(sql`case when ${sql.ref(column)} >= ${from} then ${value} else 0 end`).as(`${name}_c`),
    total(sql`case when ${sql.ref(column)} < ${from} then ${value} else 0 end`).as(`${name}_p`),
  ];
  const [users, products, giveaways, purchases, redemptions, ledger] = await Promise.all([
    db
      .selectFrom('users')
      .select(periods('n'))
      .where('owner', '=', owner)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select(periods('n'))
      .where('owner', '=', owner)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('giveaways')
      .select(periods('n'))
      .where('owner', '=', owner)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('purchases')
      .select([...periods('n'), ...periods('pending', sql`case when fulfilled = 0 then 1 else 0 end`)])
      .where('owner', '=', owner)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('giveaway_redemptions')
      .innerJoin('giveaways', 'giveaways.id', 'giveaway_redemptions.giveaway_id')
      .select(periods('n', sql`1`, 'giveaway_redemptions.created_at'))
      .where('giveaways.owner', '=', owner)
      .where('giveaway_redemptions.created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_transactions')
      .select([...periods('distributed', ledgerKinds.distributed), ...periods('spent', ledgerKinds.spent)])
      .where('owner', '=', owner)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow(),
  ]);
  const read = (row: Record<string, unknown>, name: string, p: 'c' | 'p') => Number(row[`${name}_${p}`]);
  const side = (p: 'c' | 'p'): DashboardCards => ({
    totalUsers: read(users, 'n', p),
    totalProducts: read(products, 'n', p),
    activeGiveaways: read(giveaways, 'n', p),
    totalPurchases: read(purchases, 'n', p),
    redempionGiveaways: read(redemptions, 'n', p),
    totalCreditsDistributed: read(ledger, 'distributed', p),
    totalCreditsSpent: read(ledger, 'spent', p),
    pendingPurchases: read(purchases, 'pending', p),
  });
  return { current: side('c'), previous: side('p') };
}
