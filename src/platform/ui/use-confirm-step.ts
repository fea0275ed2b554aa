import { useState } from 'react';

/**
 * An action that asks first, in a ConfirmDialog, about its subject (the row, the change or the message it acts on):
 * `ask` opens the dialog about it, and `subject` holds it while the dialog is open (null once closed); `run` sends the
 * action with the dialog busy (it may not close meanwhile) and closes it once the answer is in, whatever it is, then
 * hands the answer back. `dialog` is what the ConfirmDialog takes of that state.
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
