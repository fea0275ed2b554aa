import { withTransaction, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as UserService from '../../accounts/server/service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import * as TeamService from '../../tournaments/server/team-service.ts';
import { factionOf, factionsOf } from '../../tournaments/server/competition-service.ts';
import * as CampaignService from '../../campaign/server/service.ts';
import * as BracketService from '../../brackets/server/service.ts';
import * as ReportService from '../../results/server/report-service.ts';
import { backpack } from '../../rewards/server/badge-service.ts';
import * as PurchaseService from '../../rewards/server/purchase-service.ts';
import * as WalletService from '../../rewards/server/wallet-service.ts';
import * as ReminderService from '../../reminders/server/service.ts';
import * as AuditService from '../../audit/server/service.ts';
import type { Forgotten } from '../../accounts/server/service.ts';
import { CLOSED_ACCOUNT_DOMAIN } from '../../accounts/people-contract.ts';
import type { User } from '../../accounts/contract.ts';
import type { DataExport } from '../contract.ts';
import { randomBytes } from 'node:crypto';

/** Rows read at once from a paged list; the export reads page after page until the list ends. */
const PAGE = 500;
/** Far more than a player's ledger or orders hold: a bound on one request's work, not a limit anyone meets. */
const MOST = 20_000;

async function everyRow<Row>(read: (limit: number, offset: number) => Promise<{ rows: Row[]; total: number }>) {
  const all: Row[] = [];
  for (let offset = 0; offset < MOST; offset += PAGE) {
    const { rows, total } = await read(PAGE, offset);
    all.push(...rows);
    if (rows.length < PAGE || all.length >= total) break;
  }
  return all;
}

/**
 * GET /users/me/export: everything the platform holds about the caller, in the shapes its own pages read, for the
 * caller only. A player with no wallet yet has none (null) rather than an error.
 */
export async function exportFor(ctx: ServiceContext, userId: string): Promise<DataExport> {
  const owner = ctx.config.ownerId;
  const account = await UserService.get(ctx, userId);
  const [notifications, joined, faction, factions, badges, wallet, transactions, purchases, submissions, reports] =
    await Promise.all([
      ReminderService.preferences(ctx, userId),
      everyRow(async (limit, offset) => {
        const page = await TournamentService.list(ctx, { members: userId, limit, offset }, userId);
        return { rows: page.data, total: page.total };
      }),
      factionOf(ctx, owner, userId),
      factionsOf(ctx, owner, userId),
      backpack(ctx, owner, userId),
      WalletService.get(ctx, owner, userId).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'WALLET_NOT_FOUND') return null;
        throw e;
      }),
      everyRow((limit, offset) => WalletService.transactions(ctx, owner, userId, limit, offset)),
      everyRow((limit, offset) => PurchaseService.listForUser(ctx, owner, userId, limit, offset)),
      everyRow((limit, offset) => CampaignService.pageOfMine(ctx, userId, limit, offset)),
      ReportService.listAllMine(ctx, userId),
    ]);
  // a bracket report belongs to a tournament the player entered: this brand's are the ones just read
  const [bracketReports, entryTeams] = await Promise.all([
    BracketService.reportsBy(
      ctx,
      userId,
      joined.map((t) => t.id),
    ),
    // a team the player is only invited to has no registration yet, so it is read on its own
    TeamService.entriesFor(ctx, userId),
  ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    account,
    notifications,
    tournaments: joined.map((t) => ({
      id: t.id,
      name: t.name,
      startsAt: t.start_tournament,
      member: Boolean(t.me?.member),
      checkedIn: Boolean(t.me?.confirmed),
      waitlistPosition: t.me?.waitlistPosition ?? null,
      disqualified: t.me?.disqualified === true,
    })),
    faction,
    factions,
    badges,
    wallet,
    transactions,
    purchases,
    campaignSubmissions: submissions,
    matchReports: reports,
    bracketReports,
    entryTeams,
  };
}

/**
 * POST /users/me/delete: the player closes their account, confirmed by their password (checked before the
 * transaction: the password's hash takes a while, and the transaction holds its rows meanwhile).
 */
export async function deleteAccount(ctx: ServiceContext, userId: string, password: string) {
  const user = await UserService.get(ctx, userId);
  await UserService.confirmPassword(ctx, userId, password);
  await close(ctx, user);
  return { deleted: true as const };
}

/**
 * POST /admin/users/{id}/delete: an admin closes a player's account on their request (one made to the organiser
 * rather than from the settings page), under the same rules; the audit log records who did it, naming the account
 * by its stand-in only.
 */
export async function deleteFor(ctx: ServiceContext, actor: AuditService.Actor, userId: string) {
  const user = await UserService.get(ctx, userId);
  await close(ctx, user, (tx, gone) =>
    AuditService.appendAudit(tx.db.kysely, ctx.config.ownerId, actor, {
      action: 'user.delete',
      entityType: 'user',
      entityId: userId,
      label: gone.username,
      after: { username: gone.username },
    }),
  );
  return { deleted: true as const };
}

/**
 * Closes an account. Refused while the player is still in a tournament that has not ended, or an order of theirs
 * waits to be shipped (its address is needed until then); a staff account is refused by accounts. Then, in one
 * transaction, each feature forgets what it holds about them: the profile, game accounts, sessions and links; the
 * in-game names in past entries and brackets; the names on campaign submissions; the shipping addresses of past
 * orders; the reminder choices; the person's texts in the audit log; every message to their addresses, sent or
 * waiting. What other records need stays under the account's id and a name that says nothing of the person:
 * standings, badges, the credits ledger, match reports. `record` adds to the transaction (the admin's audit entry).
 * Then the address gets one last message, that the account is closed.
 */
async function close(ctx: ServiceContext, user: User, record?: (tx: ServiceContext, gone: Forgotten) => Promise<void>) {
  const owner = ctx.config.ownerId;
  const userId = user.id;
  // '~' is no signup's character, so the name stands for no one who could register it
  const gone = { username: `~deleted-${randomBytes(6).toString('hex')}`, email: `${userId}@${CLOSED_ACCOUNT_DOMAIN}` };
  const traces = await tracesOf(ctx, user, gone);
  await withTransaction(ctx, async (tx) => {
    await UserService.holdForClosing(tx, userId);
    if (await TournamentService.takesPartNow(tx, userId))
      throw new AppError('conflict', 'STILL_IN_TOURNAMENT', 'Leave your tournaments and teams first');
    if (await PurchaseService.waitsForShipping(tx, owner, userId))
      throw new AppError('conflict', 'ORDER_NOT_SHIPPED', 'An order still waits to be shipped');
    await UserService.forget(tx, user, gone);
    await TournamentService.forgetPlayer(tx, userId, gone.username);
    await BracketService.forgetPlayer(tx, userId, gone.username);
    await CampaignService.forgetSubmitter(tx, userId, gone.username, gone.email);
    await PurchaseService.forgetAddresses(tx, owner, userId);
    await ReminderService.forget(tx, userId);
    await AuditService.forgetTexts(tx, userId, traces);
    await record?.(tx, gone);
  });
  await UserService.tellForgotten(ctx, user);
}

/**
 * The person's own texts as records may hold copies of them, each with what replaces it: the name and address by the
 * stand-ins, the rest of the profile, the game accounts and every shipping address by nothing. Texts of one or two
 * characters say nothing of anyone and are left.
 */
async function tracesOf(ctx: ServiceContext, user: User, gone: Forgotten) {
  const orders = await everyRow((limit, offset) =>
    PurchaseService.listForUser(ctx, ctx.config.ownerId, user.id, limit, offset),
  );
  const profile = [user.displayName, user.nickname, user.discordId, user.epicId, user.first_name, user.last_name];
  const address = [user.street_name, user.additional_address_info, user.zip_code, user.city, user.phone_number];
  const games = user.gameAccounts.flatMap((a) => [a.username, a.id]);
  const shipping = orders.flatMap((o) =>
    Object.values(o.shippingAddress).filter((v) => v !== o.shippingAddress.country),
  );
  const traces = new Map<string, string>();
  for (const text of [...profile, ...address, ...games, ...shipping]) if (text && text.length > 2) traces.set(text, '');
  traces.set(user.username, gone.username);
  traces.set(user.email, gone.email);
  return traces;
}
