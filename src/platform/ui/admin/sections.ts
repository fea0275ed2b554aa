/**
 * The admin dashboard's pages. `path` is under /dashboard
 * ('' is the index), `key` names the title under dashboard.sections.*, `parent` is the sidebar
 * entry a nested page belongs to.
 */
/** A list and the pages that create and edit its records: 'news', 'news/new' (newsNew), 'news/edit' (newsEdit). */
function withEditor<const K extends string>(key: K) {
  return [
    { path: key, key },
    { path: `${key}/new`, key: `${key}New`, parent: key },
    { path: `${key}/edit`, key: `${key}Edit`, parent: key },
  ] as const;
}

export const dashboardSections = [
  { path: '', key: 'index' },
  ...withEditor('products'),
  ...withEditor('giveaway'),
  ...withEditor('badges'),
  { path: 'purchases', key: 'purchases' },
  { path: 'users', key: 'users' },
  { path: 'users/view', key: 'usersView', parent: 'users' },
  ...withEditor('news'),
  { path: 'audit', key: 'audit' },
  ...withEditor('tournaments'),
  // a battle-royale tournament's match reports: /dashboard/tournaments/reports?id=…
  { path: 'tournaments/reports', key: 'tournamentsReports', parent: 'tournaments' },
  ...withEditor('competitions'),
  { path: 'campaign', key: 'campaign' },
  { path: 'campaign/schedule', key: 'campaignSchedule', parent: 'campaign' },
] as const;

export type DashboardSection = (typeof dashboardSections)[number];
export type DashboardSectionKey = DashboardSection['key'];
/** A list whose records open in editor pages of their own: 'news' (of 'newsNew' and 'newsEdit'). */
export type EditorSectionKey = DashboardSectionKey extends infer K ? (K extends `${infer L}Edit` ? L : never) : never;

/** The sidebar: top-level sections only, in order. */
export const dashboardNav = dashboardSections.filter((s) => !('parent' in s));

export const dashboardPath = (section: Pick<DashboardSection, 'path'>) =>
  section.path ? `/dashboard/${section.path}` : '/dashboard';

export const findSection = (key: string) => dashboardSections.find((s) => s.key === key);

/** The path of a section by key, with an optional query ("/dashboard/tournaments/edit?id=…"). */
export function sectionPath(key: DashboardSectionKey, query?: Record<string, string>): string {
  const section = dashboardSections.find((s) => s.key === key)!;
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return dashboardPath(section) + search;
}

/** One user's page: the lists that name a user link their rows here. */
export const userPagePath = (id: string) => sectionPath('usersView', { id });
