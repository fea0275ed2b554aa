import type { Locale } from './i18n.ts';

/** The site's clock: schedules are Italian times, named ("CET"), a visitor elsewhere also shown their own. */
export const SITE_TIME_ZONE = 'Europe/Rome';

const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

// Building an Intl.DateTimeFormat costs far more than formatting with one (it loads locale and zone
// data): an on-demand page (a tournament's) formats a dozen dates per render, so each formatter is made
// once per locale and zone. A handful of zones are ever seen; the cap only guards against abuse.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatOptions = {
  long: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  short: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
function formatter(kind: keyof typeof formatOptions, locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { ...formatOptions[kind], timeZone });
    if (formatters.size > 64) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** An instant in one of the formatters' styles; null when there is none or it is not a date. */
function dateTime(style: 'long' | 'short', iso: string | null, locale: Locale, timeZone: string): string | null {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? formatter(style, locale, timeZone).format(d) : null;
}

/** Long date and time, localised, in a given time zone with its short name ("CET"). */
export const longDateTime = (iso: string | null, locale: Locale, timeZone: string = SITE_TIME_ZONE) =>
  dateTime('long', iso, locale, timeZone);

/** A compact date and time for schedules ("22/11/2026, 18:00 CET"). */
export const shortDateTime = (iso: string | null, locale: Locale, timeZone: string = SITE_TIME_ZONE) =>
  dateTime('short', iso, locale, timeZone);
