import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';

export async function create(db: Kysely<Database>, userId: string, ttlMinutes: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  // only the newest link works: a forwarded or leaked older mail stops being usable
  await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Marks the token used and returns its user in one conditional UPDATE, so two concurrent uses of
 * one link cannot both succeed.
 */
export async function consume(db: Kysely<Database>, owner: string, token: string): Promise<string | null> {
  const now = new Date().toISOString();
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    // a link mailed by another brand on the same database is unknown here
    .where('user_id', 'in', db.selectFrom('users').select('id').where('owner', '=', owner))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The account a live (unused, unexpired) link of `owner` belongs to, without spending it; null otherwise. */
export async function userOf(db: Kysely<Database>, owner: string, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .where('user_id', 'in', db.selectFrom('users').select('id').where('owner', '=', owner))
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Every live link of the account stops working (its e-mail moved: the old mailbox may not be the owner's any more). */
export async function cancelAll(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
