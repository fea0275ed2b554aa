/**
 * The admin dashboard's pages (SPEC section 2, "Other layouts"). `path` is under /dashboard
 * ('' is the index), `key` names the title under dashboard.sections.*, `parent` is the sidebar
 * entry a nested page belongs to.
 */
export const dashboardSections = [
  { path: '', key: 'index' },
  { path: 'products', key: 'products' },
  { path: 'products/new', key: 'productsNew', parent: 'products' },
  { path: 'products/edit', key: 'productsEdit', parent: 'products' },
  { path: 'giveaway', key: 'giveaway' },
  { path: 'giveaway/new', key: 'giveawayNew', parent: 'giveaway' },
  { path: 'giveaway/edit', key: 'giveawayEdit', parent: 'giveaway' },
  { path: 'badges', key: 'badges' },
  { path: 'badges/edit', key: 'badgesEdit', parent: 'badges' },
  { path: 'badges/new', key: 'badgesNew', parent: 'badges' },
  { path: 'purchases', key: 'purchases' },
  { path: 'users', key: 'users' },
  { path: 'news', key: 'news' },
  { path: 'news/new', key: 'newsNew', parent: 'news' },
  { path: 'news/edit', key: 'newsEdit', parent: 'news' },
  { path: 'audit', key: 'audit' },
  { path: 'tournaments', key: 'tournaments' },
  { path: 'tournaments/new', key: 'tournamentsNew', parent: 'tournaments' },
  { path: 'tournaments/edit', key: 'tournamentsEdit', parent: 'tournaments' },
  { path: 'competitions', key: 'competitions' },
  { path: 'competitions/new', key: 'competitionsNew', parent: 'competitions' },
  { path: 'competitions/edit', key: 'competitionsEdit', parent: 'competitions' },
  { path: 'campaign', key: 'campaign' },
  { path: 'campaign/schedule', key: 'campaignSchedule', parent: 'campaign' },
] as const;

export type DashboardSection = (typeof dashboardSections)[number];
export type DashboardSectionKey = DashboardSection['key'];

/** The sidebar: top-level sections only, in order. */
export const dashboardNav = dashboardSections.filter((s) => !('parent' in s));

export const dashboardPath = (section: Pick<DashboardSection, 'path'>) => (section.path ? `/dashboard/${section.path}` : '/dashboard');

export const findSection = (key: string) => dashboardSections.find((s) => s.key === key);

/** The path of a section by key, with an optional query ("/dashboard/tournaments/edit?id=…"). */
export function sectionPath(key: DashboardSectionKey, query?: Record<string, string>): string {
  const section = dashboardSections.find((s) => s.key === key)!;
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return dashboardPath(section) + search;
}
