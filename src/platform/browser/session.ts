import { atom } from 'nanostores';

/**
 * The signed-in user as the browser keeps it. The platform keeps it without knowing accounts: the accounts
 * contract, which owns the user, widens it to its User by declaration merging.
 */
export interface SessionUser {
  id: string;
  username: string;
  roles: string[];
}

/**
 * The client session: `user` and `token` in localStorage, mirrored in stores
 * that islands and the header share. `loading` is true until storage has been read.
 */
export const $user = atom<SessionUser | null>(null);
export const $token = atom<string | null>(null);
export const $sessionLoading = atom(true);
/** null while unknown; the header shows "..." then. */
export const $credits = atom<number | null>(null);

export function loadSession() {
  if (typeof localStorage === 'undefined') return;
  const token = localStorage.getItem('token');
  const raw = localStorage.getItem('user');
  let user: SessionUser | null = null;
  if (raw) {
    try {
      user = JSON.parse(raw);
    } catch (e) {
      // an unparsable stored user is logged and removed
      console.error('stored user could not be parsed', e);
      localStorage.removeItem('user');
    }
  }
  $token.set(token);
  $user.set(user);
  $sessionLoading.set(false);
}

export function saveSession(user: SessionUser, token: string) {
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', token);
  $user.set(user);
  $token.set(token);
}

export function updateStoredUser(user: SessionUser) {
  localStorage.setItem('user', JSON.stringify(user));
  $user.set(user);
}

export function clearSession() {
  localStorage.removeItem('user');
  localStorage.removeItem('token');
  $user.set(null);
  $token.set(null);
  $credits.set(null);
}
