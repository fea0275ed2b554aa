import { formatDate, SITE_TIME_ZONE } from '../../platform/i18n/date-time.ts';
import type { Locale } from '../../platform/i18n/i18n.ts';

/**
 * The championship as a production setup publishes it: its name, game and city, the playoffs on
 * 12 November 2025 and the live finals on 29 November 2025 in Milan, Milano in Italian (18:00 Rome time). The one place
 * these are written: the pages are built with them and show the competition's own data (admin-edited)
 * once it answers; a stage the competition leaves unset keeps its published date. No locale text
 * carries a year or a date: each takes them as parameters (docs/product-rules.md).
 */
export const championshipDefaults = {
  name: 'Bomber Championship',
  game: 'Fortnite',
  playoffsAt: '2025-11-12T17:00:00.000Z',
  finalsAt: '2025-11-29T17:00:00.000Z',
  finalsCity: { it: 'Milano', en: 'Milan' },
} as const;

/** What the championship's competition says of itself (the fields the pages show). */
export interface ChampionshipData {
  name?: string;
  translations?: Partial<Record<Locale, { name?: string }>>;
  game?: string;
  playoffsAt: string | null;
  finalsAt: string | null;
  finalsCity: string;
}

/** The parameters of the championship's texts: `{name}`, `{game}`, `{year}`, `{playoffs}`, `{finals}`, `{city}`. */
export type ChampionshipFacts = Record<'name' | 'game' | 'year' | 'playoffs' | 'finals' | 'city', string>;

/**
 * The championship's facts in a language: the competition's when given (its name in that language,
 * its dates and city), the published defaults for what it leaves unset or when there is none. The
 * year is the finals' (in Rome), so the hero, the FAQ and the championship page always agree.
 */
export function championshipFacts(data: ChampionshipData | null, locale: Locale): ChampionshipFacts {
  const d = championshipDefaults;
  const playoffsAt = data?.playoffsAt || d.playoffsAt;
  const finalsAt = data?.finalsAt || d.finalsAt;
  const rome = { timeZone: SITE_TIME_ZONE };
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: SITE_TIME_ZONE, year: 'numeric' }).format(
    new Date(finalsAt),
  );
  return {
    name: data?.translations?.[locale]?.name?.trim() || data?.name?.trim() || d.name,
    game: data?.game || d.game,
    year,
    playoffs: formatDate(playoffsAt, locale, rome),
    finals: formatDate(finalsAt, locale, rome),
    city: data?.finalsCity.trim() || d.finalsCity[locale],
  };
}

/** A text's `{param}`s filled from the facts (an unknown one is left as written). */
export const fillChampionship = (template: string, facts: ChampionshipFacts): string =>
  template.replace(/\{(\w+)\}/g, (m, key: string) => (key in facts ? facts[key as keyof ChampionshipFacts] : m));
