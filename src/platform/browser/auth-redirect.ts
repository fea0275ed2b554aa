import { defaultLocale, localizePath, splitLocale, type Locale } from '../i18n/i18n.ts';
import { safeNextPath } from './next-path.ts';

export { nextFromPage, safeNextPath, withNext } from './next-path.ts';

export const REDEEM_TOKEN_KEY = 'redeemToken';

/** `?reason=` on /login that says why a player was sent there (a redeem link opened logged out). */
export const LOGIN_REASON_REDEEM = 'redeem';

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

/** Reads and removes the parked redeem token (it is used once). */
export function takeRedeemToken(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): string | null {
  const token = storage.getItem(REDEEM_TOKEN_KEY);
  if (token !== null) storage.removeItem(REDEEM_TOKEN_KEY);
  return token || null;
}
