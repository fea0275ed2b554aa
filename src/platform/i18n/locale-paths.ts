import type { Locale } from './i18n.ts';

/**
 * getStaticPaths for a route file under src/pages/[...lang]/: one file renders every locale,
 * Italian without a prefix (lang undefined) and English under /en.
 */
export const localeStaticPaths = () => [
  { params: { lang: undefined }, props: { locale: 'it' as Locale } },
  { params: { lang: 'en' }, props: { locale: 'en' as Locale } },
];
