import type { Locale } from './i18n.ts';

const rules = new Map<string, Intl.PluralRules>();

/**
 * The plural form of a count in a locale, from `Intl.PluralRules` ("1 giorno", "0 giorni",
 * "1 day"). Dictionaries hold `one` and `other`; any other category (none today for it/en)
 * falls back to `other`, so a new locale never shows a missing key.
 */
export function pluralCategory(count: number, locale: Locale = 'it'): 'one' | 'other' {
  let pr = rules.get(locale);
  if (!pr) rules.set(locale, (pr = new Intl.PluralRules(locale)));
  return pr.select(count) === 'one' ? 'one' : 'other';
}

/** The dictionary key of a count: `<base>.one` or `<base>.other`. */
export const pluralKey = (base: string, count: number, locale: Locale = 'it') =>
  `${base}.${pluralCategory(count, locale)}`;
