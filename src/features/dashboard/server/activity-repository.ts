import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { ledgerKinds, total } from './repository.ts';

type Db = Kysely<Database>;

/** substr(col, 1, 10): the UTC day of an ISO-8601 timestamp, the same text on both engines. */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export interface DayCounts {
  signups: Map<string, number>;
  redemptions: Map<string, number>;
  purchases: Map<string, number>;
  distributed: Map<string, number>;
  spent: Map<string, number>;
  adjusted: Map<string, number>;
}

const toMap = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));

/**
 * Per-day counts and sums since `fromDay` (yyyy-MM-dd, inclusive): one GROUP BY query per table,
 * days with nothing are simply absent.
 */
export async function dailyCounts(db: Db, owner: string, fromDay: string): Promise<DayCounts> {
  const count = sql<number>`cast(count(*) as integer)`;
  const [signups, redemptions, purchases, ledger] = await Promise.all([
    db
      .selectFrom('users')
      .select([dayOf('created_at').as('day'), count.as('n')])
      .where('owner', '=', owner)
      .where('created_at', '>=', fromDay)
      .groupBy(dayOf('created_at'))
      .execute(),
    db
      .selectFrom('giveaway_redemptions')
      .innerJoin('giveaways', 'giveaways.id', 'giveaway_redemptions.giveaway_id')
      .select([dayOf('giveaway_redemptions.created_at').as('day'), count.as('n')])
      .where('giveaways.owner', '=', owner)
      .where('giveaway_redemptions.created_at', '>=', fromDay)
      .groupBy(dayOf('giveaway_redemptions.created_at'))
      .execute(),
    db
      .selectFrom('purchases')
      .select([dayOf('created_at').as('day'), count.as('n')])
      .where('owner', '=', owner)
      .where('created_at', '>=', fromDay)
      .groupBy(dayOf('created_at'))
      .execute(),
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
    signups: toMap(signups),
    redemptions: toMap(redemptions),
    purchases: toMap(purchases),
    distributed: toMap(ledger.map((r) => ({ day: r.day, n: r.distributed }))),
    spent: toMap(ledger.map((r) => ({ day: r.day, n: r.spent }))),
    adjusted: toMap(ledger.map((r) => ({ day: r.day, n: r.adjusted }))),
  };
}
