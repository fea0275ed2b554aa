import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * The value of a nanostores atom, re-rendering on change: what @nanostores/react's useStore does
 * for a plain atom, without the 0.6 KB gzip chunk it adds to a page with a JavaScript budget.
 * (nanostores' atom methods do not use `this`, so they can be passed as they are.)
 */
export function useAtom<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get, store.get);
}
