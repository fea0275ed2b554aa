import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { OwnedTable } from './owned-rows.ts';
import type { Database } from './schema.ts';

/** Kysely types a query for one named table; these helpers serve any, so they build through one loose shape. */
type Loose = Record<string, Record<string, unknown>>;
const loose = (db: Kysely<Database>) => db as unknown as Kysely<Loose>;

/** The column values a row must have, each one compared for equality. */
type ColumnValues<T extends keyof Database> = Partial<Selectable<Database[T]>>;

function whereAll<O>(query: SelectQueryBuilder<Loose, string, O>, values: object) {
  for (const [column, value] of Object.entries(values)) query = query.where(column, '=', value);
  return query;
}

/** The row of `table` with every one of these column values (its key: a bracket's match, an idempotency key). */
export async function findRow<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  values: ColumnValues<T>,
): Promise<Selectable<Database[T]> | undefined> {
  const query = whereAll(
    loose(db)
      .selectFrom(table as string)
      .selectAll(),
    values,
  );
  return (await query.executeTakeFirst()) as Selectable<Database[T]> | undefined;
}

/** Every row of `table` with these column values, in the order of `orderBy`'s columns (each ascending). */
export async function findRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  values: ColumnValues<T>,
  orderBy: (keyof Database[T] & string)[],
): Promise<Selectable<Database[T]>[]> {
  let query = whereAll(
    loose(db)
      .selectFrom(table as string)
      .selectAll(),
    values,
  );
  for (const column of orderBy) query = query.orderBy(column);
  return (await query.execute()) as Selectable<Database[T]>[];
}

/**
 * Whether `table` holds a row with every one of these column values (a player's report of a match, a
 * redemption of a code): the one row found is enough, so the query stops there.
 */
export async function rowExists<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  values: ColumnValues<T>,
): Promise<boolean> {
  const query = whereAll(
    loose(db)
      .selectFrom(table as string)
      .select(sql<number>`1`.as('found')),
    values,
  );
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Of `ids`, those `table` holds a row for in `column` that has every one of `values` too (of these players,
 * those already reminded); an empty list asks the database nothing.
 */
export async function idsWithRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  column: keyof Database[T] & string,
  ids: string[],
  values: ColumnValues<T> = {},
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const key: string = column;
  const query = whereAll(
    loose(db)
      .selectFrom(table as string)
      .select(key)
      .distinct()
      .where(key, 'in', ids),
    values,
  );
  const rows = await query.execute();
  return new Set(rows.map((r) => r[key] as string));
}

/**
 * Of a brand's rows of `parent` (its `owner` column), the first one the user has a row of `table` under, `link`
 * naming the parent's id, with every one of `values` too; with `parentId`, that one only. The answer is that id
 * alone, or none: a fact the server checks before it acts, for which one row is enough, so the query stops there.
 */
export async function firstOwnedWithRow<T extends keyof Database & string>(
  db: Kysely<Database>,
  rows: {
    table: T;
    link: keyof Database[T] & string;
    parent: OwnedTable;
    values?: ColumnValues<T>;
    /** the row that counts first (the earliest, by this column), where several may */
    orderBy?: keyof Database[T] & string;
  },
  owner: string,
  userId: string,
  parentId?: string,
): Promise<string[]> {
  const { table, parent } = rows;
  // plain strings: the loose shape knows no column by name
  const link: string = `${table}.${rows.link}`;
  const mine: string = `${table}.user_id`;
  let query = loose(db)
    .selectFrom(table as string)
    .innerJoin(parent, `${parent}.id`, link)
    .select(sql.ref<string>(link).as('id'))
    .where(`${parent}.owner`, '=', owner)
    .where(mine, '=', userId);
  const values: object = rows.values ?? {};
  for (const [column, value] of Object.entries(values)) query = query.where(`${table}.${column}`, '=', value);
  if (parentId) query = query.where(link, '=', parentId);
  if (rows.orderBy) query = query.orderBy(`${table}.${rows.orderBy}`);
  return (await query.limit(1).execute()).map((r) => r.id);
}
