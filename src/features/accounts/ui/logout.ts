import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { $token, clearSession } from '../../../platform/browser/session.ts';
import type { AccountsApi } from '../endpoints.ts';

const call: TypedCall<AccountsApi> = api;

/**
 * Ends the session: revokes the token on the server, then forgets user and token locally.
 * Shared by the dashboard header and the site header's profile menu; the caller decides where to
 * go next (the site goes back to /). The local session is cleared even when the call fails (offline, or
 * a token the server already revoked), so logging out always works.
 */
export async function logout(): Promise<void> {
  const token = $token.get() ?? readStoredToken();
  if (token) await call<'POST /users/logout'>('/users/logout', { method: 'POST', token, endsSession: false });
  clearSession();
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}
