import type { FastifyInstance } from 'fastify';
import type { DashboardOverview } from '../../features/marketplace/dashboard-schemas.ts';
import * as DashboardRepository from '../repositories/dashboard-repository.ts';
import * as GiveawayRepository from '../repositories/giveaway-repository.ts';
import * as ProductRepository from '../repositories/product-repository.ts';
import * as UserRepository from '../repositories/user-repository.ts';

export async function overview(app: FastifyInstance, owner: string): Promise<DashboardOverview> {
  const db = app.db.kysely;
  const [totalUsers, totalProducts, activeGiveaways, purchases, redemptions, ledger] = await Promise.all([
    UserRepository.countByOwner(db, owner),
    ProductRepository.countActive(db, owner),
    GiveawayRepository.countActive(db, owner, new Date().toISOString()),
    DashboardRepository.purchaseCounts(db, owner),
    GiveawayRepository.countRedemptions(db, owner),
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
