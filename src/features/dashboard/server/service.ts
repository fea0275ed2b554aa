import type { FastifyInstance } from 'fastify';
import type { DashboardOverview } from '../contract.ts';
import * as DashboardRepository from './repository.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as GiveawayService from '../../rewards/server/giveaway-service.ts';
import * as ProductService from '../../rewards/server/product-service.ts';

export async function overview(app: FastifyInstance, owner: string): Promise<DashboardOverview> {
  const db = app.db.kysely;
  const [totalUsers, totalProducts, activeGiveaways, purchases, redemptions, ledger] = await Promise.all([
    Directory.countPlayers(app, owner),
    ProductService.countActive(app, owner),
    GiveawayService.countActive(app, owner),
    DashboardRepository.purchaseCounts(db, owner),
    GiveawayService.countRedemptions(app, owner),
    DashboardRepository.ledgerTotals(db, owner),
  ]);
  return {
    totalUsers,
    totalProducts,
    activeGiveaways,
    totalPurchases: purchases.total,
    redempionGiveaways: redemptions,
    totalCreditsDistributed: ledger.distributed,
    totalCreditsSpent: ledger.spent,
    pendingPurchases: purchases.pending,
  };
}
