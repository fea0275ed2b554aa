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

/** sessionStorage key of the one-time message the site's pages show (src/layouts/site/FlashMessage.astro). */
export const FLASH_KEY = 'flash';
/** Sent on window when a flash message was just left, so the page already open shows it now. */
export const FLASH_EVENT = 'flash:set';

/** Leaves a one-time message (`common.flash.<key>`) for the next page that shows them. */
export function leaveFlash(key: 'sessionExpired' | 'unauthorized' | 'accountDeleted') {
  try {
    sessionStorage.setItem(FLASH_KEY, key);
  } catch {
    // storage can be blocked; then nothing is said
  }
}

/**
 * The server no longer knows the stored session (it was logged out everywhere, or its password was
 * reset): it is forgotten, so no page goes on showing a half-logged-in header, and the page says why.
 */
export function endSession() {
  clearSession();
  leaveFlash('sessionExpired');
  // the page already open takes it and shows it now
  globalThis.dispatchEvent?.(new Event(FLASH_EVENT));
}
