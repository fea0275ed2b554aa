import { sql, type RawBuilder } from 'kysely';

/** The sum of an expression over the rows, 0 when there are none, as a 64-bit integer on both engines. */
export const total = (expr: RawBuilder<unknown>) => sql<number>`cast(coalesce(sum(${expr}), 0) as bigint)`;

/**
 * `<name>_c` and `<name>_p`: the rows' `value` summed since `from` (yyyy-MM-dd, UTC) and before it (1 counts
 * them), each row counted in the period its `column` falls; the query bounds the earlier period itself.
 */
export const periodSums = (from: string, name: string, value: RawBuilder<unknown> = sql`1`, column = 'created_at') => [
  total(sql`case when ${sql.ref(column)} >= ${from} then ${value} else 0 end`).as(`${name}_c`),
  total(sql`case when ${sql.ref(column)} < ${from} then ${value} else 0 end`).as(`${name}_p`),
];

/** The current (`c`) or previous (`p`) period's sum `name` of a row read with periodSums. */
export const periodSum = (row: Record<string, unknown>, name: string, p: 'c' | 'p') => Number(row[`${name}_${p}`]);

/** substr(col, 1, 10): the UTC day of an ISO-8601 timestamp, the same text on both engines. */
export const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Per-day rows as a map from the day to its number. */
export const byDay = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
