import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as UserService from '../../accounts/server/service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import { factionOf } from '../../tournaments/server/competition-service.ts';
import * as CampaignService from '../../campaign/server/service.ts';
import { backpack } from '../../rewards/server/badge-service.ts';
import * as PurchaseService from '../../rewards/server/purchase-service.ts';
import * as WalletService from '../../rewards/server/wallet-service.ts';
import * as ReminderService from '../../reminders/server/service.ts';
import type { DataExport } from '../contract.ts';

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
  const [notifications, joined, faction, badges, wallet, transactions, purchases, submissions] = await Promise.all([
    ReminderService.preferences(ctx, userId),
    everyRow(async (limit, offset) => {
      const page = await TournamentService.list(ctx, { members: userId, limit, offset }, userId);
      return { rows: page.data, total: page.total };
    }),
    factionOf(ctx, owner, userId),
    backpack(ctx, owner, userId),
    WalletService.get(ctx, owner, userId).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'WALLET_NOT_FOUND') return null;
      throw e;
    }),
    everyRow((limit, offset) => WalletService.transactions(ctx, owner, userId, limit, offset)),
    everyRow((limit, offset) => PurchaseService.listForUser(ctx, owner, userId, limit, offset)),
    CampaignService.listMine(ctx, { id: userId, isAdmin: false }, owner),
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
    badges,
    wallet,
    transactions,
    purchases,
    campaignSubmissions: submissions.rows,
  };
}
