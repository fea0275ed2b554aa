import { useId, type ReactNode } from 'react';
import ModalDialog from '../ModalDialog.tsx';
import CloseButton from '../CloseButton.tsx';

interface Props {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}

/** A detail modal on the native <dialog>: focus stays inside, Escape and the backdrop close it. */
export default function Modal({ open, title, closeLabel, onClose, children, testId }: Props) {
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      onDismiss={onClose}
      labelledBy={titleId}
      testId={testId}
      size="max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto"
    >
      {open && (
        <div className="space-y-5 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold text-white">
              {title}
            </h2>
            <CloseButton onClose={onClose} busy={false} label={closeLabel} testId={`${testId}-close`} />
          </div>
          {children}
        </div>
      )}
    </ModalDialog>
  );
}

interface FactProps {
  label: string;
  /** the value in white and bold: the fact the modal is about (who, what) */
  strong?: boolean;
  /** one line, cut with an ellipsis: names and addresses that may be long */
  truncate?: boolean;
  /** any other look of the value, in place of the plain or strong one */
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * One fact of a <dl>: its term, then its value, two cells of the list's grid (a review's head, ReviewSummary, sets
 * them side by side).
 */
export function DetailFact({ label, strong, truncate, valueClassName, testId, children }: FactProps) {
  const look = valueClassName ?? (strong ? 'font-semibold text-white' : 'text-slate-200');
  return (
    <>
      <dt className="text-slate-400">{label}</dt>
      <dd className={truncate ? `truncate ${look}` : look} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** One entry of a detail modal's <dl>: a DetailFact in a <div> of its own, one cell of the list's grid. */
export function DetailItem({ className, ...fact }: FactProps & { className?: string }) {
  return (
    <div className={className}>
      <DetailFact {...fact} />
    </div>
  );
}
