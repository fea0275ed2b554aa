import { useSyncExternalStore } from 'react';
import { retryingCalls } from '../browser/retry.ts';

const none = () => 0;

/**
 * What a form says while its submit waits out a busy server's 503 and tries again (api-client.ts),
 * in place of an error: the visitor keeps waiting instead of giving up. `active` is the form's
 * isSubmitting, `text` errors.retrying. Its own module: only the forms that show it load the retry
 * policy up front; the other pages load it on a first 503.
 */
export default function StillTrying({ active, text, testId }: { active: boolean; text: string; testId: string }) {
  const shown = useSyncExternalStore(retryingCalls.listen, retryingCalls.get, none) > 0 && active;
  return (
    <div role="status" data-testid={testId} className={shown ? 'text-sm text-amber-300' : 'hidden'}>
      {shown ? text : ''}
    </div>
  );
}
