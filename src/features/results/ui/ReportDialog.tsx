import { lazy, Suspense, useId, useState } from 'react';
import CloseButton from '../../../platform/ui/CloseButton.tsx';
import ModalDialog from '../../../platform/ui/ModalDialog.tsx';
import type { Translator } from '../../../platform/ui/use-t.ts';

interface Props {
  t: Translator;
  tournamentId: string;
  onClose: () => void;
}

// The tournament page names every module of a lazy chunk before interaction (its preload list, in
// its own JavaScript, against an 85 KB budget): this shell needs only what the page already loads,
// and the form with its own modules comes one step later.
const ReportPanel = lazy(() => import('./ReportPanel.tsx'));

/**
 * "Report a match" on the tournament page, opened by a checked-in player while
 * the tournament is live. Open while mounted: the page unmounts it to close; not while a report
 * is being sent.
 */
export default function ReportDialog({ t, tournamentId, onClose }: Props) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      open
      onDismiss={onClose}
      busy={busy}
      labelledBy={titleId}
      testId="report-dialog"
      size="max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-panel px-5 py-4">
        <h2 id={titleId} className="text-lg leading-snug font-bold text-white">
          {t('results.report.title')}
        </h2>
        <CloseButton onClose={onClose} busy={busy} label={t('results.report.close')} testId="report-dialog-close" />
      </div>
      <Suspense fallback={<p className="px-5 py-5 text-sm text-slate-400">{t('results.report.loading')}</p>}>
        <ReportPanel t={t} tournamentId={tournamentId} onBusy={setBusy} />
      </Suspense>
    </ModalDialog>
  );
}
