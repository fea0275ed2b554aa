/** Pure i18n helpers shared by pages, islands and the server (no dictionaries imported here). */
export const locales = ['it', 'en'] as const;
export type Locale = (typeof locales)[number];
/** The props of a component that only needs the page's language. */
export interface LocaleProps {
  locale: Locale;
}
export const defaultLocale: Locale = 'it';

export const isLocale = (v: unknown): v is Locale => v === 'it' || v === 'en';

/** '/login' in 'en' is '/en/login'; Italian has no prefix. Query and hash are kept. */
export function localizePath(path: string, locale: Locale): string {
  const { path: bare } = splitLocale(path);
  if (locale === defaultLocale) return bare;
  return bare === '/' ? '/en/' : `/en${bare}`;
}

/**
 * Italian pages have no prefix, yet `/it/…` is what a reader types after seeing `/en/…`: the address
 * without the prefix (query and hash kept), or null when the path does not start with `/it`.
 */
export function defaultLocaleAddress(url: string): string | null {
  const m = new RegExp(`^/${defaultLocale}(?=/|$|\\?|#)/?(.*)$`).exec(url);
  // one leading slash only: `/it//host` must not become the protocol-relative address `//host`
  return m ? `/${m[1].replace(/^[/\\]+/, '')}` : null;
}

/** Reads the locale prefix off a path: '/en/settings' is ['en', '/settings']. */
export function splitLocale(path: string): { locale: Locale; path: string } {
  const m = /^\/en(?=\/|$|\?|#)(.*)$/.exec(path);
  if (!m) return { locale: defaultLocale, path: path || '/' };
  const rest = m[1] || '/';
  return { locale: 'en', path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The browser's language when it is one of ours, else English. */
export function languageFromBrowser(languages: readonly string[]): Locale {
  for (const l of languages) {
    const base = l.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

export type Messages = { [key: string]: string | Messages };

/** The props of an island: its page's language and the namespaces the page picked for it. */
export interface IslandProps extends LocaleProps {
  messages: Messages;
}

/** Looks a dotted key up; `{name}` placeholders are filled from vars. A missing key returns the key. */
export function translate(messages: Messages, key: string, vars?: Record<string, string | number>): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
    if (node === undefined) return key;
  }
  if (typeof node !== 'string') return key;
  return vars ? node.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m)) : node;
}

/** Every dotted key of a catalogue whose value is a text: `'login.title'` (any string for an untyped one). */
export type KeysOf<T> = string extends keyof T
  ? string
  : { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}` }[keyof T & string];

/**
 * The key a translator accepts: a key written out must exist in the catalogue (a typo or a missing
 * key is a type error); a key built from a template must match at least one key
 * (`rewardsAdmin.triggers.${string}`); a plain string built at run time is let through, and the
 * locale tests check that the keys the sources can build exist in both languages.
 */
export type KeyOf<K extends string, Known extends string> = string extends K
  ? K
  : K extends Known
    ? K
    : [Extract<Known, K>] extends [never]
      ? Known
      : K;

export const createT =
  <M extends Messages>(messages: M) =>
  <K extends string>(key: KeyOf<K, KeysOf<M>>, vars?: Record<string, string | number>) =>
    translate(messages, key, vars);
