import { api } from './api-client.ts';
import { $token, clearSession } from './session.ts';

/**
 * Ends the session: revokes the token on the server, then forgets user and token locally.
 * Shared by the dashboard header and the site header's profile menu; the caller decides where to
 * go next (the site goes back to /). The local session is cleared even when the call fails (offline, or
 * a token the server already revoked), so logging out always works.
 */
export async function logout(): Promise<void> {
  const token = $token.get() ?? readStoredToken();
  if (token) await api('/users/logout', { method: 'POST', token });
  clearSession();
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}
