import type { ReactNode } from 'react';
import { smallButtonClass, tdClass } from './ui.ts';

/**
 * The last cell of a list row whose one action opens the row (its details, its review): a small
 * button, right-aligned; `label` names the row, since the button's text alone is the same on every row.
 */
export default function RowButtonCell({
  onClick,
  label,
  testId,
  children,
}: {
  onClick: () => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <td className={`${tdClass} text-right`}>
      <button type="button" className={smallButtonClass} onClick={onClick} aria-label={label} data-testid={testId}>
        {children}
      </button>
    </td>
  );
}
