/** The states of anything a moderator reviews: a campaign screenshot, a match report. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

const tone: Record<ReviewStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  approved: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  rejected: 'bg-rose-500/15 text-rose-300 ring-rose-500/40',
};

/** A review state as a coloured pill: the text (in the queue's own words) carries the meaning, not the colour. */
export default function ReviewStatusBadge({
  status,
  label,
  testId,
}: {
  status: ReviewStatus;
  label: string;
  testId: string;
}) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ' + `ring-1 ${tone[status]}`
      }
    >
      {label}
    </span>
  );
}
