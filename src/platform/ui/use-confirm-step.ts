import { useState } from 'react';

/**
 * An action on one subject (a row of a list) that asks first, in a ConfirmDialog: `ask` opens it about that subject,
 * which `subject` holds while it is open (null once closed); `run` sends the action with the dialog busy (it may not
 * close meanwhile) and closes it once the answer is in, whatever it is, then hands the answer back. `dialog` is what
 * the ConfirmDialog takes of that state.
 */
export function useConfirmStepAbout<Subject>() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = () => setSubject(null);
  return {
    busy,
    subject,
    ask: (about: Subject) => setSubject(about),
    run: async <T>(send: () => Promise<T>): Promise<T> => {
      setBusy(true);
      const answer = await send();
      setBusy(false);
      setSubject(null);
      return answer;
    },
    dialog: { open: subject !== null, busy, onCancel: cancel },
  };
}

/** An action that asks first, in a ConfirmDialog (useConfirmStepAbout with no subject): `ask` opens it. */
export function useConfirmStep() {
  const step = useConfirmStepAbout<true>();
  return { ...step, ask: () => step.ask(true) };
}
