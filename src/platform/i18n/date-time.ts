import type { Locale } from './i18n.ts';

/** The site's clock: schedules are Italian times, named ("CET"), a visitor elsewhere also shown their own. */
export const SITE_TIME_ZONE = 'Europe/Rome';

/**
 * Where a date is read. Without a zone it is the runtime's own: the reader's in a browser, so a page's
 * server render (and an e-mail) passes SITE_TIME_ZONE, and an island passes it where the site's clock is meant.
 */
export interface DateZone {
  timeZone?: string;
}

const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

// One style for every date a person reads, in both languages: the day, the month's short name, the year
// ("1 dic 2026", "1 Dec 2026"), which an Italian and an English reader take the same way where 01/12/2026 is
// ambiguous; the time is 24-hour, after a comma ("1 Dec 2026, 14:05"), with the zone's name on a schedule
const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const styles = {
  date: day,
  dateTime: { ...day, ...time },
  zonedDateTime: { ...day, ...time, timeZoneName: 'short' },
  time,
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building an Intl.DateTimeFormat costs far more than formatting with one (it loads locale and zone
// data): an on-demand page (a tournament's) formats a dozen dates per render and a reminder tick mails
// hundreds, so each formatter is made once per style, locale and zone. A handful of zones are ever seen;
// the cap only guards against abuse.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(style: keyof typeof styles, iso: string | null | undefined, locale: Locale, zone?: string): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  const key = `${style}|${locale}|${zone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { ...styles[style], timeZone: zone });
    if (formatters.size > 64) formatters.clear();
    formatters.set(key, f);
  }
  return f.format(d);
}

/** "1 dic 2026" / "1 Dec 2026"; '' for no date or one that does not parse. */
export const formatDate = (iso: string | null | undefined, locale: Locale, { timeZone }: DateZone = {}) =>
  format('date', iso, locale, timeZone);

/**
 * "1 dic 2026, 14:05" / "1 Dec 2026, 14:05"; with `zoneName`, a schedule's time names its zone
 * ("1 Dec 2026, 14:05 CET"). '' for no date or one that does not parse.
 */
export const formatDateTime = (
  iso: string | null | undefined,
  locale: Locale,
  { timeZone, zoneName = false }: DateZone & { zoneName?: boolean } = {},
) => format(zoneName ? 'zonedDateTime' : 'dateTime', iso, locale, timeZone);

/** "14:05", for a table cell that shows the date above it; '' for no date or one that does not parse. */
export const formatTime = (iso: string | null | undefined, locale: Locale, { timeZone }: DateZone = {}) =>
  format('time', iso, locale, timeZone);
