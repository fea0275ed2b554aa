import type { ReactNode } from 'react';
import { localizePath, type Locale } from '../../i18n/i18n.ts';
import { linkClass } from '../ui.ts';
import type { Translator } from '../use-t.ts';
import { RowActions } from './AdminList.tsx';
import { sectionPath, type EditorSectionKey } from './sections.ts';
import { tdClass } from './ui.ts';
import type { AdminListState } from './use-admin-list.ts';

/*
 * The cells of a dashboard list whose rows each open in an editor page and are deleted from the list
 * (AdminList's `remove` asks to confirm): the row's name links to its editor, and the last cell holds
 * edit and delete.
 */

/** The row's header cell: its name, a link to its editor. */
export function EditLinkCell({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <th scope="row" className={`${tdClass} max-w-[18rem] font-semibold`}>
      <a href={href} className={`${linkClass} block truncate text-slate-100`} data-testid={testId}>
        {children}
      </a>
    </th>
  );
}

/** What every row of one list shares in its actions cell. */
export interface EditDeleteList<Row> {
  list: AdminListState<Row>;
  t: Translator;
  /** the buttons' names are `<ns>.editLabel` and `<ns>.deleteLabel`, with the row's variables */
  ns: string;
  /** the buttons' test ids: `<testId>-row-edit`, `<testId>-row-delete` */
  testId: string;
  /** the icons alone, for tables with many columns */
  compact?: boolean;
}

/**
 * The actions cell: the row's own buttons (`children`), then edit (to `href`) and delete, which
 * opens the list's confirm dialog for the row.
 */
export function EditDeleteCell<Row>({
  list,
  t,
  ns,
  testId,
  compact,
  row,
  href,
  vars,
  children,
}: EditDeleteList<Row> & { row: Row; href: string; vars: Record<string, string>; children?: ReactNode }) {
  return (
    <RowActions
      t={t}
      testId={testId}
      compact={compact}
      edit={{ href, label: t(`${ns}.editLabel`, vars) }}
      onDelete={{ run: () => list.setPendingDelete(row), label: t(`${ns}.deleteLabel`, vars) }}
    >
      {children}
    </RowActions>
  );
}

/**
 * What a list whose rows open in their section's editor pages says once: AdminList's own props (its
 * "+ New" goes to the new page), a row's editor address, and what its rows' actions cells share.
 */
export function editorList<Row>(section: EditorSectionKey, locale: Locale, actions: EditDeleteList<Row>) {
  const { list, t, ns } = actions;
  return {
    listProps: { list, t, ns, newHref: localizePath(sectionPath(`${section}New`), locale) },
    editHref: (id: string) => localizePath(sectionPath(`${section}Edit`, { id }), locale),
    actions,
  };
}
