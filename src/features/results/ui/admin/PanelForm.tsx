import type { FormEventHandler, ReactNode } from 'react';
import { toast } from 'sonner';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { FieldErrors } from '../../../../platform/ui/use-form.ts';
import { panelClass } from '../../../../platform/ui/admin/ui.ts';

/** handleSubmit's second handler: a submit the form's own checks refused says so once, as a toast. */
export const invalidToast = (t: Translator) => (errs: FieldErrors) => {
  if (Object.keys(errs).length) toast.error(t.error('VALIDATION_ERROR'));
};

/**
 * A panel of the Results tab that is one form (the scoring table, the teams): named by its
 * heading `titleId`, busy while it is sent.
 */
export default function PanelForm({
  onSubmit,
  titleId,
  testId,
  submitting,
  spacing,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  titleId: string;
  testId: string;
  submitting: boolean;
  /** the vertical space between its parts */
  spacing: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={`${panelClass} ${spacing}`}
      aria-labelledby={titleId}
      data-testid={testId}
      aria-busy={submitting || undefined}
    >
      {children}
    </form>
  );
}
