import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { primaryButtonClass } from './ui.ts';

/**
 * A button whose action takes a moment (a save, a generation): while `busy` it ignores clicks (a form's submit
 * too), says so to assistive technology (aria-busy, aria-disabled), looks disabled and reads `busyLabel` if
 * given, e.g. "Saving…". It is not `disabled` meanwhile: that would drop the keyboard's focus to the page's start.
 * `disabled` gives the other reasons it cannot be pressed (nothing changed, a lock). A plain action button by
 * default; `type="submit"` for a form's.
 */
export default function BusyButton({
  busy,
  busyLabel,
  testId,
  type = 'button',
  className = primaryButtonClass,
  disabled = false,
  children,
  onClick,
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
      className={`${className} aria-busy:cursor-wait aria-busy:opacity-50`}
      disabled={disabled}
      aria-busy={busy || undefined}
      data-testid={testId}
      {...button}
      aria-disabled={busy || button['aria-disabled'] || undefined}
      onClick={(e) => (busy ? e.preventDefault() : onClick?.(e))}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
