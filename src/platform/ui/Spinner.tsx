/** A spinner with its text for screen readers (and sighted users when `visibleLabel`). */
export default function Spinner({
  label,
  visibleLabel = false,
  testId,
}: {
  label: string;
  visibleLabel?: boolean;
  testId?: string;
}) {
  return (
    <div role="status" data-testid={testId} className="flex items-center justify-center gap-3 py-10 text-slate-300">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-line border-t-accent motion-reduce:animate-none"
      />
      <span className={visibleLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
