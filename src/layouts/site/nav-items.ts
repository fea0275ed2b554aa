/**
 * The sidebar of the main layout, in order. `label` is a key of the common namespace
 * (locales/<lang>/common.json); `path` is unprefixed and localized when rendered. A feature adds
 * its page here (and its label to common.nav) when the page exists, never before.
 */
import { brandSlug } from '../../platform/brand.ts';
import { championshipPath } from '../../features/tournaments/tournament-view.ts';

export type NavIcon =
  'home' | 'trophy' | 'flag' | 'store' | 'backpack' | 'star' | 'list' | 'gift' | 'calendar' | 'snowflake';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIcon;
  /** stable hook for e2e tests: data-testid="nav-<id>" */
  id: string;
}

export const navItems: readonly NavItem[] = [
  { id: 'home', label: 'nav.home', path: '/', icon: 'home' },
  { id: 'tournaments', label: 'nav.tournaments', path: '/tournaments', icon: 'trophy' },
  { id: 'competitions', label: 'nav.competitions', path: '/competitions', icon: 'flag' },
  { id: 'championship', label: 'nav.championship', path: championshipPath(brandSlug), icon: 'star' },
  { id: 'cortina', label: 'nav.cortina', path: '/cortina', icon: 'snowflake' },
  { id: 'my-tournaments', label: 'nav.myTournaments', path: '/my-tournaments', icon: 'list' },
  { id: 'marketplace', label: 'nav.marketplace', path: '/marketplace', icon: 'store' },
  { id: 'redeem', label: 'nav.redeem', path: '/marketplace/redeem', icon: 'gift' },
  { id: 'news', label: 'nav.news', path: '/news', icon: 'calendar' },
];

/**
 * An item is current on its own path and, except home, on the pages below it, unless another item
 * is more specific (on /marketplace/redeem only "redeem" is current, not "marketplace").
 */
export function isCurrent(itemPath: string, pagePath: string): boolean {
  if (!covers(itemPath, pagePath)) return false;
  return !navItems.some((o) => o.path.length > itemPath.length && covers(o.path, pagePath));
}

function covers(itemPath: string, pagePath: string): boolean {
  if (itemPath === '/') return pagePath === '/';
  return pagePath === itemPath || pagePath.startsWith(`${itemPath}/`);
}
