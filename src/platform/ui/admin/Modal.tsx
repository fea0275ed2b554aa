import { useId, type ReactNode } from 'react';
import ModalDialog from '../ModalDialog.tsx';

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
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              data-testid={`${testId}-close`}
              className={
                'rounded-lg px-2 text-xl leading-none text-slate-400 outline-none ' +
                'hover:text-white focus-visible:ring-2 focus-visible:ring-accent'
              }
            >
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </ModalDialog>
  );
}

interface FactProps {
  label: string;
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * One fact of a <dl>: its term, then its value, two cells of the list's grid (a review's head, ReviewSummary, sets
 * them side by side).
 */
export function DetailFact({ label, valueClassName = 'text-slate-200', testId, children }: FactProps) {
  return (
    <>
      <dt className="text-slate-400">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
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
