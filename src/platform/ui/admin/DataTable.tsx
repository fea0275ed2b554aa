import type { ReactNode } from 'react';
import { tableClass, tableWrapClass, theadClass, thClass } from './ui.ts';

export interface Column {
  label: string;
  align?: 'right';
  /** a sortable column: its direction now, and what a click does */
  sort?: { direction: 'ascending' | 'descending' | 'none'; toggle: () => void };
}

const arrows = { ascending: '↑', descending: '↓', none: '↕' } as const;

/**
 * The table of every dashboard list: a scrolling frame, a caption for screen readers and one
 * header row, whose sortable columns are buttons with `aria-sort` on their header. While a new page
 * loads the rows of the previous one stay, dimmed and aria-busy.
 */
export function DataTable({ caption, columns, testId, loading = false, minWidthClass, children }: { caption: string; columns: Column[]; testId: string; loading?: boolean; minWidthClass?: string; children: ReactNode }) {
  return (
    <div className={`${tableWrapClass} transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <table className={minWidthClass ? `${tableClass} ${minWidthClass}` : tableClass} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.align === 'right' ? `${thClass} text-right` : thClass} aria-sort={c.sort?.direction}>
                {c.sort ? (
                  <button type="button" onClick={c.sort.toggle} className="inline-flex items-center gap-1 uppercase hover:text-white focus-visible:text-white" data-testid={`${testId}-sort-${i}`}>
                    {c.label}
                    <span aria-hidden="true" className={c.sort.direction === 'none' ? 'text-slate-600' : 'text-brand'}>
                      {arrows[c.sort.direction]}
                    </span>
                  </button>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
