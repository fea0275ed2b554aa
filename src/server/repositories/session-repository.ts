import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashToken, newToken } from '../tokens.ts';

export async function create(db: Kysely<Database>, userId: string, ttlHours: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlHours * 3600_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

export type SessionLookup = { userId: string; roles: string[]; language: string } | 'expired' | null;

/** The session of this token, if its account belongs to `owner` (another brand's token is unknown here). */
export async function findByToken(db: Kysely<Database>, owner: string, token: string): Promise<SessionLookup> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'users.roles', 'users.language'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('users.owner', '=', owner)
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  if (row.expires_at <= new Date().toISOString()) return 'expired';
  return { userId: row.user_id, roles: JSON.parse(row.roles), language: row.language };
}

export async function revoke(db: Kysely<Database>, token: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('token_hash', '=', hashToken(token)).execute();
}

/** After a password reset every existing session of the account stops working. */
export async function revokeAllForUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Drops sessions that can no longer authenticate anyone (expired before `beforeIso`). */
export async function deleteExpired(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
