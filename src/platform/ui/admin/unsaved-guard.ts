import { useLayoutEffect } from 'react';
import { atom } from 'nanostores';

/**
 * Unsaved changes are never lost silently. Every dashboard form that holds
 * changes calls `useUnsavedGuard(dirty)`; while one does, closing or reloading the tab, Back and
 * any navigation by the address bar get the browser's own beforeunload prompt (the dashboard's
 * pages are separate documents, so Back leaves the document too), and a click on a link of the
 * page is held by the shell's `UnsavedGuard`, which asks in the app's dialog.
 */

// the forms holding changes: a form that unmounts takes its changes with it
const holders = new Set<object>();
/** True while at least one form on the page has unsaved changes. */
export const $unsaved = atom(false);
// set once the admin chose to leave (or a form saved and moves on): nothing asks again
let leaving = false;

const publish = () => $unsaved.set(holders.size > 0);

/** While `dirty`, leaving the page asks first. A save that resets the form clears it. */
export function useUnsavedGuard(dirty: boolean) {
  // as the edit is drawn, not after the browser paints: a reload pressed a moment after typing still asks
  useLayoutEffect(() => {
    if (!dirty) return;
    const holder = {};
    holders.add(holder);
    publish();
    return () => {
      holders.delete(holder);
      publish();
    };
  }, [dirty]);
}

/** The page is about to be left on purpose (a confirmed leave, a form that saved and moves on). */
export function releaseUnsaved() {
  leaving = true;
}

/** Whether leaving now loses changes. */
export const mustAsk = () => $unsaved.get() && !leaving;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!mustAsk()) return;
  // the browser shows its own, untranslatable prompt; both calls are needed across browsers
  event.preventDefault();
  event.returnValue = '';
}

if (typeof window !== 'undefined') {
  // armed only while something is unsaved, so a clean page stays eligible for the back-forward cache
  $unsaved.subscribe((dirty) => {
    if (dirty) window.addEventListener('beforeunload', onBeforeUnload);
    else window.removeEventListener('beforeunload', onBeforeUnload);
  });
  // a page restored from the back-forward cache after a confirmed leave holds its changes again
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

/** What `linkLeaving` reads of a click: the mouse event's buttons and keys. */
export interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}
/** What `linkLeaving` reads of the clicked link. */
export interface LinkLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/**
 * The address a click on `link` would take this tab to, leaving the document; null when it
 * stays (a new tab or window, a download, a jump within the page, a click already handled).
 */
export function linkLeaving(click: ClickLike, link: LinkLike, here: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)
    return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || !link.href) return null;
  let to: URL;
  try {
    to = new URL(link.href, here);
  } catch {
    return null;
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return null;
  const from = new URL(here);
  if (to.hash && to.origin === from.origin && to.pathname === from.pathname && to.search === from.search) return null;
  return to.href;
}
