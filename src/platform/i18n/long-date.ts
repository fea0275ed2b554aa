import { SITE_TIME_ZONE } from './date-time.ts';
import type { Locale } from './i18n.ts';

/** "22 novembre 2026" / "22 November 2026", in the site's zone; '' for no date or one that does not parse. */
export function longDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: SITE_TIME_ZONE,
  }).format(d);
}
