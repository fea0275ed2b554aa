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

/**
 * A Fortnite join sends the platform of the first saved account, or the
 * tournament's first console. A saved platform the tournament does not allow would only be refused
 * (CONSOLE_NOT_ALLOWED), so the first saved account on an allowed platform is used.
 */
export function fortnitePlatform(user: JoiningUser, t: JoinTarget): string {
  const saved = (user.gameAccounts ?? []).find((a) => t.console.includes(a.console));
  return saved?.console ?? t.console[0];
}

/** The Fortnite game account: the Epic ID is both the in-game name and the id. */
export function fortniteAccount(user: JoiningUser, t: JoinTarget, epicId: string): GameAccount {
  return {
    username: epicId.trim(),
    id: epicId.trim(),
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

/**
 * The account a member checks in with: for Fortnite the saved Epic ID, otherwise their first saved
 * account for the game on an allowed platform. Null when the user has none (they joined elsewhere
 * and removed it since): the caller says so instead of sending a made-up account.
 */
export function checkInAccount(user: JoiningUser, t: JoinTarget): GameAccount | null {
  if (isFortnite(t.game)) return user.epicId?.trim() ? fortniteAccount(user, t, user.epicId) : null;
  return eligibleAccounts(user, t)[0] ?? null;
}

/** Adds an account to the saved ones, without a duplicate (same game, platform and username). */
export function withAccount(accounts: readonly GameAccount[], account: GameAccount): GameAccount[] {
  const same = (a: GameAccount) =>
    a.game === account.game && a.console === account.console && a.username === account.username;
  return accounts.some(same) ? accounts.map((a) => (same(a) ? account : a)) : [...accounts, account];
}
