import type { Locale } from '../../i18n/i18n.ts';
import { pluralCategory } from '../../i18n/plural.ts';

const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

/** A count or an amount as the admin's language writes it: 2.052 in Italian, 2,052 in English. */
export const formatNumber = (n: number, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale(locale), { useGrouping: true }).format(n);

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
