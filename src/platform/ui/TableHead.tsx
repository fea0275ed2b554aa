import type { ReactNode } from 'react';

/** One column's heading: its text and the classes of its cell. */
export interface ColumnHead {
  label: ReactNode;
  className?: string;
}

/**
 * A table's caption, for screen readers only, and its one row of column headings: every table an
 * island draws names itself and its columns with the same markup. The twin for pages without a
 * framework is TableHead.astro.
 */
export function TableHead({
  caption,
  className,
  columns,
}: {
  caption: string;
  className: string;
  columns: ColumnHead[];
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className={className}>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.className}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/**
 * The frame of a table that can be wider than a phone: it scrolls sideways, and so that a keyboard
 * can scroll it too it takes the focus, as a named region (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  className,
  label,
  labelledBy,
  children,
}: {
  className: string;
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex --
       a table wider than a phone must be reachable by keyboard to scroll */
    <div className={className} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
