/**
 * The order the server requires of a tournament's schedule (src/features/tournaments/server/service.ts,
 * assertSchedule): registration, check-in opens, check-in closes, start, end, each not before the
 * previous one that is set; registration closes not before it opens. Checked in the form too, so
 * the admin sees which date is wrong instead of a generic INVALID_SCHEDULE.
 */
export const scheduleOrder = ['start_registration', 'start_checkin', 'end_checkin', 'start_tournament', 'end_tournament'] as const;

export type ScheduleKey = (typeof scheduleOrder)[number] | 'end_registration';

/** The first field that comes before an earlier phase, or null when the order holds. Values are ISO instants or null. */
export function scheduleOrderIssue(s: Partial<Record<ScheduleKey, string | null>>): ScheduleKey | null {
  let last: number | null = null;
  for (const key of scheduleOrder) {
    const v = s[key] ? Date.parse(s[key]!) : NaN;
    if (Number.isNaN(v)) continue;
    if (last !== null && v < last) return key;
    last = v;
  }
  const open = s.start_registration ? Date.parse(s.start_registration) : NaN;
  const close = s.end_registration ? Date.parse(s.end_registration) : NaN;
  if (!Number.isNaN(open) && !Number.isNaN(close) && close < open) return 'end_registration';
  return null;
}
