import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { hashToken } from '../../../platform/tokens.ts';
import * as Links from './link-repository.ts';

export function create(db: Kysely<Database>, userId: string, ttlMinutes: number): Promise<string> {
  return Links.issue(db, 'password_resets', userId, ttlMinutes);
}

/** Marks the token used and returns its user (a link works once). */
export async function consume(db: Kysely<Database>, owner: string, token: string): Promise<string | null> {
  const row = await Links.spend(db, 'password_resets', owner, token).returning('user_id').executeTakeFirst();
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
export function cancelAll(db: Kysely<Database>, userId: string): Promise<number> {
  return Links.cancelAll(db, 'password_resets', userId);
}
