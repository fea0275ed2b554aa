import { describe, expect, test } from 'vitest';
import { grantableRoles, manageVerdict, refusalOf } from '../../../src/features/accounts/people-rules.ts';
import type { ManageAction, ManageVerdict } from '../../../src/features/accounts/people-rules.ts';

const site = { id: 'site', roles: ['SiteAdmin'] };
const otherSite = { id: 'site2', roles: ['SiteAdmin'] };
const agency = { id: 'agency', roles: ['NexusAdmin'] };
const peer = { id: 'peer', roles: ['NexusAdmin'] };
const player = { id: 'player', roles: [] };
const otherPlayer = { id: 'player2', roles: [] };
type Account = typeof site;

describe('who may change whom', () => {
  test('the roles the dashboard grants are SiteAdmin and the agency admin role', () => {
    expect(grantableRoles('Nexus')).toEqual(['SiteAdmin', 'NexusAdmin']);
  });

  // short names keep one row per actor and target: the verdicts of profile, email, block and roles, in that order
  const [ok, waits, self, forbidden] = ['allow', 'ownerConfirms', 'CANNOT_BLOCK_SELF', 'FORBIDDEN'] as const;
  const [admin, siteAdmin, noRoles] = ['ADMIN_PROTECTED', 'SITE_ADMIN_PROTECTED', 'ROLE_GRANT_FORBIDDEN'] as const;
  type Verdicts = [ManageVerdict, ManageVerdict, ManageVerdict, ManageVerdict];
  const table: [string, Account, Account, Verdicts][] = [
    ['a SiteAdmin on a player', site, player, [ok, ok, ok, ok]],
    ['a SiteAdmin on the agency admin', site, agency, [ok, waits, ok, ok]],
    ['a SiteAdmin on another SiteAdmin', site, otherSite, [ok, waits, ok, ok]],
    ['a SiteAdmin on themselves', site, site, [ok, waits, self, ok]],
    ['the agency admin on a player', agency, player, [ok, ok, ok, noRoles]],
    ['the agency admin on a peer agency admin', agency, peer, [admin, admin, admin, noRoles]],
    ['the agency admin on a SiteAdmin', agency, site, [siteAdmin, siteAdmin, siteAdmin, noRoles]],
    ['the agency admin on themselves', agency, agency, [ok, waits, self, noRoles]],
    ['a player on themselves', player, player, [ok, waits, self, noRoles]],
    ['a player on another player', player, otherPlayer, [forbidden, forbidden, forbidden, noRoles]],
    ['a player on an admin', player, agency, [forbidden, forbidden, forbidden, noRoles]],
  ];
  const actions: ManageAction[] = ['profile', 'email', 'block', 'roles'];
  for (const [name, actor, target, verdicts] of table) {
    actions.forEach((action, i) => {
      test(`${name}: ${action} -> ${verdicts[i]}`, () => {
        expect(manageVerdict(actor, target, action, 'Nexus')).toBe(verdicts[i]);
      });
    });
  }

  test('a verdict that goes ahead, at once or once confirmed, carries no refusal', () => {
    expect(refusalOf('allow')).toBeNull();
    expect(refusalOf('ownerConfirms')).toBeNull();
    expect(refusalOf('ADMIN_PROTECTED')).toBe('ADMIN_PROTECTED');
  });

  test("another brand's admin role is no admin role here", () => {
    expect(manageVerdict({ id: 'x', roles: ['OtherAdmin'] }, player, 'profile', 'Nexus')).toBe('FORBIDDEN');
    expect(manageVerdict(agency, { id: 'y', roles: ['OtherAdmin'] }, 'email', 'Nexus')).toBe('allow');
  });
});
