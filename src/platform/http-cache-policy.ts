/**
 * Cache-Control policies of the site and the API, in one place so the API and the on-demand pages
 * cannot drift apart. Public answers may sit a few seconds in a browser or a CDN, and
 * `stale-while-revalidate` lets a CDN keep serving the last copy while it fetches the next one, so
 * a burst (a tournament opening check-in, a link shared on social media) reaches the origin as one
 * request per edge per few seconds instead of one per visitor. Anything that depends on who asks
 * is private and never stored.
 */
export const cachePolicy = {
  /** lists and details that change with play (slots, check-ins, stock): seconds of staleness at most */
  live: 'public, max-age=10, stale-while-revalidate=60',
  /** editorial content (news) changes rarely */
  editorial: 'public, max-age=30, stale-while-revalidate=120',
  /**
   * the campaign pages: changed only by an admin edit or a window opening (the countdown corrects
   * its clock from the API, src/features/campaign/ui/campaign-countdown.ts)
   */
  campaign: 'public, max-age=60, stale-while-revalidate=300',
  /** a closed phase's standings never change again (docs/campaign-api.md) */
  frozen: 'public, max-age=300, stale-while-revalidate=3600',
  /** a calendar file: refreshed by the calendar app now and then */
  calendar: 'public, max-age=60',
  /**
   * a personal answer (an account, a wallet, a ledger, purchases, a backpack, anything read with a
   * token): kept by no cache at all, not even the browser's disk, so a shared computer or the back
   * button after a logout cannot show it again
   */
  personal: 'private, no-store',
  /** failures and anything that must not be kept at all */
  none: 'no-store',
} as const;
export type CachePolicy = keyof typeof cachePolicy;

/**
 * Headers for an answer that is public for anonymous readers but personal once a token comes
 * (a tournament with the caller's `me`, drafts for an admin). `Vary: Authorization` keeps a shared
 * cache from handing one visitor's copy to another.
 */
export function cacheHeaders(hasAuthorization: boolean, policy: Exclude<CachePolicy, 'personal' | 'none'>): Record<string, string> {
  return { vary: 'Authorization', 'cache-control': hasAuthorization ? cachePolicy.personal : cachePolicy[policy] };
}

/**
 * How an on-demand page answers the state it reached: a failure to read is 503 and never kept, a
 * page that does not exist is 404, and what exists (or is known not to) may be kept under `policy`.
 */
export function answerPageState(response: { status?: number; headers: Headers }, state: 'ok' | 'notFound' | 'error', policy: CachePolicy): void {
  if (state !== 'ok') response.status = state === 'error' ? 503 : 404;
  response.headers.set('cache-control', cachePolicy[state === 'error' ? 'none' : policy]);
}
