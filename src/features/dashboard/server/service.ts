import type { FastifyInstance } from 'fastify';
import type { DashboardOverview } from '../contract.ts';
import * as DashboardRepository from './repository.ts';
import * as GiveawayRepository from '../../rewards/server/giveaway-repository.ts';
import * as ProductRepository from '../../rewards/server/product-repository.ts';
import * as UserRepository from '../../accounts/server/user-repository.ts';

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
