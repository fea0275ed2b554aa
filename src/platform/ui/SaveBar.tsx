import type { ReactNode } from 'react';
import { primaryButtonClass } from './ui.ts';

/**
 * The foot of a form that saves in place (the settings tabs loaded on opening): what the last save
 * said (the FormMessages given as children) beside the submit button, which reads `busyLabel` while
 * it saves. Its own module, so the page that loads those tabs later ships none of it up front.
 */
export default function SaveBar({
  saving,
  disabled,
  label,
  busyLabel,
  testId,
  className = 'mt-8 flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between',
  children,
}: {
  saving: boolean;
  /** another reason there is nothing to save (no change) */
  disabled?: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <div className="min-h-6 flex-1">{children}</div>
      <button type="submit" disabled={disabled || saving} className={primaryButtonClass} data-testid={testId}>
        {saving ? busyLabel : label}
      </button>
    </div>
  );
}
