/**
 * Badges the player just earned, on their way to the badge-earned modal (<badge-earned-modal>,
 * in every page of the main layout). On the same page: `announceEarnedBadge` (a window event).
 * Across a navigation (signup, then home): `rememberEarnedBadge` parks it in sessionStorage and
 * the next page shows it once.
 */
export const EARNED_BADGES_KEY = 'earnedBadges';
export const BADGE_EARNED_EVENT = 'badge:earned';

export interface EarnedBadge {
  name: string;
  description: string;
  icon: string;
  /** credits the badge paid */
  credits: number;
}

declare global {
  interface WindowEventMap {
    'badge:earned': CustomEvent<EarnedBadge>;
  }
}

export function announceEarnedBadge(badge: EarnedBadge) {
  window.dispatchEvent(new CustomEvent(BADGE_EARNED_EVENT, { detail: badge }));
}

/**
 * The badges a call's answer says it earned (`earnedBadges`), shown on this page; with `park`, kept
 * for the next page instead (the call is followed by a navigation, as after signup or login).
 * Returns whether there were any, so the caller can refresh the header's balance.
 */
export function showEarnedBadges(badges: EarnedBadge[] | undefined, options: { park?: boolean } = {}): boolean {
  if (!badges?.length) return false;
  for (const badge of badges) {
    if (options.park) rememberEarnedBadge(badge);
    else announceEarnedBadge(badge);
  }
  return true;
}

export function rememberEarnedBadge(badge: EarnedBadge, storage: Storage = sessionStorage) {
  try {
    storage.setItem(EARNED_BADGES_KEY, JSON.stringify([...readParked(storage), badge]));
  } catch (e) {
    console.error('the earned badge could not be remembered', e);
  }
}

/** The parked badges, removed from storage (each is shown once). */
export function takeEarnedBadges(storage: Storage = sessionStorage): EarnedBadge[] {
  try {
    const parked = readParked(storage);
    storage.removeItem(EARNED_BADGES_KEY);
    return parked;
  } catch {
    return [];
  }
}

function readParked(storage: Storage): EarnedBadge[] {
  try {
    const list = JSON.parse(storage.getItem(EARNED_BADGES_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((b) => b && typeof b.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether a badge is parked for this page (cheap: no parsing). */
export function hasParkedBadges(storage: Storage = sessionStorage): boolean {
  try {
    return storage.getItem(EARNED_BADGES_KEY) !== null;
  } catch {
    return false;
  }
}
