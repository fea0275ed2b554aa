/**
 * The order of a tournament's schedule, checked by the server (src/features/tournaments/server/service.ts,
 * assertSchedule) and by the admin form, so each wrong date gets its own message under its own field:
 *
 *   registration opens ≤ registration closes ≤ start
 *   registration opens ≤ check-in opens ≤ check-in closes ≤ start ≤ end
 *
 * Unset dates are skipped (a date is still compared with the next one that is set: with no start,
 * the end comes after the check-in and the registration). The start is the anchor: a date that
 * must come before it and does not is the one at fault ("after the start"); a date before the
 * opening of its own window, or an end before the start, is at fault itself.
 */
export const scheduleKeys = [
  'start_registration',
  'end_registration',
  'start_checkin',
  'end_checkin',
  'start_tournament',
  'end_tournament',
] as const;

export type ScheduleKey = (typeof scheduleKeys)[number];

/** What is wrong with one date; its text is errors.validation.<kind>. */
export type ScheduleIssue =
  | 'afterStart'
  | 'beforeStart'
  | 'beforeRegistrationOpens'
  | 'beforeRegistrationCloses'
  | 'beforeCheckinOpens'
  | 'beforeCheckinCloses';

/** ISO instants, null or left out for "not scheduled". */
export type Schedule = Partial<Record<ScheduleKey, string | null>>;

/**
 * `unless`: dates that, when set, sit between the two and are compared with each instead (the next date that is set).
 */
type Rule = readonly [
  field: ScheduleKey,
  must: 'notBefore' | 'notAfter',
  other: ScheduleKey,
  issue: ScheduleIssue,
  unless?: readonly ScheduleKey[],
];

/** Per field, its rules in order of preference: the first broken one is the field's message. */
const rules: readonly Rule[] = [
  ['start_registration', 'notAfter', 'start_tournament', 'afterStart'],
  ['end_registration', 'notBefore', 'start_registration', 'beforeRegistrationOpens'],
  ['end_registration', 'notAfter', 'start_tournament', 'afterStart'],
  ['start_checkin', 'notBefore', 'start_registration', 'beforeRegistrationOpens'],
  ['start_checkin', 'notAfter', 'start_tournament', 'afterStart'],
  ['end_checkin', 'notBefore', 'start_checkin', 'beforeCheckinOpens'],
  ['end_checkin', 'notBefore', 'start_registration', 'beforeRegistrationOpens', ['start_checkin']],
  ['end_checkin', 'notAfter', 'start_tournament', 'afterStart'],
  ['end_tournament', 'notBefore', 'start_tournament', 'beforeStart'],
  ['end_tournament', 'notBefore', 'end_checkin', 'beforeCheckinCloses', ['start_tournament']],
  ['end_tournament', 'notBefore', 'start_checkin', 'beforeCheckinOpens', ['start_tournament', 'end_checkin']],
  ['end_tournament', 'notBefore', 'end_registration', 'beforeRegistrationCloses', ['start_tournament']],
  [
    'end_tournament',
    'notBefore',
    'start_registration',
    'beforeRegistrationOpens',
    ['start_tournament', 'end_checkin', 'start_checkin', 'end_registration'],
  ],
];

const MINUTE = 60_000;
const time = (s: Schedule, key: ScheduleKey) => (s[key] ? Date.parse(s[key]) : NaN);

/**
 * The wrong dates of a schedule, each with its message; empty when the order holds. Unreadable
 * dates are left to the schema's format check. With `stored` (an edit: the schedule as saved), a
 * pair of dates neither of which changes is not checked again, so an edit that leaves the dates as
 * they are still saves a tournament saved before a rule existed; a changed date is checked
 * against every other. The dashboard's inputs hold minutes: a date sent back in the stored minute
 * is unchanged.
 */
export function scheduleIssues(schedule: Schedule, stored?: Schedule): Partial<Record<ScheduleKey, ScheduleIssue>> {
  const changed = (key: ScheduleKey) => {
    if (!stored) return true;
    const [now, before] = [time(schedule, key), time(stored, key)];
    if (Number.isNaN(now) || Number.isNaN(before)) return Number.isNaN(now) !== Number.isNaN(before);
    return Math.floor(now / MINUTE) !== Math.floor(before / MINUTE);
  };
  const out: Partial<Record<ScheduleKey, ScheduleIssue>> = {};
  for (const [field, must, other, issue, unless = []] of rules) {
    if (out[field] || unless.some((key) => !Number.isNaN(time(schedule, key)))) continue;
    const [a, b] = [time(schedule, field), time(schedule, other)];
    if (Number.isNaN(a) || Number.isNaN(b) || !(changed(field) || changed(other))) continue;
    if (must === 'notBefore' ? a < b : a > b) out[field] = issue;
  }
  return out;
}
