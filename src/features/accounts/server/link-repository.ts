import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';

/**
 * The one-use links mailed to an account (a password reset, an e-mail change). Both tables keep the
 * token's hash, its account, when it was made, until when it works and when it was used, and a link
 * is issued, spent and cancelled the same way in both.
 */
type LinkTable = 'password_resets' | 'email_changes';

/**
 * A new link for the account, returned as its token; only the newest link works, so the older live
 * ones are spent first (a forwarded or leaked older mail stops being usable). `fields` are the
 * table's own columns.
 */
export async function issue(
  db: Kysely<Database>,
  table: LinkTable,
  userId: string,
  ttlMinutes: number,
  fields: { new_email?: string } = {},
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await cancelAll(db, table, userId, now.toISOString());
  await db
    .insertInto(table)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      ...fields,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Spends the live (unused, unexpired) link of `owner` with this token in one conditional UPDATE, so
 * two concurrent uses of one link cannot both succeed; the caller names what it answers (returning).
 */
export function spend(db: Kysely<Database>, table: LinkTable, owner: string, token: string) {
  const now = new Date().toISOString();
  return (
    db
      .updateTable(table)
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      // a link mailed by another brand on the same database is unknown here
      .where('user_id', 'in', db.selectFrom('users').select('id').where('owner', '=', owner))
  );
}

/** Spends every live link of the account; how many there were. */
export async function cancelAll(
  db: Kysely<Database>,
  table: LinkTable,
  userId: string,
  at = new Date().toISOString(),
): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
