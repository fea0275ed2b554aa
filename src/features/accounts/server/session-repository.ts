import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { hashToken, newToken } from '../../../platform/tokens.ts';

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
      last_used_at: now.toISOString(),
    })
    .execute();
  return token;
}

export type SessionLookup =
  { userId: string; username: string; roles: string[]; language: string; lastUsedAt: string } | 'expired' | null;

/**
 * The session of a token, if its account belongs to `owner` (another brand's token is unknown
 * here): null when unknown or revoked, 'expired' past its absolute lifetime or when unused for
 * longer than `idleMs`.
 */
export async function findByToken(
  db: Kysely<Database>,
  owner: string,
  token: string,
  idleMs: number,
): Promise<SessionLookup> {
  return (await findByTokens(db, owner, [token], idleMs)).get(token) ?? null;
}

/** findByToken for several tokens with one query (the requests of a burst, see the auth hook). */
export async function findByTokens(
  db: Kysely<Database>,
  owner: string,
  tokens: string[],
  idleMs: number,
): Promise<Map<string, SessionLookup>> {
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.last_used_at',
      'users.username',
      'users.roles',
      'users.language',
    ])
    .where('sessions.token_hash', 'in', [...byHash.keys()])
    .where('users.owner', '=', owner)
    // a block revokes every session; this also refuses one a login created while the block was written
    .where('users.blocked_at', 'is', null)
    .execute();
  const found = new Map<string, SessionLookup>();
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  for (const row of rows) {
    const token = byHash.get(row.token_hash)!;
    if (row.revoked_at) continue;
    const lastUsedAt = row.last_used_at ?? row.created_at;
    if (row.expires_at <= nowIso || Date.parse(lastUsedAt) + idleMs <= now) found.set(token, 'expired');
    else {
      const { user_id: userId, username, language } = row;
      found.set(token, { userId, username, roles: JSON.parse(row.roles), language, lastUsedAt });
    }
  }
  return found;
}

/**
 * Records a use of each token (one statement for the requests of a burst, see the auth hook). Conditional on the stored
 * time being older than `staleBefore`, so concurrent requests of one session write once, and a session read many times
 * a minute writes once a minute.
 */
export async function touchMany(db: Kysely<Database>, tokens: string[], staleBefore: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: new Date().toISOString() })
    .where('token_hash', 'in', tokens.map(hashToken))
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

export async function revoke(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/**
 * Revokes every live session of the account (password reset, "log out everywhere", ADMIN_EMAIL
 * taking over an account), or all but `exceptToken` (a password change keeps the session that made
 * it). Returns how many were revoked.
 */
export async function revokeAllForUser(db: Kysely<Database>, userId: string, exceptToken?: string): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptToken) q = q.where('token_hash', '!=', hashToken(exceptToken));
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** Drops sessions that can no longer authenticate anyone (expired before `beforeIso`). */
export async function deleteExpired(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** The sessions of the account that can still authenticate (not revoked, not past their lifetime), newest first. */
export async function listLive(db: Kysely<Database>, userId: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}
