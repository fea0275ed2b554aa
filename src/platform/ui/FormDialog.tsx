import { useId, useRef, type ComponentProps, type FormEventHandler, type ReactNode } from 'react';
import DialogActions from './DialogActions.tsx';
import ModalDialog from './ModalDialog.tsx';
import type { Registration } from './use-form.ts';

interface Props<S> {
  /** what the dialog acts on; null closes it */
  subject: S | null;
  /** Cancel, Escape or the backdrop */
  onCancel: () => void;
  /** while the form's action runs: both buttons disabled, Escape ignored */
  busy: boolean;
  testId: string;
  /** the frame's size classes */
  size: string;
  title: (subject: S) => ReactNode;
  /** what the dialog asks, as an element carrying the given id (the dialog's description) */
  description: (subject: S, id: string) => ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the last row's texts and test ids (its confirm button submits the form) */
  actions: Omit<ComponentProps<typeof DialogActions>, 'busy' | 'onCancel' | 'onConfirm'>;
  /**
   * the fields, and what the last submit said; `focus` wraps the registration of the field that takes the
   * focus when the dialog opens
   */
  children: (subject: S, focus: (field: Registration) => Registration) => ReactNode;
}

/**
 * A modal that asks for a few fields before an action runs: the title, what it asks, the fields, then
 * Cancel and the action, which submits the form. Its content exists only while it is open, so each
 * opening starts from the values its owner resets.
 */
export default function FormDialog<S>({
  subject,
  onCancel,
  busy,
  testId,
  size,
  title,
  description,
  onSubmit,
  actions,
  children,
}: Props<S>) {
  const titleId = useId();
  const descriptionId = useId();
  const focusRef = useRef<HTMLElement | null>(null);
  // the form's own ref still runs: it focuses the field when a submit finds it invalid
  const focus = (field: Registration): Registration => ({
    ...field,
    ref: (el) => {
      focusRef.current = el;
      field.ref(el);
    },
  });
  return (
    <ModalDialog
      open={subject !== null}
      onDismiss={onCancel}
      busy={busy}
      focusRef={focusRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      testId={testId}
      size={size}
    >
      {subject !== null && (
        <form noValidate className="space-y-4 p-6" onSubmit={onSubmit}>
          <h2 id={titleId} className="text-lg font-bold text-white">
            {title(subject)}
          </h2>
          {description(subject, descriptionId)}
          {children(subject, focus)}
          <DialogActions busy={busy} onCancel={onCancel} {...actions} />
        </form>
      )}
    </ModalDialog>
  );
}
