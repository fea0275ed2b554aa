import type { ReactNode } from 'react';
import { tableClass, tableWrapClass, theadClass, thClass, wideOnlyClass } from './ui.ts';

export interface Column {
  label: string;
  align?: 'right';
  /** left out on a phone (wideOnlyClass) */
  wide?: boolean;
  /** a sortable column: its direction now, and what a click does */
  sort?: { direction: 'ascending' | 'descending' | 'none'; toggle: () => void };
}

const arrows = { ascending: '↑', descending: '↓', none: '↕' } as const;

/**
 * The last column (a row's actions) stays pinned to the frame's right edge, opaque over the cells
 * that scroll beneath it: on a 390 px phone the table scrolls inside its frame, never the page, and
 * every row's buttons stay in view. Its colour is the frame's panel/80 over the page's ink, made
 * opaque, so on a wide screen the column does not show as a band. It is as narrow as its buttons (a table gives
 * its spare width to the other columns), so it covers no more of them than it must. Cards were the other way;
 * pinning keeps one markup, the columns' alignment and the header's sort buttons on every width.
 */
const pinnedLastClass =
  '[&_tr>*:last-child]:sticky [&_tr>*:last-child]:right-0 [&_tr>*:last-child]:w-px ' +
  '[&_tr>*:last-child]:bg-[color-mix(in_srgb,var(--color-panel)_80%,var(--color-ink))] ' +
  'max-lg:[&_tr>*:last-child]:shadow-[-10px_0_10px_-10px_rgba(0,0,0,0.9)]';

/**
 * The table of every dashboard list: a scrolling frame, a caption for screen readers and one
 * header row, whose sortable columns are buttons with `aria-sort` on their header, and the actions
 * column pinned (above). While a new page
 * loads the rows of the previous one stay, dimmed and aria-busy.
 */
export function DataTable({
  caption,
  columns,
  testId,
  loading = false,
  minWidthClass,
  children,
}: {
  caption: string;
  columns: Column[];
  testId: string;
  loading?: boolean;
  minWidthClass?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`${tableWrapClass} transition-opacity ${loading ? 'opacity-60' : ''}`}
      aria-busy={loading || undefined}
    >
      <table className={`${tableClass} ${pinnedLastClass} ${minWidthClass ?? ''}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                className={[thClass, c.align === 'right' && 'text-right', c.wide && wideOnlyClass]
                  .filter(Boolean)
                  .join(' ')}
                aria-sort={c.sort?.direction}
              >
                {c.sort ? (
                  <button
                    type="button"
                    onClick={c.sort.toggle}
                    className="inline-flex items-center gap-1 uppercase hover:text-white focus-visible:text-white"
                    data-testid={`${testId}-sort-${i}`}
                  >
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
