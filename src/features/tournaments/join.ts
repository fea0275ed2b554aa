/**
 * The join and check-in payloads (check-in sends the player's
 * real game account), as pure functions the join dialog and the action button share.
 */
import type { GameAccount } from '../accounts/contract.ts';
import { isFortnite } from './tournament-view.ts';

export interface JoiningUser {
  id: string;
  discordId?: string;
  epicId?: string;
  gameAccounts?: GameAccount[];
}

export interface JoinTarget {
  game: string;
  console: string[];
}

export interface RegistrationBody {
  gameAccounts: [{ userId: string; gameAccount: GameAccount }];
  password?: string;
  saveGameAccount?: boolean;
}

/** The player's saved Fortnite accounts on a platform the tournament allows (Settings › game accounts). */
const savedFortnite = (user: JoiningUser, t: JoinTarget): GameAccount[] =>
  (user.gameAccounts ?? []).filter((a) => isFortnite(a.game) && t.console.includes(a.console));

/** A saved game account's Epic ID: its id, else its username. */
const epicIdOf = (a: GameAccount) => (a.id?.trim() || a.username).trim();

/**
 * A Fortnite join sends the platform of the player's saved Fortnite account the tournament allows,
 * else of the first saved account on an allowed platform, else the tournament's first console. A
 * saved platform the tournament does not allow would only be refused (CONSOLE_NOT_ALLOWED).
 */
export function fortnitePlatform(user: JoiningUser, t: JoinTarget): string {
  const saved = savedFortnite(user, t)[0] ?? (user.gameAccounts ?? []).find((a) => t.console.includes(a.console));
  return saved?.console ?? t.console[0];
}

/**
 * The Epic ID a Fortnite join starts from: the one saved on the profile, else the Epic ID of the
 * player's saved Fortnite account on an allowed platform; empty when there is neither.
 */
export function savedEpicId(user: JoiningUser, t: JoinTarget): string {
  const own = user.epicId?.trim();
  if (own) return own;
  const account = savedFortnite(user, t)[0];
  return account ? epicIdOf(account) : '';
}

/**
 * The Fortnite game account: the saved Fortnite account with this Epic ID on an allowed platform
 * as it is, else one whose in-game name and id are both the Epic ID.
 */
export function fortniteAccount(user: JoiningUser, t: JoinTarget, epicId: string): GameAccount {
  const wanted = epicId.trim();
  const saved = savedFortnite(user, t).find((a) => epicIdOf(a) === wanted);
  if (saved) return saved;
  return {
    username: wanted,
    id: wanted,
    game: 'Fortnite' as GameAccount['game'],
    console: fortnitePlatform(user, t) as GameAccount['console'],
  };
}

/** The saved accounts a player may join this tournament with: same game, an allowed platform. */
export function eligibleAccounts(user: JoiningUser, t: JoinTarget): GameAccount[] {
  return (user.gameAccounts ?? []).filter((a) => a.game === t.game && t.console.includes(a.console));
}

/** `saveAccount`: a new account, which the server keeps on the profile only when the join succeeds. */
export function registrationBody(
  userId: string,
  gameAccount: GameAccount,
  password?: string,
  saveAccount = false,
): RegistrationBody {
  const body: RegistrationBody = { gameAccounts: [{ userId, gameAccount }] };
  // the password is sent only when one was typed
  if (password && password.length > 0) body.password = password;
  if (saveAccount) body.saveGameAccount = true;
  return body;
}

/** A teammate as the captain names them: their site username and their in-game name (the Epic ID on Fortnite). */
export interface Teammate {
  username: string;
  gameName: string;
}

/**
 * A captain's team registration: the captain's account first, then each teammate by username with a
 * game account on the captain's platform (the teammate may answer with their own when accepting).
 */
export function teamRegistrationBody(
  captainId: string,
  captainAccount: GameAccount,
  teamName: string,
  teammates: Teammate[],
  password?: string,
  saveAccount = false,
) {
  const gameAccounts = [
    { userId: captainId, gameAccount: captainAccount },
    ...teammates.map((m) => ({
      userId: '',
      username: m.username.trim(),
      gameAccount: { ...captainAccount, username: m.gameName.trim(), id: m.gameName.trim() },
    })),
  ];
  return {
    teamName: teamName.trim(),
    gameAccounts,
    ...(password ? { password } : {}),
    ...(saveAccount ? { saveGameAccount: true } : {}),
  };
}

/**
 * The account a member checks in with: for Fortnite the saved Epic ID (savedEpicId), otherwise their first saved
 * account for the game on an allowed platform. Null when the user has none (they joined elsewhere
 * and removed it since): the caller says so instead of sending a made-up account.
 */
export function checkInAccount(user: JoiningUser, t: JoinTarget): GameAccount | null {
  if (isFortnite(t.game)) {
    const epicId = savedEpicId(user, t);
    return epicId ? fortniteAccount(user, t, epicId) : null;
  }
  return eligibleAccounts(user, t)[0] ?? null;
}

/** Adds an account to the saved ones, without a duplicate (same game, platform and username). */
export function withAccount(accounts: readonly GameAccount[], account: GameAccount): GameAccount[] {
  const same = (a: GameAccount) =>
    a.game === account.game && a.console === account.console && a.username === account.username;
  return accounts.some(same) ? accounts.map((a) => (same(a) ? account : a)) : [...accounts, account];
}
