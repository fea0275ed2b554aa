import type { Kysely, Transaction as Trx } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Trx<Database>;

export async function find(db: Db, userId: string, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/**
 * Takes the key for this request inside its transaction; false when another request holds it.
 * On PostgreSQL a concurrent holder makes this wait until that transaction ends, so a retry that
 * races the first attempt sees its committed answer (or takes the key if the first rolled back).
 */
export async function claim(trx: Trx<Database>, k: { userId: string; key: string; route: string; requestHash: string }): Promise<boolean> {
  const result = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: k.userId, key: k.key, route: k.route, request_hash: k.requestHash, status_code: 0, response: '', created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function saveResponse(trx: Trx<Database>, userId: string, key: string, statusCode: number, response: string): Promise<void> {
  await trx.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Forgets keys taken before `beforeIso`; a retry arrives within minutes, not days. */
export async function deleteOlderThan(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
