import { useId, useRef } from 'react';
import ModalDialog from './ModalDialog.tsx';
import { primaryButtonClass, secondaryButtonClass } from './ui.ts';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
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

/** The red confirm button of a destructive action (also the roster's reason dialog). */
export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-5 py-2.5 font-semibold text-white shadow-lg shadow-rose-900/30 ' +
  'transition hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-50 outline-none focus-visible:ring-2 focus-visible:ring-rose-400 ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

/**
 * The confirmation dialog (title, message, confirm, cancel), on the native
 * modal <dialog>: focus stays inside, Escape cancels, the page behind is inert. Focus starts on
 * Cancel, so a stray Enter never confirms a destructive action.
 */
export default function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  danger = false,
  testId = 'confirm-dialog',
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
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className={secondaryButtonClass}
            data-testid={`${testId}-cancel`}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            className={danger ? dangerButtonClass : primaryButtonClass}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
