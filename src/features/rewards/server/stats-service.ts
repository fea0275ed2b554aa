import type { ServiceContext } from '../../../platform/context.ts';
import * as StatsRepository from './stats-repository.ts';

export type { RewardCards } from './stats-repository.ts';

/** The whole ledger by kind (earned, spent, adjusted in and out) and the sum of the balances it should equal. */
export const ledgerTotals = (ctx: ServiceContext, owner: string) => StatsRepository.ledgerTotals(ctx.db.kysely, owner);

/** All the purchases and those still to fulfil. */
export const purchaseCounts = (ctx: ServiceContext, owner: string) =>
  StatsRepository.purchaseCounts(ctx.db.kysely, owner);

/** What the rewards' records did since `from` and in the span from `previousFrom` to it (yyyy-MM-dd, UTC). */
export const periodCounts = (ctx: ServiceContext, owner: string, previousFrom: string, from: string) =>
  StatsRepository.periodCounts(ctx.db.kysely, owner, previousFrom, from);

/** Redemptions, purchases and the ledger's kinds of entry per UTC day since `fromDay`; empty days are absent. */
export const dailyCounts = (ctx: ServiceContext, owner: string, fromDay: string) =>
  StatsRepository.dailyCounts(ctx.db.kysely, owner, fromDay);
