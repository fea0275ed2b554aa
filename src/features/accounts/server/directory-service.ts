import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { GameAccount } from '../contract.ts';
import { isProfileComplete } from '../rules.ts';
import * as SessionRepository from './session-repository.ts';
import * as UserRepository from './user-repository.ts';

/**
 * What the other domains may read (and the one thing they may write) of the accounts: a player, which
 * ids exist, a birth date, the player count, whose session a token is, a game account kept at a
 * join. Their SQL stays in the accounts' repositories; the import rules let other domains call this
 * service, never those repositories.
 */

export const findPlayer = (app: FastifyInstance, owner: string, id: string) =>
  UserRepository.findById(app.db.kysely, owner, id);

/** The ids of `ids` that name an account of `owner`. */
export const existingPlayerIds = (app: FastifyInstance, owner: string, ids: string[]) =>
  UserRepository.existingIds(app.db.kysely, owner, ids);

/** The player's birth date (null when not given); undefined when no account of `owner` has this id. */
export const birthDateOf = (app: FastifyInstance, owner: string, id: string) =>
  UserRepository.birthDateOf(app.db.kysely, owner, id);

export const countPlayers = (app: FastifyInstance, owner: string) => UserRepository.countByOwner(app.db.kysely, owner);

/** Whether the player's profile holds everything the "profile completed" badge asks for. */
export async function hasCompleteProfile(app: FastifyInstance, owner: string, id: string): Promise<boolean> {
  const user = await UserRepository.findById(app.db.kysely, owner, id);
  return !!user && isProfileComplete(user);
}

/** The player a bearer token belongs to, or null (no such session, or idle too long). */
export async function viewerOf(app: FastifyInstance, token: string): Promise<string | null> {
  const session = await SessionRepository.findByToken(
    app.db.kysely,
    app.config.ownerId,
    token,
    app.config.sessionIdleDays * 86_400_000,
  );
  return session && session !== 'expired' ? session.userId : null;
}

/** Keeps a game account on the player's profile, inside the caller's transaction (a tournament join that saves it). */
export const keepGameAccount = (trx: Kysely<Database> | Transaction<Database>, userId: string, account: GameAccount) =>
  UserRepository.keepGameAccount(trx, userId, account);

/**
 * The active SiteAdmins with their address, name and language, read in the caller's transaction
 * (a notice queued with the write it reports).
 */
export const activeSiteAdmins = (trx: Kysely<Database>, owner: string) => UserRepository.activeSiteAdmins(trx, owner);
