import type { ReactNode } from 'react';
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

/** A small read-only table with no row actions: on a phone its columns wrap rather than scroll. */
export function SimpleTable({
  head,
  rows,
  empty,
  right = [],
  testId,
}: {
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
  right?: number[];
  testId?: string;
}) {
  if (!rows.length) return <p className="text-sm text-slate-300">{empty}</p>;
  return (
    <div className={tableWrapClass} data-testid={testId}>
      <table className={tableClass.replace('min-w-[40rem]', '')}>
        <thead className={theadClass}>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`${headClass} ${right.includes(i) ? 'text-right' : ''}`}>
                {h}
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
