import { sql, type Kysely } from 'kysely';
import { countAll } from '../../../platform/db/database.ts';
import { byDay, dayOf, periodSum, periodSums, total } from '../../../platform/db/period-sums.ts';
import { countPerDaySince } from '../../../platform/db/rows-per-day.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { PRIZE_REFERENCE } from '../ledger-kind.ts';

type Db = Kysely<Database>;

/** The rewards' part of the admin overview's cards. */
export interface RewardCards {
  totalProducts: number;
  activeGiveaways: number;
  totalPurchases: number;
  redempionGiveaways: number;
  totalCreditsDistributed: number;
  totalCreditsSpent: number;
  pendingPurchases: number;
}

/**
 * The kinds of ledger entry the admin overview reconciles, one definition for the totals, the periods
 * and the days: earned (badge rewards, codes, tournament prizes), spent (purchases), adjusted by an admin
 * in and out. A prize is stored as an admin's credit whose reference names the prize (ledger-kind.ts): the
 * players earned it, so it counts as earned, not as added by an admin. An entry of any other kind is in
 * none of them and shows as the reconciliation's difference.
 */
const prize = sql`(type = 'adjustment' and reference like ${`${PRIZE_REFERENCE}%`})`;
const adjustment = sql`(type = 'adjustment' and (reference is null or reference not like ${`${PRIZE_REFERENCE}%`}))`;
export const ledgerKinds = {
  distributed: sql`case when (type in ('badge', 'giveaway') or ${prize}) and amount > 0 then amount else 0 end`,
  spent: sql`case when type = 'purchase' and amount < 0 then -amount else 0 end`,
  adjustedIn: sql`case when ${adjustment} and amount > 0 then amount else 0 end`,
  adjustedOut: sql`case when ${adjustment} and amount < 0 then -amount else 0 end`,
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

type Period = { current: RewardCards; previous: RewardCards };

/**
 * What each card's records did since `from` (yyyy-MM-dd, UTC) and in the same span before it,
 * from `previousFrom`: one query per table, each row counted in the period its created_at falls.
 */
export async function periodCounts(db: Db, owner: string, previousFrom: string, from: string): Promise<Period> {
  const periods = (name: string, value?: Parameters<typeof periodSums>[2], column?: string) =>
    periodSums(from, name, value, column);
  // the products and the codes an admin made in each period and has not deleted since
  const made = (table: 'products' | 'giveaways') =>
    db
      .selectFrom(table)
      .select(periods('n'))
      .where('owner', '=', owner)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', previousFrom)
      .executeTakeFirstOrThrow();
  const [products, giveaways, purchases, redemptions, ledger] = await Promise.all([
    made('products'),
    made('giveaways'),
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
  const read = periodSum;
  const side = (p: 'c' | 'p'): RewardCards => ({
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

export interface DayCounts {
  redemptions: Map<string, number>;
  purchases: Map<string, number>;
  distributed: Map<string, number>;
  spent: Map<string, number>;
  adjusted: Map<string, number>;
}

/**
 * Per-day counts and sums since `fromDay` (yyyy-MM-dd, inclusive): one GROUP BY query per table,
 * days with nothing are simply absent.
 */
export async function dailyCounts(db: Db, owner: string, fromDay: string): Promise<DayCounts> {
  const [redemptions, purchases, ledger] = await Promise.all([
    db
      .selectFrom('giveaway_redemptions')
      .innerJoin('giveaways', 'giveaways.id', 'giveaway_redemptions.giveaway_id')
      .where('giveaways.owner', '=', owner)
      .$call(countPerDaySince('giveaway_redemptions.created_at', fromDay))
      .execute(),
    db.selectFrom('purchases').where('owner', '=', owner).$call(countPerDaySince('created_at', fromDay)).execute(),
    // the overview's kinds of entry: earned, spent, and an admin's adjustments (credited minus debited)
    db
      .selectFrom('wallet_transactions')
      .select([
        dayOf('created_at').as('day'),
        total(ledgerKinds.distributed).as('distributed'),
        total(ledgerKinds.spent).as('spent'),
        total(sql`${ledgerKinds.adjustedIn} - ${ledgerKinds.adjustedOut}`).as('adjusted'),
      ])
      .where('owner', '=', owner)
      .where('created_at', '>=', fromDay)
      .groupBy(dayOf('created_at'))
      .execute(),
  ]);
  return {
    redemptions: byDay(redemptions),
    purchases: byDay(purchases),
    distributed: byDay(ledger.map((r) => ({ day: r.day, n: r.distributed }))),
    spent: byDay(ledger.map((r) => ({ day: r.day, n: r.spent }))),
    adjusted: byDay(ledger.map((r) => ({ day: r.day, n: r.adjusted }))),
  };
}
