import type { SubmissionStatus } from '../../contract.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import ReviewStatusBadge from '../../../../platform/ui/admin/ReviewStatusBadge.tsx';

/** A submission's moderation state as a pill. */
export default function StatusBadge({ t, status }: { t: Translator; status: SubmissionStatus }) {
  return <ReviewStatusBadge status={status} label={t(`campaignAdmin.status.${status}`)} testId="submission-status" />;
}
