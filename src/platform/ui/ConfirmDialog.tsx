import { useId, useRef } from 'react';
import DialogActions from './DialogActions.tsx';
import ModalDialog from './ModalDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** the confirm button's text while the action runs (the confirm label by default) */
  busyLabel?: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** while the confirmed action runs: both buttons disabled, Escape ignored */
  busy?: boolean;
  /** a destructive action gets a red confirm button */
  danger?: boolean;
  /** test ids: `<id>`, `<id>-confirm`, `<id>-cancel` */
  testId?: string;
}

/**
 * The confirmation dialog (title, message, confirm, cancel), on the native
 * modal <dialog>: focus stays inside, Escape cancels, the page behind is inert. Focus starts on
 * Cancel, so a stray Enter never confirms a destructive action.
 */
export default function ConfirmDialog({
  open,
  title,
  message,
  onCancel,
  busy = false,
  testId = 'confirm-dialog',
  ...actions
}: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog
      open={open}
      onDismiss={onCancel}
      busy={busy}
      focusRef={cancelRef}
      labelledBy={titleId}
      describedBy={messageId}
      testId={testId}
      size="w-[min(28rem,calc(100vw-2rem))]"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold text-white">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-sm whitespace-pre-line text-slate-300">
          {message}
        </p>
        <DialogActions
          className="mt-6 flex flex-wrap justify-end gap-3"
          {...actions}
          busy={busy}
          onCancel={onCancel}
          cancelRef={cancelRef}
          testIds={[`${testId}-cancel`, `${testId}-confirm`]}
        />
      </div>
    </ModalDialog>
  );
}
