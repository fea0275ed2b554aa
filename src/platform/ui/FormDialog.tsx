import { useId, type ComponentProps, type FormEventHandler, type ReactNode, type RefObject } from 'react';
import DialogActions from './DialogActions.tsx';
import ModalDialog from './ModalDialog.tsx';

interface Props<S> {
  /** what the dialog acts on; null closes it */
  subject: S | null;
  /** Cancel, Escape or the backdrop */
  onCancel: () => void;
  /** while the form's action runs: both buttons disabled, Escape ignored */
  busy: boolean;
  /** the field that takes the focus when the dialog opens */
  focusRef: RefObject<HTMLElement | null>;
  testId: string;
  /** the frame's size classes */
  size: string;
  title: (subject: S) => ReactNode;
  /** what the dialog asks, as an element carrying the given id (the dialog's description) */
  description: (subject: S, id: string) => ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the last row's texts and test ids (its confirm button submits the form) */
  actions: Omit<ComponentProps<typeof DialogActions>, 'busy' | 'onCancel' | 'onConfirm'>;
  /** the fields, and what the last submit said */
  children: (subject: S) => ReactNode;
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
  focusRef,
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
          {children(subject)}
          <DialogActions busy={busy} onCancel={onCancel} {...actions} />
        </form>
      )}
    </ModalDialog>
  );
}
