import type { ReactNode } from 'react';
import { localizePath, type Locale } from '../../i18n/i18n.ts';
import { linkClass } from '../ui.ts';

/**
 * A dashboard link to a page of the public site (a tournament's bracket or standings, an article),
 * in the admin's language, opened in a new tab so the dashboard stays where it was.
 */
export default function PublicPageLink({
  path,
  locale,
  className,
  testId,
  children,
}: {
  /** the page's path without the language prefix */
  path: string;
  locale: Locale;
  /** classes besides the link's own (its size, its place in a row) */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={localizePath(path, locale)}
      target="_blank"
      rel="noopener"
      className={className ? `${linkClass} ${className}` : linkClass}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
