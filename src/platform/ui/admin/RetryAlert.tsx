import { errorBoxClass, secondaryButtonClass } from '../ui.ts';

/**
 * What a dashboard part shows when its read failed: the message and, when trying again can help,
 * a Retry button. Lists, editors, the overview and the wallet's ledger all show this one box.
 */
export default function RetryAlert({
  message,
  retry,
  testId,
}: {
  message: string;
  retry?: { label: string; run: () => void };
  testId: string;
}) {
  return (
    <div
      role="alert"
      className={`${errorBoxClass} flex flex-wrap items-center justify-between gap-3`}
      data-testid={testId}
    >
      <span>{message}</span>
      {retry && (
        <button type="button" className={secondaryButtonClass} onClick={retry.run}>
          {retry.label}
        </button>
      )}
    </div>
  );
}
