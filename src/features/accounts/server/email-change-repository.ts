import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { transaction } from '../../../platform/db/database.ts';
import * as Links from './link-repository.ts';

/** A pending e-mail change; only the newest request of an account stays usable. */
export function create(db: Kysely<Database>, userId: string, newEmail: string, ttlMinutes: number): Promise<string> {
  return transaction(db, (trx) => Links.issue(trx, 'email_changes', userId, ttlMinutes, { new_email: newEmail }));
}

/** Marks the token used and returns its change: a link works once. */
export async function consume(
  db: Kysely<Database>,
  owner: string,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const row = await Links.spend(db, 'email_changes', owner, token)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}

/** Every pending change of the account stops working (an account changing hands). */
export function cancelAll(db: Kysely<Database>, userId: string): Promise<number> {
  return Links.cancelAll(db, 'email_changes', userId);
}

/** The address a live (unused, unexpired) change waits to confirm, or null. */
export async function pendingOf(db: Kysely<Database>, userId: string, nowIso: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** Deletes the account's changes, used or not; answers the addresses they named (a closed account's). */
export async function deleteAll(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('email_changes').select('new_email').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
  return rows.map((r) => r.new_email);
}
