import type { Kysely, Updateable } from 'kysely';
import { updateOwned } from './owned-rows.ts';
import type { Database } from './schema.ts';

/** The tables whose rows are deleted softly: a brand's records that purchases and redemptions still point at. */
type SoftDeletable = 'products' | 'giveaways';

/**
 * Changes a brand's record that is not deleted, stamping updated_at; false when there is none
 * (unknown, another brand's, or deleted), which the service turns into its not-found error.
 */
export function updateLive<T extends SoftDeletable>(
  db: Kysely<Database>,
  table: T,
  owner: string,
  id: string,
  changes: Updateable<Database[T]>,
): Promise<boolean> {
  return updateOwned(db, table, owner, id, { updated_at: new Date().toISOString(), ...changes }, true);
}

/** Soft delete: the row stays for what points at it, and leaves every list and lookup. */
export function softDelete(db: Kysely<Database>, table: SoftDeletable, owner: string, id: string): Promise<boolean> {
  const now = new Date().toISOString();
  return updateLive(db, table, owner, id, { deleted_at: now, updated_at: now });
}
