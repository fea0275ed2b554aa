import type { ReportStatus } from '../../contract.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import ReviewStatusBadge from '../../../../platform/ui/admin/ReviewStatusBadge.tsx';

/** A report's state as a pill. */
export default function ReportStatusBadge({ t, status }: { t: Translator; status: ReportStatus }) {
  return <ReviewStatusBadge status={status} label={t(`resultsAdmin.status.${status}`)} testId="report-status" />;
}
