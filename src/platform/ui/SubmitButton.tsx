import { primaryButtonClass } from './ui.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * The full-width submit button at the foot of a form: disabled until React runs (see useHydrated) and
 * while the form is sent, reading `busyLabel` meanwhile.
 */
export default function SubmitButton({
  busy,
  label,
  busyLabel,
  testId,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  testId: string;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated || busy} className={`${primaryButtonClass} w-full`} data-testid={testId}>
      {busy ? busyLabel : label}
    </button>
  );
}
