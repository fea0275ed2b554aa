import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema.ts';

/** The tables whose rows belong to one brand: they have an `owner` column. */
export type OwnedTable = keyof Database &
  { [T in keyof Database]: Database[T] extends { owner: string } ? T : never }[keyof Database];

/** Of those, the tables whose rows have an `id`. */
type IdentifiedTable = OwnedTable &
  { [T in keyof Database]: Database[T] extends { id: string } ? T : never }[keyof Database];

/** A column of an owned table and the value looked for, written as one property: `{ id }`, `{ slug }`, `{ token }`. */
export type RowKey<T extends OwnedTable> = Partial<Record<keyof Database[T] & string, string>>;

/**
 * The same queries on any owned table, typed here once: Kysely types a query for one named table, so a
 * helper over several sees them through this one loose shape and answers the caller's table type again.
 */
type AnyOwned = Record<string, { id: string; owner: string; deleted_at: string | null; [column: string]: unknown }>;
const loose = (db: Kysely<Database>) => db as unknown as Kysely<AnyOwned>;

/**
 * A brand's row by one of its unique columns (its id, a slug, a code): undefined when there is none, or it is
 * another brand's, or (with `live`, on a table that deletes softly) it is deleted.
 */
export async function findOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  owner: string,
  key: RowKey<T>,
  live = false,
): Promise<Selectable<Database[T]> | undefined> {
  const [[column, value]] = Object.entries(key);
  let query = loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('owner', '=', owner)
    .where(column, '=', value!);
  if (live) query = query.where('deleted_at', 'is', null);
  return (await query.executeTakeFirst()) as Selectable<Database[T]> | undefined;
}

/**
 * Changes a brand's row by its id; false when it has none by that id (unknown, or another brand's, or with `live`
 * on a table that deletes softly, deleted).
 */
export async function updateOwned<T extends IdentifiedTable>(
  db: Kysely<Database>,
  table: T,
  owner: string,
  id: string,
  changes: Updateable<Database[T]>,
  live = false,
): Promise<boolean> {
  let query = loose(db)
    .updateTable(table as string)
    .set(changes as Updateable<AnyOwned[string]>)
    .where('owner', '=', owner)
    .where('id', '=', id);
  if (live) query = query.where('deleted_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
