/**
 * Who may change whom (issue 13, items 4 and 5), shared by the server and the user page. Pure:
 * the page imports it to show only the controls that will be accepted.
 *
 * - Roles are granted and revoked only by a SiteAdmin: SiteAdmin and the agency admin role
 *   ("{agency}Admin"). The agency admin manages players but hands out no power: a role it could
 *   grant would be one it could also take from its peers.
 * - Blocking: nobody blocks themselves; a SiteAdmin blocks anyone else; the agency admin blocks
 *   only players (never a SiteAdmin, nor another admin).
 * - The last active SiteAdmin is neither demoted nor blocked (checked in the service, under lock).
 */

export const SITE_ADMIN = 'SiteAdmin';
export const agencyAdminRole = (agencyName: string) => `${agencyName}Admin`;
/** The roles the dashboard grants, in the order it shows them. */
export const grantableRoles = (agencyName: string) => [SITE_ADMIN, agencyAdminRole(agencyName)];

export type PeopleRefusal = 'ROLE_GRANT_FORBIDDEN' | 'SITE_ADMIN_PROTECTED' | 'ADMIN_PROTECTED' | 'CANNOT_BLOCK_SELF';

interface Account {
  id: string;
  roles: readonly string[];
}

/** Why `actor` (an admin) may not grant or revoke roles, or null when they may. */
export const roleChangeRefusal = (actor: Pick<Account, 'roles'>): PeopleRefusal | null => (actor.roles.includes(SITE_ADMIN) ? null : 'ROLE_GRANT_FORBIDDEN');

/** Why `actor` (an admin) may not block or unblock `target`, or null when they may. */
export function blockRefusal(actor: Account, target: Account, agencyName: string): PeopleRefusal | null {
  if (actor.id === target.id) return 'CANNOT_BLOCK_SELF';
  if (actor.roles.includes(SITE_ADMIN)) return null;
  if (target.roles.includes(SITE_ADMIN)) return 'SITE_ADMIN_PROTECTED';
  if (target.roles.includes(agencyAdminRole(agencyName))) return 'ADMIN_PROTECTED';
  return null;
}
