import { defaultLocale, localizePath, splitLocale, type Locale } from '../i18n/i18n.ts';

export const REDEEM_TOKEN_KEY = 'redeemToken';

/** `?reason=` on /login that says why a player was sent there (a redeem link opened logged out). */
export const LOGIN_REASON_REDEEM = 'redeem';

/**
 * A `next` from the address bar, kept only when it is a path on this site: one leading "/", no
 * "//" or backslash anywhere (browsers read "/\evil" and "//evil" as another host), no control
 * characters (browsers drop tabs and newlines, which would turn "/\t/evil" into "//evil").
 * Anything else is null, so the login falls back to its default instead of leaving the site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length > 512) return null;
  if (!next.startsWith('/') || next.includes('//') || next.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}

/** /login?next=<path> for a page that sends a visitor to log in and wants them back. */
export function loginPathWithNext(locale: Locale, next: string): string {
  return `${localizePath('/login', locale)}?next=${encodeURIComponent(next)}`;
}

/**
 * Where a fresh login or sign-up goes: the redeem page when a giveaway code was parked before logging in,
 * else a safe same-site `next` (the page that sent the visitor here), else home. The language is the
 * page's (`pageLocale`, the login or sign-up page's own), never the account's: a `next` that names its
 * language (`/en/...`) keeps it, a bare one (as `loginPathWithNext` writes it) takes the page's.
 */
export function pathAfterLogin(pageLocale: Locale, redeemToken: string | null, next: string | null = null): string {
  if (redeemToken) return localizePath(`/marketplace/redeem?token=${encodeURIComponent(redeemToken)}`, pageLocale);
  const path = safeNextPath(next);
  if (path && splitLocale(path).locale !== defaultLocale) return path;
  return localizePath(path ?? '/', pageLocale);
}

/** `path` (a login or sign-up page) with the same-site `next` carried on, so the visitor is not lost between them. */
export function withNext(path: string, next: string | null): string {
  const safe = safeNextPath(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
}

/** Reads and removes the parked redeem token (it is used once). */
export function takeRedeemToken(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): string | null {
  const token = storage.getItem(REDEEM_TOKEN_KEY);
  if (token !== null) storage.removeItem(REDEEM_TOKEN_KEY);
  return token || null;
}
