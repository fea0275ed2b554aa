import { FormMessage } from './FormField.tsx';
import BusyButton from './BusyButton.tsx';

/**
 * The foot of a form that saves in place (the settings tabs loaded on opening): what the last save
 * said, its success (`saved`) or its failure, beside the submit button, which reads `busyLabel` while
 * it saves. Its own module, so the page that loads those tabs later ships none of it up front.
 */
export default function SaveBar({
  saving,
  disabled,
  label,
  busyLabel,
  testId,
  saved,
  failure,
  messageTestIds: [savedTestId, failureTestId],
  className = 'mt-8 flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between',
}: {
  saving: boolean;
  /** another reason there is nothing to save (no change) */
  disabled?: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  /** what a save that worked says, shown until the next submit */
  saved: string | false | null;
  failure: string | null;
  /** the test ids of the success and the failure message */
  messageTestIds: readonly [string, string];
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="min-h-6 flex-1">
        <FormMessage kind="success" text={saved} testId={savedTestId} />
        <FormMessage kind="error" text={failure} testId={failureTestId} />
      </div>
      <BusyButton type="submit" busy={saving} busyLabel={busyLabel} disabled={disabled} testId={testId}>
        {label}
      </BusyButton>
    </div>
  );
}
