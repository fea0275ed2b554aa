import { localizePath, type Locale } from './i18n.ts';

export const REDEEM_TOKEN_KEY = 'redeemToken';

/**
 * Where a fresh login goes (SPEC section 2, /login): the redeem page when a giveaway code was
 * parked before logging in, else home; always in the user's own language, which is how logging
 * in switches the interface language.
 */
export function pathAfterLogin(language: Locale, redeemToken: string | null): string {
  const path = redeemToken ? `/marketplace/redeem?token=${encodeURIComponent(redeemToken)}` : '/';
  return localizePath(path, language);
}

/** Reads and removes the parked redeem token (it is used once). */
export function takeRedeemToken(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): string | null {
  const token = storage.getItem(REDEEM_TOKEN_KEY);
  if (token !== null) storage.removeItem(REDEEM_TOKEN_KEY);
  return token || null;
}
