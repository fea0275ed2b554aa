import type { Kysely, Updateable } from 'kysely';
import type { Database } from './schema.ts';

/** The tables whose rows are deleted softly: a brand's records that purchases and redemptions still point at. */
type SoftDeletable = 'products' | 'giveaways';

/**
 * Changes a brand's record that is not deleted, stamping updated_at; false when there is none
 * (unknown, another brand's, or deleted), which the service turns into its not-found error.
 */
export async function updateLive<T extends SoftDeletable>(
  db: Kysely<Database>,
  table: T,
  owner: string,
  id: string,
  changes: Updateable<Database[T]>,
): Promise<boolean> {
  // the union of the two tables is one shape for the columns used here (owner, id, deleted_at, updated_at)
  const result = await db
    .updateTable(table as SoftDeletable)
    .set({ updated_at: new Date().toISOString(), ...changes } as Updateable<Database[SoftDeletable]>)
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft delete: the row stays for what points at it, and leaves every list and lookup. */
export function softDelete(db: Kysely<Database>, table: SoftDeletable, owner: string, id: string): Promise<boolean> {
  const now = new Date().toISOString();
  return updateLive(db, table, owner, id, { deleted_at: now, updated_at: now });
}
