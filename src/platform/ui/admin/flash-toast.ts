import { toast } from 'sonner';
import { releaseUnsaved } from './unsaved-guard.ts';

/**
 * A success toast that survives a page change: the dashboard pages are separate documents, so a
 * form that saves and moves to the list leaves its message here and the next page shows it once.
 */
const KEY = 'dashboardToast';

export interface FlashToast {
  /** a translation key */
  key: string;
  vars?: Record<string, string | number>;
}

function leaveToast(flash: FlashToast) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // without storage the message is lost; the navigation still happens
  }
}

/** Go to `href` (an editor back to its list) and show `flash` there. */
export function leaveWithToast(href: string, flash: FlashToast) {
  leaveToast(flash);
  // the form saved: what it holds is no longer unsaved
  releaseUnsaved();
  window.location.assign(href);
}

export function showLeftToast(t: (key: string, vars?: Record<string, string | number>) => string) {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as FlashToast;
    if (typeof flash.key === 'string') toast.success(t(flash.key, flash.vars));
  } catch {
    // an unreadable entry is dropped
  }
}
