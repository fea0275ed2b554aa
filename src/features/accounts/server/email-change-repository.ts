import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';
import { transaction } from '../../../platform/db/database.ts';

/** A pending e-mail change; only the newest request of an account stays usable. */
export async function create(
  db: Kysely<Database>,
  userId: string,
  newEmail: string,
  ttlMinutes: number,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await transaction(db, async (trx) => {
    await trx
      .updateTable('email_changes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_changes')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        new_email: newEmail,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/** Marks the token used and returns its change in one conditional UPDATE: a link works once. */
export async function consume(
  db: Kysely<Database>,
  owner: string,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const now = new Date().toISOString();
  const row = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    // a link mailed by another brand on the same database is unknown here
    .where('user_id', 'in', db.selectFrom('users').select('id').where('owner', '=', owner))
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}

/** Every pending change of the account stops working (an account changing hands). */
export async function cancelAll(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
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
