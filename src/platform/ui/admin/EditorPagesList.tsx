import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/i18n.ts';
import { AdminList, type ListColumn } from './AdminList.tsx';
import { EditDeleteCell, editorList, type EditDeleteList } from './EditableRowCells.tsx';
import type { EditorSectionKey } from './sections.ts';
import { rowClass } from './ui.ts';

type Vars = Record<string, string>;

/**
 * A dashboard list whose rows each open in their section's editor page and are deleted from the list:
 * "+ New" goes to the new page, every row is `<testId>-row-<id>` and ends with edit and delete (the
 * actions column, last), and delete asks first in the dialog `<testId>-delete-dialog`. A list says its
 * columns, its rows' other cells and how a row is deleted.
 */
export function EditorPagesList<Row>({
  section,
  locale,
  actions,
  id,
  columns,
  rowId,
  vars,
  remove,
  deleteMessage,
  rowButtons,
  children,
}: {
  section: EditorSectionKey;
  locale: Locale;
  /** what every row's actions cell shares; its `ns` is where the list's texts live (AdminList) */
  actions: EditDeleteList<Row>;
  /** AdminList's test id prefix */
  id: string;
  /** the columns before the actions column */
  columns: ListColumn[];
  rowId: (row: Row) => string;
  /** the variables of the row's texts (its buttons' names, the delete dialog's) */
  vars: (row: Row) => Vars;
  /** the feature's typed DELETE of a row */
  remove: (row: Row) => Promise<{ ok: true } | { ok: false; code: string }>;
  /** the delete dialog's text, when it depends on more than the variables */
  deleteMessage?: (row: Row) => string;
  /** the row's own buttons, before edit and delete */
  rowButtons?: (row: Row) => ReactNode;
  /** the row's cells before its actions, given the address of its editor */
  children: (row: Row, editHref: string) => ReactNode;
}) {
  const { listProps, editHref } = editorList(section, locale, actions);
  return (
    <AdminList
      {...listProps}
      id={id}
      columns={[...columns, { key: 'actions', align: 'right' }]}
      remove={{ call: remove, vars, message: deleteMessage, dialogTestId: `${actions.testId}-delete-dialog` }}
    >
      {(row) => {
        const href = editHref(rowId(row));
        return (
          <tr key={rowId(row)} className={rowClass} data-testid={`${actions.testId}-row-${rowId(row)}`}>
            {children(row, href)}
            <EditDeleteCell {...actions} row={row} href={href} vars={vars(row)}>
              {rowButtons?.(row)}
            </EditDeleteCell>
          </tr>
        );
      }}
    </AdminList>
  );
}
