/** How a number moved against the period before: up, down or flat, and by what share of the old one. */
export interface Trend {
  direction: 'up' | 'down' | 'flat';
  /** whole percent of the previous value; null when the previous period had none (no share of zero) */
  percent: number | null;
}

export function trendOf(current: number, previous: number): Trend {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  if (previous === 0) return { direction, percent: direction === 'flat' ? 0 : null };
  return { direction, percent: Math.round((Math.abs(current - previous) / previous) * 100) };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The first UTC day (yyyy-MM-dd) of the last `days` days, today included, and of the `days` before them. */
export function periodDays(days: number, now: Date = new Date()): { from: string; previousFrom: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (n: number) => new Date(today - n * DAY_MS).toISOString().slice(0, 10);
  return { from: day(days - 1), previousFrom: day(2 * days - 1) };
}
