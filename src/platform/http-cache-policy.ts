/**
 * Cache-Control policies of the site and the API, in one place so the API and the on-demand pages
 * cannot drift apart. Anything that depends on who asks is private and never stored.
 *
 * Public answers have two lifetimes. The browser's (`max-age`) stays short where visitors reload
 * to see a change, 10 s at most for the tournament and news pages and their API reads, with no
 * `stale-while-revalidate` (a browser would show the old copy once more past it). A CDN may keep
 * them longer and serve the last copy while it fetches the next (`cdnCachePolicy`, sent as
 * `CDN-Cache-Control`, RFC 9213, and as `s-maxage` for a CDN that reads only Cache-Control), so a
 * burst (a tournament opening check-in, a link shared on social media) reaches the origin as one
 * request per edge per few seconds instead of one per visitor.
 */
export const cachePolicy = {
  /** lists and details that change with play (slots, check-ins, stock): seconds of staleness at most */
  live: 'public, max-age=10, s-maxage=10',
  /** editorial content (news): a reload shows an admin's edit within 10 s; a CDN keeps it 30 s */
  editorial: 'public, max-age=10, s-maxage=30',
  /**
   * the campaign pages: changed only by an admin edit or a window opening (the countdown corrects
   * its clock from the API, src/features/campaign/ui/campaign-countdown.ts)
   */
  campaign: 'public, max-age=60, stale-while-revalidate=300',
  /** a closed phase's standings never change again (docs/campaign-api.md) */
  frozen: 'public, max-age=300, stale-while-revalidate=3600',
  /**
   * a prerendered page (src/platform/http/static-site.ts): it changes only with a deploy, so an
   * edge may keep it 5 minutes, and serve its last copy for a day while it fetches the next (or
   * while the origin is down); a browser revalidates every time (ETag, a 304 of a few bytes), so
   * a deploy reaches it at once, and at the edge within 5 minutes or at once with a purge
   */
  page: 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400',
  /** a content-hashed bundle (/_astro/*): its address changes with its content */
  immutable: 'public, max-age=31536000, immutable',
  /**
   * a file of public/ (favicon, robots.txt, images): not content-named, so kept an hour, then used
   * while revalidated in the background; a deploy that changes one shows within the hour
   */
  publicFile: 'public, max-age=3600, stale-while-revalidate=86400',
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
 * `CDN-Cache-Control` of the policies whose CDN lifetime differs from the browser's: a CDN that
 * reads it (Cloudflare, Akamai, Fastly) uses it instead of Cache-Control, which browsers keep to.
 */
export const cdnCachePolicy: Partial<Record<CachePolicy, string>> = {
  live: 'max-age=10, stale-while-revalidate=60',
  editorial: 'max-age=30, stale-while-revalidate=120',
};

/** Both headers of `policy`, lower-case names (a policy without a CDN lifetime of its own sends one). */
export function policyHeaders(policy: CachePolicy): Record<string, string> {
  const cdn = cdnCachePolicy[policy];
  return cdn
    ? { 'cache-control': cachePolicy[policy], 'cdn-cache-control': cdn }
    : { 'cache-control': cachePolicy[policy] };
}

/** Sets `policy` on a page's response headers (an Astro page's `Astro.response.headers`). */
export function setPagePolicy(headers: Headers, policy: CachePolicy): void {
  headers.delete('cdn-cache-control');
  for (const [name, value] of Object.entries(policyHeaders(policy))) headers.set(name, value);
}

/**
 * Headers for an answer that is public for anonymous readers but personal once a token comes
 * (a tournament with the caller's `me`, drafts for an admin). `Vary: Authorization` keeps a shared
 * cache from handing one visitor's copy to another.
 */
export function cacheHeaders(
  hasAuthorization: boolean,
  policy: Exclude<CachePolicy, 'personal' | 'none'>,
): Record<string, string> {
  return { vary: 'Authorization', ...policyHeaders(hasAuthorization ? 'personal' : policy) };
}

/**
 * How an on-demand page answers the state it reached: a failure to read is 503 and never kept, a
 * page that does not exist is 404, and what exists (or is known not to) may be kept under `policy`.
 */
export function answerPageState(
  response: { status?: number; headers: Headers },
  state: 'ok' | 'notFound' | 'error',
  policy: CachePolicy,
): void {
  if (state !== 'ok') response.status = state === 'error' ? 503 : 404;
  setPagePolicy(response.headers, state === 'error' ? 'none' : policy);
}
