import type { ReactNode } from 'react';
import { localizePath, type Locale } from '../../i18n/i18n.ts';
import { linkClass } from '../ui.ts';
import { userPagePath } from './sections.ts';

/** A user's name in a dashboard list, leading to their page. */
export default function UserPageLink({
  id,
  locale,
  children,
  testId = 'user-page-link',
}: {
  id: string;
  locale: Locale;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <a href={localizePath(userPagePath(id), locale)} className={linkClass} data-testid={testId}>
      {children}
    </a>
  );
}
