import type { ReactNode } from 'react';
import { tableClass, tableWrapClass, theadClass, thClass } from './ui.ts';

export interface Column {
  label: string;
  align?: 'right';
}

/**
 * The table of every dashboard list: a scrolling frame, a caption for screen readers and one
 * header row. While a new page loads the rows of the previous one stay, dimmed and aria-busy.
 */
export function DataTable({ caption, columns, testId, loading = false, minWidthClass, children }: { caption: string; columns: Column[]; testId: string; loading?: boolean; minWidthClass?: string; children: ReactNode }) {
  return (
    <div className={`${tableWrapClass} transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <table className={minWidthClass ? `${tableClass} ${minWidthClass}` : tableClass} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.align === 'right' ? `${thClass} text-right` : thClass}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
