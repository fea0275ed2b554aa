import { useId, type FormEventHandler, type ReactNode, type RefObject } from 'react';
import ModalDialog from '../ModalDialog.tsx';

/**
 * A dialog that is one small form about one thing (a player to remove, a match to score): open
 * while `item` is set, labelled by its title; `children` are the form's text, fields and its
 * DialogActions. `describedBy` is the id of the children's text that says what the form does.
 */
export default function FormDialog<Item>({
  item,
  onDismiss,
  busy,
  focusRef,
  describedBy,
  testId,
  size,
  title,
  onSubmit,
  children,
}: {
  item: Item | null;
  onDismiss: () => void;
  /** while the form is sent: Escape and the backdrop do nothing */
  busy: boolean;
  focusRef: RefObject<HTMLElement | null>;
  describedBy: string;
  testId: string;
  /** the frame's width classes */
  size: string;
  title: (item: Item) => ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: (item: Item) => ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      open={item !== null}
      onDismiss={onDismiss}
      busy={busy}
      focusRef={focusRef}
      labelledBy={titleId}
      describedBy={describedBy}
      testId={testId}
      size={size}
    >
      {item !== null && (
        <form noValidate className="space-y-4 p-6" onSubmit={onSubmit}>
          <h2 id={titleId} className="text-lg font-bold text-white">
            {title(item)}
          </h2>
          {children(item)}
        </form>
      )}
    </ModalDialog>
  );
}
