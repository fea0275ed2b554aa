import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from '../../browser/download.ts';
import type { Translator } from '../use-t.ts';
import BusyButton from '../BusyButton.tsx';
import { secondaryButtonClass } from '../ui.ts';

/**
 * "Export CSV" on a dashboard list: downloads `path` (the list's export call, with the list's
 * current search and filters in its query) as the signed-in admin. One button for every export.
 */
export default function ExportButton({
  path,
  name,
  t,
  testId = 'export-csv',
}: {
  path: string;
  name: string;
  t: Translator;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const res = await downloadFile(path, `${name}.csv`);
    setBusy(false);
    if (!res.ok) toast.error(`${t('dashboard.common.exportError')} ${t.error(res.code)}`);
  };
  return (
    <BusyButton
      busy={busy}
      busyLabel={t('dashboard.common.exporting')}
      className={secondaryButtonClass}
      onClick={() => void run()}
      testId={testId}
    >
      {t('dashboard.common.exportCsv')}
    </BusyButton>
  );
}
