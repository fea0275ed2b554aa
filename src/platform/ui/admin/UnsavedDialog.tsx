import ConfirmDialog from '../ConfirmDialog.tsx';
import type { Translator } from '../use-t.ts';
import { releaseUnsaved } from './unsaved-guard.ts';

/**
 * The question the unsaved-changes guard asks before a link leaves a form with changes. Its own
 * module so the shell loads it lazily: the dashboard's lazy chunks stay its own, and the shared
 * ConfirmDialog (also on the tournament page) comes along as a plain import.
 */
export default function UnsavedDialog({
  t,
  target,
  onStay,
}: {
  t: Translator;
  target: string | null;
  onStay: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={t('dashboard.unsaved.title')}
      message={t('dashboard.unsaved.message')}
      confirmLabel={t('dashboard.unsaved.leave')}
      cancelLabel={t('dashboard.unsaved.stay')}
      danger
      onCancel={onStay}
      onConfirm={() => {
        releaseUnsaved();
        if (target) window.location.assign(target);
      }}
      testId="unsaved-dialog"
    />
  );
}
