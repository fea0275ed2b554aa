/**
 * Who may change whom, shared by the server and the user page. Pure: the page imports it to show
 * only the controls that will be accepted. The agency admin manages players but hands out no
 * power: a role it could grant would be one it could also take from its peers. The last active
 * SiteAdmin is neither demoted nor blocked (checked in the service, under lock).
 */
import { isAdmin } from './roles.ts';

export const SITE_ADMIN = 'SiteAdmin';
export const agencyAdminRole = (agencyName: string) => `${agencyName}Admin`;
/** The roles the dashboard grants, in the order it shows them. */
export const grantableRoles = (agencyName: string) => [SITE_ADMIN, agencyAdminRole(agencyName)];

type Protection = 'SITE_ADMIN_PROTECTED' | 'ADMIN_PROTECTED';
export type PeopleRefusal = 'FORBIDDEN' | 'ROLE_GRANT_FORBIDDEN' | 'CANNOT_BLOCK_SELF' | Protection;

interface Account {
  id: string;
  roles: readonly string[];
}

/** What one account does to another (or to itself) through the dashboard or the profile form. */
export type ManageAction = 'profile' | 'email' | 'block' | 'roles';

/**
 * 'allow': done at once; 'ownerConfirms': it waits for the account's owner (an e-mail change of an
 * admin's account, or one's own); otherwise why it is refused.
 */
export type ManageVerdict = 'allow' | 'ownerConfirms' | PeopleRefusal;

/**
 * The one rule for who may do what to whom, used by every path that acts on an account.
 *
 * - Roles: only a SiteAdmin grants and revokes them (its own included: the last active SiteAdmin
 *   is kept by the service).
 * - One's own account: profile yes, e-mail only through the owner's confirmation, never a block.
 * - A player changes nobody else.
 * - The agency admin manages players only: a SiteAdmin and another agency admin are out of reach,
 *   whatever the action, so no admin can take over a peer's login (e-mail, then a reset).
 * - A SiteAdmin manages anyone, but an admin's e-mail is where that admin's reset links go: its
 *   change waits for the owner, who follows a link mailed to the current address.
 */
export function manageVerdict(actor: Account, target: Account, action: ManageAction, agency: string): ManageVerdict {
  const actorIsSiteAdmin = actor.roles.includes(SITE_ADMIN);
  if (action === 'roles') return actorIsSiteAdmin ? 'allow' : 'ROLE_GRANT_FORBIDDEN';
  if (actor.id === target.id && action === 'block') return 'CANNOT_BLOCK_SELF';
  if (actor.id === target.id) return action === 'email' ? 'ownerConfirms' : 'allow';
  if (!isAdmin(actor.roles, agency)) return 'FORBIDDEN';
  if (!actorIsSiteAdmin && target.roles.includes(SITE_ADMIN)) return 'SITE_ADMIN_PROTECTED';
  const targetIsAdmin = isAdmin(target.roles, agency);
  if (!actorIsSiteAdmin && targetIsAdmin) return 'ADMIN_PROTECTED';
  return action === 'email' && targetIsAdmin ? 'ownerConfirms' : 'allow';
}

const goesAhead = (v: ManageVerdict) => v === 'allow' || v === 'ownerConfirms';
/** The refusal of a verdict, or null when the action may go ahead (at once or once confirmed). */
export const refusalOf = (v: ManageVerdict): PeopleRefusal | null => (goesAhead(v) ? null : (v as PeopleRefusal));
