import { z } from 'zod';
import { ownerQuery } from '../../platform/schemas.ts';

/** GET /marketplace/dashboard/overview (SPEC section 3 names, `redempionGiveaways` spelt so). */
export const dashboardOverviewSchema = z.object({
  totalUsers: z.number().int(),
  totalProducts: z.number().int(),
  /** giveaways a player could redeem now (not used up, not expired) */
  activeGiveaways: z.number().int(),
  totalPurchases: z.number().int(),
  /** number of code redemptions */
  redempionGiveaways: z.number().int(),
  /** sum of every positive ledger entry (badges, codes, positive adjustments) */
  totalCreditsDistributed: z.number().int(),
  /** sum of purchase debits, as a positive number */
  totalCreditsSpent: z.number().int(),
  /** purchases not yet fulfilled */
  pendingPurchases: z.number().int(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const dashboardQuerySchema = z.object({ owner: ownerQuery });

export const timeseriesQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30), owner: ownerQuery });

export const timeseriesSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      redemptions: z.number().int(),
      purchases: z.number().int(),
      creditsDistributed: z.number().int(),
      creditsSpent: z.number().int(),
    }),
  ),
});
export type TimeseriesDay = z.infer<typeof timeseriesSchema>['days'][number];
