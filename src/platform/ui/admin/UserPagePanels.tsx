import type { ReactNode } from 'react';
import type { Translator } from '../use-t.ts';
import {
  panelClass,
  panelTitleClass,
  rowClass,
  tableClass,
  tableWrapClass,
  tdClass,
  thClass,
  theadClass,
} from './ui.ts';

/**
 * The admin's user page's panels and small tables, shared by the domains whose parts the page joins
 * (the accounts' profile and sessions, the rewards' wallet and purchases, the tournaments' registrations).
 */
export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={`${panelClass} min-w-0`} aria-label={title} data-testid={testId}>
      <h2 className={`${panelTitleClass} mb-4`}>{title}</h2>
      {children}
    </section>
  );
}

// the lists' headers never wrap; these few columns must, to fit a phone
const headClass = thClass.replace('whitespace-nowrap', '');

/**
 * A small read-only table with no row actions: on a phone its columns wrap rather than scroll. Its texts live where
 * every domain's part of the page keeps them: the headings at `accounts.userPage.<ns>.columns.<column>`, the empty
 * text at `accounts.userPage.<ns>.none`.
 */
export function UserPageTable({
  t,
  ns,
  columns,
  right = [],
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
  if (!rows.length) return <p className="text-sm text-slate-300">{t(`${at}.none`)}</p>;
  return (
    <div className={tableWrapClass} data-testid={testId}>
      <table className={tableClass.replace('min-w-[40rem]', '')}>
        <thead className={theadClass}>
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`${headClass} ${right.includes(i) ? 'text-right' : ''}`}>
                {t(`${at}.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={rowClass}>
              {r.cells.map((c, i) => (
                <td key={i} className={`${tdClass} text-slate-200 ${right.includes(i) ? 'text-right' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
