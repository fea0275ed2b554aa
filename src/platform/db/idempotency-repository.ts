import type { Kysely, Transaction as Trx } from 'kysely';
import type { Database } from './schema.ts';
import { findRow } from './matching-rows.ts';

type Db = Kysely<Database> | Trx<Database>;

/**
 * What `status_code` says about a key: 0 taken by a request still running, ANSWERED its result is
 * in `response`. Rows written before results were stored (any other value) hold the HTTP status
 * and the response envelope `{status, data}` of their answer.
 */
export const CLAIMED = 0;
export const ANSWERED = 1;

export function find(db: Db, userId: string, key: string) {
  return findRow(db, 'idempotency_keys', { user_id: userId, key });
}

/**
 * Takes the key for this request inside its transaction; false when another request holds it.
 * On PostgreSQL a concurrent holder makes this wait until that transaction ends, so a retry that
 * races the first attempt sees its committed answer (or takes the key if the first rolled back).
 */
export async function claim(
  trx: Trx<Database>,
  k: { userId: string; key: string; route: string; requestHash: string },
): Promise<boolean> {
  const result = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: k.userId,
      key: k.key,
      route: k.route,
      request_hash: k.requestHash,
      status_code: CLAIMED,
      response: '',
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stores the result (JSON) a retry of this key gets back. */
export async function saveResult(trx: Trx<Database>, userId: string, key: string, result: string): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: ANSWERED, response: result })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Forgets keys taken before `beforeIso`; a retry arrives within minutes, not days. */
export async function deleteOlderThan(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
