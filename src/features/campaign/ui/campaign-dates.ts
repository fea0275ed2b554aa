import { format } from 'date-fns';
// one module per language: the whole date-fns/locale index is hundreds of modules to load on a cold start
import { enGB } from 'date-fns/locale/en-GB';
import { it } from 'date-fns/locale/it';
import type { Locale } from '../../../platform/i18n/i18n.ts';

/**
 * Dates of the campaign pages, written on the server in Europe/Rome (the campaign's clock: its
 * windows are Italian dates) whatever the server's own zone, with date-fns' Italian or English words.
 */
export const CAMPAIGN_TIME_ZONE = 'Europe/Rome';

const dateLocales = { it, en: enGB } as const;

const romeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CAMPAIGN_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The Rome wall clock of an instant as a Date whose local fields hold it: date-fns formats local
 * fields, so this is how it prints Rome time on a server running in UTC or anywhere else.
 */
function romeWallClock(instant: Date): Date {
  const p = Object.fromEntries(romeParts.formatToParts(instant).map((x) => [x.type, x.value]));
  return new Date(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

const isRomeMidnight = (d: Date) => d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0;

/** "20 giugno 2025, 18:00" / "20 June 2025, 18:00" */
export function campaignDateTime(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return format(romeWallClock(d), 'd MMMM yyyy, HH:mm', { locale: dateLocales[locale] });
}

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
  const from = romeWallClock(open);
  const to = romeWallClock(close);
  const options = { locale: dateLocales[locale] };
  if (isRomeMidnight(from) && isRomeMidnight(to)) {
    const lastDay = new Date(to.getFullYear(), to.getMonth(), to.getDate() - 1);
    return { from: format(from, 'd MMM yyyy', options), to: format(lastDay, 'd MMM yyyy', options) };
  }
  return { from: format(from, 'd MMM yyyy, HH:mm', options), to: format(to, 'd MMM yyyy, HH:mm', options) };
}
