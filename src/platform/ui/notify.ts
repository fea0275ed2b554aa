import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner on the page until the first one: `notify` loads sonner and asks every
 * DeferredToaster to mount its <Toaster>. Toasts only follow an action, and the page's JavaScript
 * before any interaction has a budget. sonner replays the toasts created before a
 * Toaster subscribes, so the order of the two imports does not matter.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function notify(message: string, kind: 'success' | 'error' = 'success'): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return import('sonner').then(({ toast }) => void toast[kind](message));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True once a toast was asked for on this page. */
export const useToasterWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
