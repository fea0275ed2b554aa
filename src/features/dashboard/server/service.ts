import type { DashboardOverview } from '../contract.ts';
import { periodDays } from '../rules.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as GiveawayService from '../../rewards/server/giveaway-service.ts';
import * as ProductService from '../../rewards/server/product-service.ts';
import * as RewardStats from '../../rewards/server/stats-service.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/** The stat cards, what their records did in the last `days` days and the `days` before, and the wallets reconciled. */
export async function overview(
  ctx: ServiceContext,
  owner: string,
  days: number,
  now: Date = new Date(),
): Promise<DashboardOverview> {
  const { from, previousFrom } = periodDays(days, now);
  const [totalUsers, totalProducts, activeGiveaways, purchases, redemptions, ledger, signups, rewards] =
    await Promise.all([
      Directory.countPlayers(ctx, owner),
      ProductService.countActive(ctx, owner),
      GiveawayService.countActive(ctx, owner),
      RewardStats.purchaseCounts(ctx, owner),
      GiveawayService.countRedemptions(ctx, owner),
      RewardStats.ledgerTotals(ctx, owner),
      Directory.signupPeriods(ctx, owner, previousFrom, from),
      RewardStats.periodCounts(ctx, owner, previousFrom, from),
    ]);
  const period = {
    current: { totalUsers: signups.current, ...rewards.current },
    previous: { totalUsers: signups.previous, ...rewards.previous },
  };
  const reconciled = ledger.distributed - ledger.spent + ledger.adjustedIn - ledger.adjustedOut;
  return {
    totalUsers,
    totalProducts,
    activeGiveaways,
    totalPurchases: purchases.total,
    redempionGiveaways: redemptions,
    totalCreditsDistributed: ledger.distributed,
    totalCreditsSpent: ledger.spent,
    pendingPurchases: purchases.pending,
    period: { days, from, previousFrom, ...period },
    ledger: { ...ledger, difference: ledger.balances - reconciled },
  };
}
