import type { Locale } from './i18n.ts';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let byName: Map<string, string> | null = null;

/** Every region's name in both site languages (and its code), to its ISO 3166 code; built once. */
function regionCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = (['it', 'en'] as const).map((l) => new Intl.DisplayNames(l, { type: 'region', fallback: 'none' }));
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      for (const dn of names) {
        const name = dn.of(code);
        if (name) {
          byName.set(name.toLowerCase(), code);
          byName.set(code.toLowerCase(), code);
        }
      }
    }
  return byName;
}

/**
 * A stored country ("Italy", the signup default, or "Italia") in the page's language: a name
 * or code either language knows becomes `Intl.DisplayNames`' name for it; anything else a
 * player typed is shown as typed.
 */
export function countryName(stored: string, locale: Locale): string {
  const code = regionCodes().get(stored.trim().toLowerCase());
  if (!code) return stored;
  return new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' }).of(code) ?? stored;
}
