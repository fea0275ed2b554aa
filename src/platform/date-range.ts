import { z } from 'zod';

/**
 * Every date an admin sets (tournament schedules, campaign windows, giveaway expiries) falls in
 * these years: a typo like 0202 or 1969 used to reach the calendar file and fail there (a 500).
 */
export const ADMIN_YEAR_MIN = 2000;
export const ADMIN_YEAR_MAX = 2100;

/** True in range; also true for a malformed date, which the format check reports instead. */
export const inAdminDateRange = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) || (t >= Date.UTC(ADMIN_YEAR_MIN, 0, 1) && t < Date.UTC(ADMIN_YEAR_MAX + 1, 0, 1));
};

/** An ISO-8601 instant with offset within the admin range; out of range answers DATE_OUT_OF_RANGE. */
export const adminInstant = () => z.iso.datetime({ offset: true }).refine(inAdminDateRange, 'DATE_OUT_OF_RANGE');
