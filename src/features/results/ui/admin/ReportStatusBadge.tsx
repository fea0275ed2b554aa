import type { ReportStatus } from '../../contract.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';

const tone: Record<ReportStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  approved: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  rejected: 'bg-rose-500/15 text-rose-300 ring-rose-500/40',
};

/** A report's state as a pill (the text carries the meaning, not the colour). */
export default function ReportStatusBadge({ t, status }: { t: Translator; status: ReportStatus }) {
  return (
    <span data-testid="report-status" data-status={status} className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone[status]}`}>
      {t(`resultsAdmin.status.${status}`)}
    </span>
  );
}
