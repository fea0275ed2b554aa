import { useState } from 'react';

/**
 * An action that asks first, in a ConfirmDialog: `ask` opens it; `run` sends the action with the dialog busy (it may
 * not close meanwhile) and closes it once the answer is in, whatever it is, then hands the answer back. `dialog` is
 * what the ConfirmDialog takes of that state.
 */
export function useConfirmStep() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = () => setAsking(false);
  return {
    busy,
    ask: () => setAsking(true),
    run: async <T>(send: () => Promise<T>): Promise<T> => {
      setBusy(true);
      const answer = await send();
      setBusy(false);
      setAsking(false);
      return answer;
    },
    dialog: { open: asking, busy, onCancel: cancel },
  };
}
