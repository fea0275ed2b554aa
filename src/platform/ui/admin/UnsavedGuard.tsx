import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translator } from '../use-t.ts';
import { $unsaved, linkLeaving, mustAsk } from './unsaved-guard.ts';

// the dialog's code stays out of the shell's first load: it is fetched when a form first holds changes
const UnsavedDialog = lazy(() => import('./UnsavedDialog.tsx'));

/**
 * The dashboard shell's half of the unsaved-changes guard (unsaved-guard.ts): while a form holds
 * changes, a click on a link that would leave the page (the sidebar, "back to the list", Cancel)
 * is held and the admin is asked in the app's dialog. Staying keeps every value as typed. A click held just
 * as a save completes follows its link once the save has settled.
 */
export default function UnsavedGuard({ t }: { t: Translator }) {
  const dirty = useStore($unsaved);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !mustAsk()) return;
      const to = linkLeaving(event, link, window.location.href);
      if (!to) return;
      event.preventDefault();
      setTarget(to);
    };
    // capture: the guard decides before a link's own handler moves the page
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty]);

  // A link held while the changes were still being saved (or were put back): once nothing is unsaved, leaving
  // loses nothing, so the page goes where the admin asked instead of swallowing the click.
  useEffect(() => {
    if (!dirty && target) window.location.assign(target);
  }, [dirty, target]);

  if (!dirty) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedDialog t={t} target={target} onStay={() => setTarget(null)} />
    </Suspense>
  );
}
