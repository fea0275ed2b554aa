import type { TimeseriesDay } from '../contract.ts';
import { DAY_MS, periodDays } from '../rules.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import * as RewardStats from '../../rewards/server/stats-service.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/** The last `days` UTC days, today included, oldest first; a day with no activity is all zeros. */
export async function timeseries(ctx: ServiceContext, days: number, now: Date = new Date()): Promise<TimeseriesDay[]> {
  const first = Date.parse(periodDays(days, now).from);
  const dates = Array.from({ length: days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  const [signups, c] = await Promise.all([
    Directory.signupsByDay(ctx, ctx.config.ownerId, dates[0]),
    RewardStats.dailyCounts(ctx, ctx.config.ownerId, dates[0]),
  ]);
  return dates.map((date) => ({
    date,
    signups: signups.get(date) ?? 0,
    redemptions: c.redemptions.get(date) ?? 0,
    purchases: c.purchases.get(date) ?? 0,
    creditsDistributed: c.distributed.get(date) ?? 0,
    creditsSpent: c.spent.get(date) ?? 0,
    creditsAdjusted: c.adjusted.get(date) ?? 0,
  }));
}
