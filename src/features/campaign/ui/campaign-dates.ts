import { formatDate, formatDateTime, SITE_TIME_ZONE } from '../../../platform/i18n/date-time.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';

/**
 * Dates of the campaign pages, written on the server in the site's zone (the campaign's clock: its windows are
 * Italian dates) whatever the server's own zone, in the site's one style of dates.
 */
const rome = { timeZone: SITE_TIME_ZONE };

const romeClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const isRomeMidnight = (d: Date) => romeClock.format(d) === '00:00:00';

/**
 * The two ends of a half-open upload window [opensAt, closesAt) as people read them. Windows of
 * whole days (both ends at Rome midnight, as the published windows are seeded) show days only, the end
 * as the last included day: [12 Jan 00:00, 16 Jan 00:00) is "12 gen 2026 – 15 gen 2026". Any other
 * window shows times too.
 */
export function campaignWindow(opensAt: string, closesAt: string, locale: Locale): { from: string; to: string } {
  const open = new Date(opensAt);
  const close = new Date(closesAt);
  if (Number.isNaN(open.getTime()) || Number.isNaN(close.getTime())) return { from: '', to: '' };
  if (isRomeMidnight(open) && isRomeMidnight(close)) {
    // the last included day is the one the closing midnight ends, whatever the length of that day (DST)
    const lastDay = new Date(close.getTime() - 1).toISOString();
    return { from: formatDate(opensAt, locale, rome), to: formatDate(lastDay, locale, rome) };
  }
  return { from: formatDateTime(opensAt, locale, rome), to: formatDateTime(closesAt, locale, rome) };
}
