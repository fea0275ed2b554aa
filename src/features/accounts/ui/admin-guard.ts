import { isAdmin } from '../roles.ts';

export type AdminGuardState = 'loading' | 'loggedOut' | 'sessionExpired' | 'unauthorized' | 'allowed';

/**
 * The admin guard (docs/product-rules.md "Roles"), as a pure decision: a spinner while the session loads,
 * login for a missing user or token, home for a user without an admin role. No session at all is a
 * visitor who never logged in (or whose refused session was already ended, with its own message), so
 * 'loggedOut' says nothing; only a half-stored session is reported as expired.
 */
export function adminGuard(
  session: { loading: boolean; user: { roles?: readonly string[] } | null; token: string | null },
  agencyName: string,
): AdminGuardState {
  if (session.loading) return 'loading';
  if (!session.user && !session.token) return 'loggedOut';
  if (!session.user || !session.token) return 'sessionExpired';
  return isAdmin(session.user.roles ?? [], agencyName) ? 'allowed' : 'unauthorized';
}
