import { sql, type SelectQueryBuilder } from 'kysely';
import { countAll } from './database.ts';
import { dayOf } from './period-sums.ts';

/**
 * For a query's `.$call`: its rows from `fromDay` (yyyy-MM-dd, inclusive) on, counted per UTC day of `column`,
 * as `day` and `n` (byDay reads them); a day without rows is absent.
 */
export const countPerDaySince =
  (column: string, fromDay: string) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query
      .select([dayOf(column).as('day'), countAll().as('n')])
      .where(sql.ref(column), '>=', fromDay)
      .groupBy(dayOf(column));
