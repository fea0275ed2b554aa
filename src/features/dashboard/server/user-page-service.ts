import * as PeopleService from '../../accounts/server/people-service.ts';
import * as BadgeService from '../../rewards/server/badge-service.ts';
import * as PurchaseService from '../../rewards/server/purchase-service.ts';
import * as WalletService from '../../rewards/server/wallet-service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import { OVERVIEW_PAGE, type UserOverview } from '../user-page-contract.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/** How many tournaments the page lists, the most relevant (not ended, soonest) first. */
const REGISTRATIONS_SHOWN = 100;

/**
 * The admin's user page: the accounts' part first (an unknown id is a 404 before any other domain
 * is asked), then each domain's service for its part at once.
 */
export async function overview(ctx: ServiceContext, id: string): Promise<UserOverview> {
  const owner = ctx.config.ownerId;
  const account = await PeopleService.accountOverview(ctx, id);
  const [badges, wallet, transactions, purchases, tournaments] = await Promise.all([
    BadgeService.backpack(ctx, owner, id),
    WalletService.get(ctx, owner, id),
    WalletService.transactions(ctx, owner, id, OVERVIEW_PAGE, 0),
    PurchaseService.listForUser(ctx, owner, id, OVERVIEW_PAGE, 0),
    TournamentService.list(ctx, { members: id, limit: REGISTRATIONS_SHOWN, offset: 0 }, id),
  ]);
  return {
    ...account,
    badges,
    wallet: { balance: wallet.balance, updatedAt: wallet.updatedAt },
    transactions: { data: transactions.rows, total: transactions.total },
    purchases: { data: purchases.rows, total: purchases.total },
    registrations: tournaments.data.map((t) => ({
      tournamentId: t.id,
      name: t.name,
      game: t.game,
      start: t.start_tournament,
      status: t.status,
      state: t.me?.member ? 'member' : 'waitlist',
      confirmed: t.me?.confirmed ?? false,
      waitlistPosition: t.me?.waitlistPosition ?? null,
    })),
  };
}
