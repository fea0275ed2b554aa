/**
 * The sidebar of the main layout, in order. `label` is a key of the common namespace
 * (locales/<lang>/common.json); `path` is unprefixed and localized when rendered. A feature adds
 * its page here (and its label to common.nav) when the page exists, never before.
 */
export type NavIcon = 'home' | 'trophy' | 'flag' | 'store' | 'backpack';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIcon;
  /** stable hook for e2e tests: data-testid="nav-<id>" */
  id: string;
}

export const navItems: readonly NavItem[] = [
  { id: 'home', label: 'nav.home', path: '/', icon: 'home' },
];

/** An item is current on its own path and, except home, on the pages below it. */
export function isCurrent(itemPath: string, pagePath: string): boolean {
  if (itemPath === '/') return pagePath === '/';
  return pagePath === itemPath || pagePath.startsWith(`${itemPath}/`);
}
