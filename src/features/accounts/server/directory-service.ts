import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { GameAccount } from '../contract.ts';
import { isProfileComplete } from '../rules.ts';
import * as SessionRepository from './session-repository.ts';
import * as UserRepository from './user-repository.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

/**
 * What the other domains may read (and the one thing they may write) of the accounts: a player, which
 * ids exist, a birth date, the player count, whose session a token is, a game account kept at a
 * join; and the hold that keeps an account open while a write gives its player something. Their SQL
 * stays in the accounts' repositories; the import rules let other domains call this service, never
 * those repositories.
 */

export const findPlayer = (ctx: ServiceContext, owner: string, id: string) =>
  UserRepository.findById(ctx.db.kysely, owner, id);

/** A player of `owner` by username, for their public page: id, username, whether they show it, since when. */
export const playerNamed = (ctx: ServiceContext, owner: string, username: string) =>
  UserRepository.findPublicByUsername(ctx.db.kysely, owner, username);

/**
 * An account as the signer of a write made without a request (a seed acting as the admin): its id and
 * username, or its id twice when no account of `owner` has it.
 */
export async function actorNamed(
  ctx: ServiceContext,
  owner: string,
  id: string,
): Promise<{ id: string; name: string }> {
  return { id, name: (await UserRepository.findById(ctx.db.kysely, owner, id))?.username ?? id };
}

/**
 * The accounts of these ids by id, with their names, address and language and their game handles: what
 * another feature shows or mails beside its own rows about players (registrations, reports, placements).
 */
export async function contactsOf(ctx: ServiceContext, ids: string[]) {
  if (!ids.length) return new Map<string, Contact>();
  return new Map((await UserRepository.contactsByIds(ctx.db.kysely, ids)).map((u) => [u.id, u]));
}
export type Contact = Awaited<ReturnType<typeof UserRepository.contactsByIds>>[number];

/**
 * The accounts (id, owner, username, email, created_at) as a sub-query to join on, for a list that searches,
 * sorts or pages by a player's name in SQL; alias it (`.as('u')`). Accounts maintain its columns.
 */
export const accountRows = (db: Kysely<Database>) => UserRepository.accountRows(db);

/** The ids of `ids` that name an account of `owner`. */
export const existingPlayerIds = (ctx: ServiceContext, owner: string, ids: string[]) =>
  UserRepository.existingIds(ctx.db.kysely, owner, ids);

/** 404 USER_NOT_FOUND: no account of the brand has this id, or its account is closed. */
export const playerNotFound = () => new AppError('notFound', 'USER_NOT_FOUND', 'No such player');

/**
 * Inside the caller's transaction: holds the accounts of these ids open until it ends (a closing that starts
 * meanwhile waits for it), or refuses, 404 USER_NOT_FOUND, when one of them was closed first or never was. A write
 * that gives a player something new (an entry, a team place, an order, a campaign picture) calls it, so that
 * nothing the closing forgets can come back after it.
 */
export async function holdOpenAccounts(ctx: ServiceContext, ids: string[]): Promise<void> {
  const open = await UserRepository.openAccountIds(ctx.db.kysely, ctx.config.ownerId, ids, 'share');
  if (ids.some((id) => !open.has(id))) throw playerNotFound();
}

/** The player's birth date (null when not given); undefined when no account of `owner` has this id. */
export const birthDateOf = (ctx: ServiceContext, owner: string, id: string) =>
  UserRepository.birthDateOf(ctx.db.kysely, owner, id);

export const countPlayers = (ctx: ServiceContext, owner: string) => UserRepository.countByOwner(ctx.db.kysely, owner);

/** The accounts created since `from` and in the span from `previousFrom` to it (yyyy-MM-dd, UTC). */
export const signupPeriods = (ctx: ServiceContext, owner: string, previousFrom: string, from: string) =>
  UserRepository.signupPeriods(ctx.db.kysely, owner, previousFrom, from);

/** The accounts created each UTC day since `fromDay`, by day (a day without any is absent). */
export const signupsByDay = (ctx: ServiceContext, owner: string, fromDay: string) =>
  UserRepository.signupsByDay(ctx.db.kysely, owner, fromDay);

/** Whether the player's profile holds everything the "profile completed" badge asks for. */
export async function hasCompleteProfile(ctx: ServiceContext, owner: string, id: string): Promise<boolean> {
  const user = await UserRepository.findById(ctx.db.kysely, owner, id);
  return !!user && isProfileComplete(user);
}

/** The player a bearer token belongs to, or null (no such session, or idle too long). */
export async function viewerOf(ctx: ServiceContext, token: string): Promise<string | null> {
  const session = await SessionRepository.findByToken(
    ctx.db.kysely,
    ctx.config.ownerId,
    token,
    ctx.config.sessionIdleDays * 86_400_000,
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
