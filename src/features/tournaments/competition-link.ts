import { localizePath, type Locale } from '../../platform/i18n/i18n.ts';

/**
 * The one rule for an admin-set competition link, used by the contract (tournament-schemas.ts) and
 * by every page that renders one: a same-site path, or an https address. A browser reads `//host`
 * and `/\host` as another site (protocol-relative, so plain http on an http page), and drops tabs
 * and newlines before it parses, so a path may not begin with a second slash or a backslash, may
 * not hold an empty segment anywhere (`/en//host` loses its `/en` when shown in Italian), and holds
 * no whitespace, control characters, quotes or angle brackets.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const sitePath = /^\/(?![/\\])[^\s"'<>\\\u0000-\u001f\u007f]*$/;
/** the host starts right after `https://` (a browser would read `https:///x` as https://x/) */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const httpsUrl = /^https:\/\/[^\s"'<>\\/\u0000-\u001f\u007f][^\s"'<>\\\u0000-\u001f\u007f]*$/i;

export const COMPETITION_LINK_MAX = 500;

/** True for '' (no link), a same-site path like /arena-bomber-championship, or an https URL with a host. */
export function isCompetitionLink(url: string): boolean {
  if (url === '') return true;
  if (url.length > COMPETITION_LINK_MAX) return false;
  if (sitePath.test(url)) return !url.split(/[?#]/)[0].includes('//');
  if (!httpsUrl.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The href a page renders for a competition link: a site path in the page's language, an https
 * address as it is, and '' (no link) for anything else, so a value stored before this rule existed
 * never becomes an off-site or plain-http link.
 */
export function competitionHref(url: string, locale: Locale): string {
  if (!url || !isCompetitionLink(url)) return '';
  if (!url.startsWith('/')) return url;
  const href = localizePath(url, locale);
  return sitePath.test(href) && !href.startsWith('//') ? href : '';
}
