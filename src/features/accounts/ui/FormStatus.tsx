import { errorBoxClass, primaryButtonClass, successBoxClass } from '../../../platform/ui/ui.ts';

/**
 * What an account form says after a submit: a success (`role="status"`) or a failure
 * (`role="alert"`). The box stays in the page, hidden while there is nothing to say, so a screen
 * reader hears the message when it appears.
 */
export function FormMessage({ kind, text, testId, id, className = '' }: { kind: 'success' | 'error'; text: string | null | false; testId: string; id?: string; className?: string }) {
  const box = kind === 'error' ? errorBoxClass : successBoxClass;
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} className={text ? `${box} ${className}`.trim() : 'hidden'}>
      {text || ''}
    </div>
  );
}

/** An account form's submit button: its label while the call runs, and disabled until it may submit. */
export function SubmitButton({ busy, disabled = false, label, busyLabel, testId, wide = true }: { busy: boolean; disabled?: boolean; label: string; busyLabel: string; testId: string; wide?: boolean }) {
  return (
    <button type="submit" disabled={disabled || busy} className={wide ? `${primaryButtonClass} w-full` : primaryButtonClass} data-testid={testId}>
      {busy ? busyLabel : label}
    </button>
  );
}
