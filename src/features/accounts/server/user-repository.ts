import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../../platform/db/schema.ts';
import { GAME_ACCOUNTS_MAX, type GameAccount, type Language, type User, type UserUpdate } from '../contract.ts';
import { transaction } from '../../../platform/db/database.ts';
import { byDay, periodSum, periodSums } from '../../../platform/db/period-sums.ts';
import { countPerDaySince } from '../../../platform/db/rows-per-day.ts';
import { usernameSkeleton } from '../../../platform/username-skeleton.ts';
import { foldForSearch } from '../../../platform/db/search.ts';
import { findOwned, updateOwned } from '../../../platform/db/owned-rows.ts';
import { addressFields } from '../address-contract.ts';
import { CLOSED_ACCOUNT_DOMAIN } from '../people-contract.ts';
import { holding, type RowHold } from '../../../platform/db/row-locks.ts';

type Row = Selectable<UsersTable>;

export interface NewUser {
  owner: string;
  username: string;
  email: string;
  passwordHash: string;
  nickname: string;
  gender: string;
  birthDate: string | null;
  language: Language;
  country: string;
  roles?: string[];
}

export type CreateResult = { ok: true; id: string } | { ok: false; conflict: 'EMAIL_TAKEN' | 'USERNAME_TAKEN' };

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(err.message ?? '');
};

/** Inserts the account; the unique indexes, not a prior read, decide a race between two signups. */
export async function create(db: Kysely<Database>, u: NewUser): Promise<CreateResult> {
  const id = randomUUID();
  const now = new Date().toISOString();
  // a taken e-mail or name inserts nothing rather than failing: inside a caller's transaction (a sign-up
  // announced with its badges) a failed statement would end the transaction on PostgreSQL
  const inserted = await db
    .insertInto('users')
    .values({
      id,
      owner: u.owner,
      username: u.username,
      // the unique key by look: a name confusable with a taken one is USERNAME_TAKEN
      username_skeleton: usernameSkeleton(u.username),
      username_search: foldForSearch(u.username),
      email: u.email,
      password_hash: u.passwordHash,
      display_name: u.username,
      nickname: u.nickname,
      gender: u.gender,
      birth_date: u.birthDate,
      language: u.language,
      country: u.country,
      roles: JSON.stringify(u.roles ?? []),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { ok: true, id };
  const emailTaken = await findCredentials(db, u.owner, u.email);
  return { ok: false, conflict: emailTaken ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN' };
}

export async function findCredentials(db: Kysely<Database>, owner: string, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'language', 'blocked_at'])
    .where('owner', '=', owner)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The account with this id in this brand (`owner`); another brand's account is not found. */
export async function findById(db: Kysely<Database>, owner: string, id: string): Promise<User | undefined> {
  const row = await findOwned(db, 'users', owner, { id });
  if (!row) return undefined;
  const accounts = await db
    .selectFrom('game_accounts')
    .select(['username', 'account_id', 'game', 'console'])
    .where('user_id', '=', id)
    .orderBy('position')
    .execute();
  return toUser(
    row,
    accounts.map((a) => ({ username: a.username, id: a.account_id, game: a.game, console: a.console }) as GameAccount),
  );
}

const columnOf: Partial<Record<keyof UserUpdate, keyof UsersTable>> = {
  username: 'username',
  email: 'email',
  displayName: 'display_name',
  nickname: 'nickname',
  gender: 'gender',
  birth_date: 'birth_date',
  discordId: 'discord_id',
  epicId: 'epic_id',
  language: 'language',
  first_name: 'first_name',
  last_name: 'last_name',
  street_name: 'street_name',
  additional_address_info: 'additional_address_info',
  zip_code: 'zip_code',
  city: 'city',
  country: 'country',
  phone_number: 'phone_number',
};

/**
 * Applies the given fields and, when present, replaces the game accounts, in one transaction.
 * 'NOT_FOUND' when no account of `owner` has this id (nothing is written).
 */
export async function update(
  db: Kysely<Database>,
  owner: string,
  id: string,
  changes: UserUpdate,
): Promise<'ok' | 'NOT_FOUND' | 'EMAIL_TAKEN' | 'USERNAME_TAKEN'> {
  const set: Record<string, unknown> = { updated_at: new Date().toISOString() };
  for (const [key, column] of Object.entries(columnOf)) {
    const value = changes[key as keyof UserUpdate];
    if (value !== undefined) set[column!] = value;
  }
  if (changes.username !== undefined) {
    set.username_skeleton = usernameSkeleton(changes.username);
    set.username_search = foldForSearch(changes.username);
  }
  if (changes.publicProfile !== undefined) set.public_profile = changes.publicProfile ? 1 : 0;
  try {
    const found = await transaction(db, async (trx) => {
      // a closed account takes no profile back: one closing meanwhile is waited for, then found closed
      if (!(await openAccountIds(trx, owner, [id], 'update')).size) return false;
      // the owner condition keeps a stale or forged id from reaching another brand's account
      if (!(await updateOwned(trx, 'users', owner, id, set))) return false;
      if (changes.gameAccounts) {
        await trx.deleteFrom('game_accounts').where('user_id', '=', id).execute();
        if (changes.gameAccounts.length)
          await trx
            .insertInto('game_accounts')
            .values(changes.gameAccounts.map((a, position) => gameAccountRow(id, position, a)))
            .execute();
      }
      return true;
    });
    return found ? 'ok' : 'NOT_FOUND';
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return /email/.test(String((e as Error).message)) ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN';
  }
}

/**
 * Adds one game account to the profile's list (after the others), or updates the id of the one
 * with the same game, platform and username (the join dialog's withAccount, on the server). A
 * profile already holding GAME_ACCOUNTS_MAX keeps its list: the join it belongs to still counts.
 */
export async function keepGameAccount(db: Kysely<Database>, userId: string, a: GameAccount): Promise<void> {
  const rows = await db
    .selectFrom('game_accounts')
    .select(['id', 'position', 'username', 'game', 'console'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  const same = rows.find((r) => r.game === a.game && r.console === a.console && r.username === a.username);
  if (same) {
    await db.updateTable('game_accounts').set({ account_id: a.id }).where('id', '=', same.id).execute();
    return;
  }
  if (rows.length >= GAME_ACCOUNTS_MAX) return;
  const position = rows.length ? Math.max(...rows.map((r) => Number(r.position))) + 1 : 0;
  await db
    .insertInto('game_accounts')
    .values(gameAccountRow(userId, position, a))
    .execute();
}

/** A game account as its row stores it, at its place in the profile's list. */
function gameAccountRow(userId: string, position: number, a: GameAccount) {
  return {
    id: randomUUID(),
    user_id: userId,
    position,
    username: a.username,
    account_id: a.id,
    game: a.game,
    console: a.console,
  };
}

/** One nullable date of an account of `owner`; undefined when no account of `owner` has this id. */
async function dateOf(
  db: Kysely<Database>,
  owner: string,
  id: string,
  column: 'birth_date' | 'blocked_at',
): Promise<string | null | undefined> {
  const row = await findOwned(db, 'users', owner, { id });
  return row ? row[column] : undefined;
}

/** The player's birth date (null when not given); undefined when no account of `owner` has this id. */
export function birthDateOf(db: Kysely<Database>, owner: string, id: string): Promise<string | null | undefined> {
  return dateOf(db, owner, id, 'birth_date');
}

/**
 * Whether the account took the new password: a closed one never does. A change that waited for a closing to commit
 * reads the row again (PostgreSQL) and finds it closed.
 */
export async function setPassword(db: Kysely<Database>, id: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('email', 'not like', `%@${CLOSED_ACCOUNT_DOMAIN}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** The free-text profile fields, '' when not given (the language stays: it is not about the person). */
const PROFILE_TEXTS = [
  'display_name',
  'nickname',
  'gender',
  'discord_id',
  'epic_id',
  ...addressFields,
] as const satisfies readonly (keyof UsersTable)[];

/** What stands in a deleted account's place: a name and an address no one can sign up with or receive mail at. */
export interface Forgotten {
  username: string;
  email: string;
}

/**
 * Takes what identifies a person off an account of `owner`, keeping its id for the records that point at it
 * (standings, the ledger): the name and address become `gone`'s, the password one no input verifies against,
 * every profile field blank, the public page hidden, the game accounts dropped. False when there is no such account.
 */
export async function forget(db: Kysely<Database>, owner: string, id: string, gone: Forgotten): Promise<boolean> {
  const blank = Object.fromEntries(PROFILE_TEXTS.map((column) => [column, '']));
  const updated = await db
    .updateTable('users')
    .set({
      ...blank,
      username: gone.username,
      username_skeleton: usernameSkeleton(gone.username),
      username_search: foldForSearch(gone.username),
      email: gone.email,
      password_hash: 'erased',
      birth_date: null,
      public_profile: 0,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('owner', '=', owner)
    .executeTakeFirst();
  await db.deleteFrom('game_accounts').where('user_id', '=', id).execute();
  return Number(updated.numUpdatedRows) > 0;
}

export async function setRoles(db: Kysely<Database>, id: string, roles: string[]) {
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('id', '=', id)
    .execute();
}

export async function countByOwner(db: Kysely<Database>, owner: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function toUser(r: Row, gameAccounts: GameAccount[]): User {
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    email: r.email,
    nickname: r.nickname,
    gender: r.gender,
    birth_date: r.birth_date,
    discordId: r.discord_id,
    epicId: r.epic_id,
    language: r.language === 'en' ? 'en' : 'it',
    roles: JSON.parse(r.roles),
    first_name: r.first_name,
    last_name: r.last_name,
    street_name: r.street_name,
    additional_address_info: r.additional_address_info,
    zip_code: r.zip_code,
    city: r.city,
    country: r.country,
    phone_number: r.phone_number,
    gameAccounts,
    publicProfile: Number(r.public_profile) !== 0,
    createdAt: r.created_at,
  };
}

/**
 * The player with this username in this brand, as their public page shows them, with whether they
 * keep that page public; undefined for none, or a blocked account.
 */
export async function findPublicByUsername(db: Kysely<Database>, owner: string, username: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'public_profile', 'created_at'])
    .where('owner', '=', owner)
    .where('username', '=', username)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    visible: Number(row.public_profile) !== 0,
    memberSince: row.created_at,
  };
}

/** Who these accounts are and how to write to them (chunked: an IN list has an engine limit). */
export async function contactsByIds(db: Kysely<Database>, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = [];
  for (let i = 0; i < unique.length; i += 1000)
    found.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'username', 'nickname', 'email', 'language', 'epic_id', 'discord_id'])
        .where('id', 'in', unique.slice(i, i + 1000))
        .execute()),
    );
  return found;
}

/**
 * The accounts' columns another feature may join its rows on, as a sub-query to alias
 * (`.innerJoin(accountRows(db).as('u'), 'u.id', 'x.user_id')`): for the lists that search, sort and
 * page by a player's name or address in SQL, where adding names after the page is read cannot work.
 * Accounts keep it; both engines inline a plain sub-query, so it costs what a join on the table does.
 */
export const accountRows = (db: Kysely<Database>) =>
  db.selectFrom('users').select(['id', 'owner', 'username', 'username_search', 'email', 'created_at']);

/** The accounts created since `from` and in the span from `previousFrom` to it (the admin overview's periods). */
export async function signupPeriods(
  db: Kysely<Database>,
  owner: string,
  previousFrom: string,
  from: string,
): Promise<{ current: number; previous: number }> {
  const row = await db
    .selectFrom('users')
    .select(periodSums(from, 'n'))
    .where('owner', '=', owner)
    .where('created_at', '>=', previousFrom)
    .executeTakeFirstOrThrow();
  return { current: periodSum(row, 'n', 'c'), previous: periodSum(row, 'n', 'p') };
}

/** The accounts created each UTC day since `fromDay` (yyyy-MM-dd); a day without any is absent. */
export async function signupsByDay(db: Kysely<Database>, owner: string, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .where('owner', '=', owner)
    .$call(countPerDaySince('created_at', fromDay))
    .execute();
  return byDay(rows);
}

/** Which of these ids are accounts of the brand (chunked: an IN list has an engine limit). */
/**
 * The ids of `ids` whose account of `owner` is open (not closed), each row held as `hold` says until the caller's
 * transaction ends: a closing holds its row for `update`, and a join or a purchase holds the buyer's for `share`,
 * so the two never overlap. One that waited reads the row as the other left it.
 */
export async function openAccountIds(db: Kysely<Database>, owner: string, ids: string[], hold: RowHold) {
  const query = db
    .selectFrom('users')
    .select('id')
    .where('owner', '=', owner)
    .where('id', 'in', ids)
    .where('email', 'not like', `%@${CLOSED_ACCOUNT_DOMAIN}`);
  return new Set((await holding(db, query, hold).execute()).map((r) => r.id));
}

export async function existingIds(db: Kysely<Database>, owner: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('owner', '=', owner)
      .where('id', 'in', unique.slice(i, i + 1000))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

export async function findPasswordHash(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

/** When an admin blocked the account (null: not blocked); undefined when no account of `owner` has this id. */
export function blockedAtOf(db: Kysely<Database>, owner: string, id: string): Promise<string | null | undefined> {
  return dateOf(db, owner, id, 'blocked_at');
}

export async function setBlockedAt(
  db: Kysely<Database>,
  owner: string,
  id: string,
  blockedAt: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ blocked_at: blockedAt, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('owner', '=', owner)
    .execute();
}

/**
 * Locks every active (not blocked) SiteAdmin of `owner` and answers how many there are; call it
 * first inside the transaction that may demote or block one. A no-op UPDATE rather than SELECT
 * ... FOR UPDATE because it is the same SQL on both engines: on PostgreSQL it takes the row locks,
 * and a concurrent demotion waits for them and then re-reads each row (a row demoted meanwhile no
 * longer matches, so it counts one fewer); on SQLite the write takes the database's write lock at
 * once, so two such transactions, even from two processes, run one after the other.
 */
export async function lockActiveSiteAdmins(trx: Kysely<Database>, owner: string): Promise<number> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ roles: eb.ref('roles') }))
    .where('owner', '=', owner)
    .where('blocked_at', 'is', null)
    .where('roles', 'like', '%"SiteAdmin"%')
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/**
 * Who to tell about an admin's act: the active SiteAdmins of `owner`, with how to address them.
 * The LIKE holds the JSON list's quotes, so a role that merely ends in SiteAdmin does not match.
 */
export async function activeSiteAdmins(db: Kysely<Database>, owner: string) {
  const active = db.selectFrom('users').where('owner', '=', owner).where('blocked_at', 'is', null);
  const siteAdmins = active.where('roles', 'like', '%"SiteAdmin"%');
  return siteAdmins.select(['id', 'email', 'username', 'nickname', 'language']).execute();
}
