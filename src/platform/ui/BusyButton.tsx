import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { primaryButtonClass } from './ui.ts';

/**
 * A button whose action takes a moment (a save, a generation): while `busy` it is disabled, says so
 * to assistive technology (aria-busy) and reads `busyLabel` if given, e.g. "Saving…". `disabled` adds the
 * other reasons it cannot be pressed (nothing changed, a lock). A plain action button by default;
 * `type="submit"` for a form's.
 */
export default function BusyButton({
  busy,
  busyLabel,
  testId,
  type = 'button',
  className = primaryButtonClass,
  disabled = false,
  children,
  ...button
}: {
  busy: boolean;
  busyLabel?: ReactNode;
  testId?: string;
  type?: 'button' | 'submit';
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-busy'>) {
  return (
    <button
      type={type}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-testid={testId}
      {...button}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
