import type { ReactNode } from 'react';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';

/**
 * The foot of a form of the Results tab: the form's other buttons (reset, add a row), then its
 * submit button, which reads "Saving…" while the form is sent.
 */
export default function SaveActions({
  t,
  submitting,
  disabled = false,
  label,
  testId,
  className = 'flex flex-wrap justify-end gap-3',
  children,
}: {
  t: Translator;
  submitting: boolean;
  /** besides while sending: nothing changed */
  disabled?: boolean;
  label: string;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      <BusyButton
        type="submit"
        busy={submitting}
        busyLabel={t('dashboard.common.saving')}
        disabled={disabled}
        testId={testId}
      >
        {label}
      </BusyButton>
    </div>
  );
}
