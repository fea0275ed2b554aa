import type { FastifyInstance } from 'fastify';
import type { TimeseriesDay } from '../contract.ts';
import * as AdminRepository from './activity-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days, today included, oldest first; a day with no activity is all zeros. */
export async function timeseries(app: FastifyInstance, days: number, now: Date = new Date()): Promise<TimeseriesDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const c = await AdminRepository.dailyCounts(app.db.kysely, app.config.ownerId, dates[0]);
  return dates.map((date) => ({
    date,
    signups: c.signups.get(date) ?? 0,
    redemptions: c.redemptions.get(date) ?? 0,
    purchases: c.purchases.get(date) ?? 0,
    creditsDistributed: c.distributed.get(date) ?? 0,
    creditsSpent: c.spent.get(date) ?? 0,
  }));
}
