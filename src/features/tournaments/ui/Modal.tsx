import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import CloseButton from '../../../platform/ui/CloseButton.tsx';

interface Props {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** while something runs: Escape and the close button do nothing */
  busy?: boolean;
  /** `<testId>` on the dialog, `<testId>-close` on its close button */
  testId: string;
}

/**
 * The modal of the join and team dialogs (400 px wide with a close button), on
 * the native modal <dialog>: the page behind is inert so focus stays inside, Escape closes. It is
 * open while mounted; the parent unmounts it to close, and focus goes back where it was.
 */
export default function Modal({ title, closeLabel, onClose, children, busy = false, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      // the trigger may have been replaced meanwhile (join became leave): then the page keeps focus
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // closing before React removes the element keeps the browser's top layer consistent
  useLayoutEffect(() => () => ref.current?.close(), []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className={
        'm-auto max-h-[calc(100dvh-2rem)] w-[min(400px,calc(100vw-2rem))] overflow-y-auto rounded-2xl ' +
        'border border-line bg-panel p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-black/70'
      }
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-panel px-5 py-4">
        <h2 id={titleId} className="text-lg leading-snug font-bold text-white">
          {title}
        </h2>
        <CloseButton onClose={onClose} busy={busy} label={closeLabel} testId={`${testId}-close`} />
      </div>
      <div className="px-5 py-5">{children}</div>
    </dialog>
  );
}
