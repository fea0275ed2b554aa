/** The `next` rules of the login and sign-up links, apart so the header's menu carries only these. */

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

/** `path` (a login or sign-up page) with the same-site `next` carried on, so the visitor is not lost between them. */
export function withNext(path: string, next: string | null): string {
  const safe = safeNextPath(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
}

/**
 * The `next` a login or sign-up link takes from the page it sits on (path and query, as `withNext`
 * checks it): on the login and sign-up pages (either language), the `next` they were given; on a page
 * whose address holds a mailed token (a reset or an e-mail confirmation), none.
 */
export function nextFromPage(pathname: string, search: string): string | null {
  const page = /^(?:\/en)?\/(login|signup|resetPassword|confirmEmail)\/?$/.exec(pathname)?.[1];
  if (page === 'login' || page === 'signup') return new URLSearchParams(search).get('next');
  return page ? null : pathname + search;
}
