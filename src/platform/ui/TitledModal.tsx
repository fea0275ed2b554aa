import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import CloseButton from './CloseButton.tsx';

interface Props {
  title: string;
  /** a line under the title, in the sticky header */
  subtitle?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** while something runs: Escape and the close button do nothing */
  busy?: boolean;
  /** `<testId>` on the dialog, `<testId>-close` on its close button */
  testId: string;
  /** the frame's width classes */
  width?: string;
  /**
   * Given what had the focus when the dialog opened, what to do with the focus when it closes. By default it
   * goes back there, unless the page has replaced that element meanwhile (join became leave): then the page
   * keeps the focus.
   */
  refocus?: (opener: HTMLElement | null) => () => void;
}

const backToOpener = (opener: HTMLElement | null) => () => {
  if (opener?.isConnected) opener.focus();
};

/**
 * A player's form dialog (join, team, shipping address): a sticky header with the title and a close button over
 * a scrolling body, on the native modal <dialog>, so the page behind is inert, focus stays inside and Escape
 * closes. It is open while mounted; the parent unmounts it to close.
 */
export default function TitledModal({
  title,
  subtitle,
  closeLabel,
  onClose,
  children,
  busy = false,
  testId,
  width = 'w-[min(400px,calc(100vw-2rem))]',
  refocus = backToOpener,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // read once, when the dialog opens
  const refocusOnOpen = useRef(refocus).current;

  useEffect(() => {
    const dialog = ref.current;
    const onClosed = refocusOnOpen(document.activeElement as HTMLElement | null);
    if (dialog && !dialog.open) dialog.showModal();
    return onClosed;
  }, [refocusOnOpen]);

  // closing before React removes the element keeps the browser's top layer consistent
  useLayoutEffect(() => () => ref.current?.close(), []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className={
        `m-auto max-h-[calc(100dvh-2rem)] ${width} overflow-y-auto rounded-2xl ` +
        'border border-line bg-panel p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-black/70'
      }
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-panel px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg leading-snug font-bold text-white">
            {title}
          </h2>
          {subtitle && <p className="mt-1 text-sm text-slate-300">{subtitle}</p>}
        </div>
        <CloseButton onClose={onClose} busy={busy} label={closeLabel} testId={`${testId}-close`} />
      </div>
      <div className="px-5 py-5">{children}</div>
    </dialog>
  );
}
