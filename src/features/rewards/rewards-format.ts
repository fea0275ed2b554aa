/** Numbers and texts of the rewards pages, localised (it-IT, en-GB); their dates are platform/i18n/date-time.ts's. */
type Locale = 'it' | 'en';

const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

// Four digits are grouped too (1.310): Italian's default leaves them ungrouped, and a balance is to read the same
// here, in the header, in the e-mails and in the dashboard
export const formatNumber = (n: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { useGrouping: true }).format(n);

/** +50, -30, 0: the sign always shows, but zero has none. */
export const formatSigned = (n: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { useGrouping: true, signDisplay: 'exceptZero' }).format(n);

/**
 * A record's text in the page's language from its `translations` (the API's per-language texts):
 * the English one unless empty, else the Italian, else the flat `fallback` the answer carries.
 */
export function textIn<F extends string>(
  translations: Partial<Record<Locale, Partial<Record<F, string>>>> | undefined,
  field: F,
  locale: Locale,
  fallback: string,
): string {
  const own = translations?.[locale]?.[field]?.trim() ? translations[locale]![field]! : '';
  return own || translations?.it?.[field] || fallback;
}
