import { lazy, Suspense } from 'react';
import { useToasterWanted } from './notify.ts';

const AppToaster = lazy(() => import('./AppToaster.tsx'));

/** AppToaster for islands that toast through `notify`: nothing on the page until the first toast. */
export default function DeferredToaster() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
