import { z } from 'zod';
import { ownerQuery } from '../../platform/schemas.ts';

const count = z.number().int();

/**
 * The stat cards of GET /marketplace/dashboard/overview (the original client's names, `redempionGiveaways` spelt so).
 */
export const dashboardCardsSchema = z.object({
  totalUsers: count,
  totalProducts: count,
  /** giveaways a player could redeem now (not used up, not expired) */
  activeGiveaways: count,
  totalPurchases: count,
  /** number of code redemptions */
  redempionGiveaways: count,
  /** credits players earned: badge rewards and redeemed codes (admin adjustments are `ledger.adjustedIn`) */
  totalCreditsDistributed: count,
  /** sum of purchase debits, as a positive number */
  totalCreditsSpent: count,
  /** purchases not yet fulfilled */
  pendingPurchases: count,
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;
export type DashboardCardKey = keyof DashboardCards;

/**
 * What each card's records did in a period: users who signed up, products and codes added (and
 * not deleted), purchases made, codes redeemed, credits earned and spent, purchases made in the
 * period and still waiting to ship.
 */
export const periodCountsSchema = dashboardCardsSchema;

/**
 * The wallets reconciled: distributed − spent + adjustedIn − adjustedOut = balances. `difference`
 * is balances minus that sum: 0 when every ledger entry is one of the four kinds and every balance
 * is the sum of its entries; anything else is a warning on the overview.
 */
export const ledgerReconciliationSchema = z.object({
  distributed: count,
  spent: count,
  /** admin adjustments that added credits */
  adjustedIn: count,
  /** admin adjustments that took credits away (admin debits), as a positive number */
  adjustedOut: count,
  /** the sum of every wallet's balance */
  balances: count,
  difference: count,
});
export type LedgerReconciliation = z.infer<typeof ledgerReconciliationSchema>;

export const dashboardOverviewSchema = dashboardCardsSchema.extend({
  /** the last `days` UTC days (today included) and the same number of days before them */
  period: z.object({
    days: count,
    from: z.string(),
    previousFrom: z.string(),
    current: periodCountsSchema,
    previous: periodCountsSchema,
  }),
  ledger: ledgerReconciliationSchema,
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

const daysQuery = z.coerce.number().int().min(1).max(365).default(30);

/** `days`: the period the cards compare with the one before it (the charts' range). */
export const dashboardQuerySchema = z.object({ owner: ownerQuery, days: daysQuery });

export const timeseriesQuerySchema = z.object({ days: daysQuery, owner: ownerQuery });

export const timeseriesSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signups: count,
      redemptions: count,
      purchases: count,
      /** badge rewards and redeemed codes, as the overview counts them */
      creditsDistributed: count,
      creditsSpent: count,
      /** admin adjustments of the day, both directions: credited minus debited */
      creditsAdjusted: count,
    }),
  ),
});
export type TimeseriesDay = z.infer<typeof timeseriesSchema>['days'][number];
