import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface Props {
  open: boolean;
  /** Escape or a click on the backdrop: the parent decides whether to close */
  onDismiss: () => void;
  /** while an action runs: Escape and the backdrop do nothing */
  busy?: boolean;
  /** what takes the focus when the dialog opens (the browser's choice otherwise) */
  focusRef?: RefObject<HTMLElement | null>;
  labelledBy: string;
  describedBy?: string;
  testId: string;
  /** the frame's size classes (the look is the same for all) */
  size: string;
  children: ReactNode;
}

/**
 * The native modal <dialog> under the confirm dialog, the dashboard's detail modal and the audit
 * detail: shown with showModal() while `open`, so focus stays inside and the page behind is inert.
 */
export default function ModalDialog({
  open,
  onDismiss,
  busy = false,
  focusRef,
  labelledBy,
  describedBy,
  testId,
  size,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusRef?.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open, focusRef]);

  return (
    /* eslint-disable-next-line jsx-a11y/click-events-have-key-events,
       jsx-a11y/no-noninteractive-element-interactions --
       a click on the backdrop closes the dialog; the keyboard has Escape, native to <dialog> */
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: the browser would close the dialog behind React's back
        e.preventDefault();
        if (!busy) onDismiss();
      }}
      onClick={(e) => {
        // a click on the backdrop lands on the dialog element itself
        if (e.target === e.currentTarget && !busy) onDismiss();
      }}
      className={
        `m-auto ${size} rounded-2xl border border-line bg-panel p-0 ` +
        'text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-black/70'
      }
    >
      {children}
    </dialog>
  );
}
