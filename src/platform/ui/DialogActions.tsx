import type { ButtonHTMLAttributes, Ref } from 'react';
import BusyButton from './BusyButton.tsx';
import { primaryButtonClass, secondaryButtonClass } from './ui.ts';

/** The red confirm button of a destructive action. */
const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 ' +
  'px-5 py-2.5 font-semibold text-white shadow-lg shadow-rose-900/30 ' +
  'transition hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'outline-none focus-visible:ring-2 focus-visible:ring-rose-400 ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

interface Props {
  /** while the action runs: Cancel disabled, the confirm one busy (clicks ignored, focus kept), reading `busyLabel` */
  busy: boolean;
  onCancel: () => void;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  /** the test ids of the cancel and the confirm button */
  testIds: readonly [cancel: string, confirm: string];
  /** the confirm button's action; without one it submits the dialog's form */
  onConfirm?: () => void;
  /** another reason the action cannot run yet (nothing chosen, a field missing) */
  disabled?: boolean;
  /** a destructive action gets a red confirm button */
  danger?: boolean;
  cancelRef?: Ref<HTMLButtonElement>;
  /** the row's classes: right-aligned buttons that wrap, unless a dialog lays them out its own way */
  className?: string;
  /** further attributes of the confirm button (its own aria-disabled, a description, a class) */
  confirmProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'disabled'>;
}

/**
 * The last row of a dialog: Cancel, then the action, neither pressable while the action runs (the
 * dialog itself ignores Escape meanwhile), so a second click cannot start it twice.
 */
export default function DialogActions({
  busy,
  onCancel,
  cancelLabel,
  confirmLabel,
  busyLabel = confirmLabel,
  testIds: [cancelTestId, confirmTestId],
  onConfirm,
  disabled,
  danger,
  cancelRef,
  className = 'flex flex-wrap justify-end gap-3',
  confirmProps,
}: Props) {
  return (
    <div className={className}>
      <button
        ref={cancelRef}
        type="button"
        onClick={onCancel}
        disabled={busy}
        className={secondaryButtonClass}
        data-testid={cancelTestId}
      >
        {cancelLabel}
      </button>
      <BusyButton
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        busy={busy}
        busyLabel={busyLabel}
        disabled={disabled}
        className={danger ? dangerButtonClass : primaryButtonClass}
        testId={confirmTestId}
        {...confirmProps}
      >
        {confirmLabel}
      </BusyButton>
    </div>
  );
}
