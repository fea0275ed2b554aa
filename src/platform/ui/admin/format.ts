import type { Locale } from '../../i18n/i18n.ts';
import { pluralCategory } from '../../i18n/plural.ts';

const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

/** A count or an amount as the admin's language writes it: 2.052 in Italian, 2,052 in English. */
export const formatNumber = (n: number, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale(locale), { useGrouping: true }).format(n);

/** "22 nov 2026, 18:00" / "22 Nov 2026, 18:00" in the admin's time zone; '' for no date. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const part =
  (options: Intl.DateTimeFormatOptions) =>
  (iso: string | null | undefined, locale: Locale): string => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(intlLocale(locale), options).format(date);
  };

/** "22/11/2026" and "18:00", for compact table cells: the year in full (Italian's short style would write "26"). */
export const formatShortDate = part({ day: '2-digit', month: '2-digit', year: 'numeric' });
export const formatTime = part({ timeStyle: 'short' });

/** The admin's time zone name ("Europe/Rome"), shown beside the schedule inputs. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * `key`, or its singular `keyOne` when the locale's plural rule (lib/plural.ts) says "one"
 * ("1 player" / "2 players"; both locales have the pair).
 */
export const countKey = (key: string, count: number, locale: Locale = 'it') =>
  pluralCategory(count, locale) === 'one' ? `${key}One` : key;
