import type { ReactNode } from 'react';

/**
 * A line icon on a 24-unit grid, drawn in the text colour with round ends and joins: the eye of a
 * password toggle, a calendar, a close cross, a check. Hidden from assistive technology, since the
 * control or text beside it says what it means.
 */
export default function LineIcon({
  size = 20,
  strokeWidth = 2,
  children,
}: {
  /** its width and height in pixels */
  size?: number;
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
