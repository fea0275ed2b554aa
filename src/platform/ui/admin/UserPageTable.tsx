import type { ReactNode } from 'react';
import type { Translator } from '../use-t.ts';
import { SimpleTable } from './UserPagePanels.tsx';

/**
 * A table of the admin's user page, whose texts live where every domain's part of the page keeps them:
 * the headings at `accounts.userPage.<ns>.columns.<column>`, the empty text at `accounts.userPage.<ns>.none`.
 */
export function UserPageTable({
  t,
  ns,
  columns,
  right,
  rows,
  testId,
}: {
  t: Translator;
  ns: string;
  columns: string[];
  right?: number[];
  rows: { key: string; cells: ReactNode[] }[];
  testId?: string;
}) {
  const at = `accounts.userPage.${ns}`;
  return (
    <SimpleTable
      head={columns.map((c) => t(`${at}.columns.${c}`))}
      right={right}
      empty={t(`${at}.none`)}
      rows={rows}
      testId={testId}
    />
  );
}
