/** SiteAdmin and the agency role ("{agency}Admin") may enter the dashboard. */
export const isAdmin = (roles: readonly string[], agencyName: string) =>
  roles.includes('SiteAdmin') || roles.includes(`${agencyName}Admin`);
