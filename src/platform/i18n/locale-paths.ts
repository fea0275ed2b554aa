import { createT, translate, type KeysOf, type Locale } from './i18n.ts';
import { messages, pick, type Namespace } from './messages.ts';

/**
 * getStaticPaths for a route file under src/pages/[...lang]/: one file renders every locale,
 * Italian without a prefix (lang undefined) and English under /en.
 */
export const localeStaticPaths = () => [
  { params: { lang: undefined }, props: { locale: 'it' as Locale } },
  { params: { lang: 'en' }, props: { locale: 'en' as Locale } },
];

type Catalogue = (typeof messages)['it'];

/**
 * What a prerendered page reads from its props in one line: its locale, the namespaces its island
 * needs (handed to the island as `messages`) and a translator over them.
 */
export function pageTexts<N extends Namespace>(props: { locale: Locale }, ...namespaces: N[]) {
  const picked = pick(props.locale, ...namespaces);
  return { locale: props.locale, messages: picked, t: createT(picked as Pick<Catalogue, N>) };
}

/**
 * What a component reads from its props in one line: the props themselves and a translator over its
 * feature's namespace (`componentTexts(Astro.props, 'brackets').t('link.hint')` reads brackets.link.hint).
 */
export function componentTexts<P extends { locale: Locale }, N extends Namespace>(props: P, namespace: N) {
  // the translator's keys follow the catalogue of a Locale, whatever narrower type P gives its locale
  const locale: Locale = props.locale;
  return { ...props, t: createT(messages[locale][namespace]) };
}

/**
 * The key prefix of a page's own texts: every `<prefix>.metaTitle` in the catalogue, whose siblings
 * `metaDescription` (and, for a titled page, `title` and `subtitle`) name the page's head and heading.
 */
export type PageTextsKey = KeysOf<Catalogue> extends infer K ? (K extends `${infer P}.metaTitle` ? P : never) : never;

/** The head and heading texts under a page's key prefix (a missing one reads as its key, like any text). */
export function pageHeadTexts(locale: Locale, prefix: PageTextsKey) {
  const at = (leaf: string) => translate(messages[locale], `${prefix}.${leaf}`);
  return { title: at('metaTitle'), description: at('metaDescription'), heading: at('title'), intro: at('subtitle') };
}

/**
 * The locale of a page rendered on demand, from its `[...lang]` parameter. The rest parameter also
 * matches /fr/news or /a/b/news: those are not pages of ours (`foreignPrefix`), and Astro cannot find
 * the prerendered 404 from an on-demand route, so the page shows its own not-found state.
 */
export function onDemandLocale(lang: string | undefined): { locale: Locale; foreignPrefix: boolean } {
  return { locale: lang === 'en' ? 'en' : 'it', foreignPrefix: lang !== undefined && lang !== 'en' };
}
