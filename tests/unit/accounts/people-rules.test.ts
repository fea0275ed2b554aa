import { describe, expect, test } from 'vitest';
import { grantableRoles, manageVerdict, refusalOf, type ManageAction, type ManageVerdict } from '../../../src/features/accounts/people-rules.ts';

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

  // one row per actor and target: the verdicts of profile, email, block and roles, in that order
  const table: [string, Account, Account, [ManageVerdict, ManageVerdict, ManageVerdict, ManageVerdict]][] = [
    ['a SiteAdmin on a player', site, player, ['allow', 'allow', 'allow', 'allow']],
    ['a SiteAdmin on the agency admin', site, agency, ['allow', 'ownerConfirms', 'allow', 'allow']],
    ['a SiteAdmin on another SiteAdmin', site, otherSite, ['allow', 'ownerConfirms', 'allow', 'allow']],
    ['a SiteAdmin on themselves', site, site, ['allow', 'ownerConfirms', 'CANNOT_BLOCK_SELF', 'allow']],
    ['the agency admin on a player', agency, player, ['allow', 'allow', 'allow', 'ROLE_GRANT_FORBIDDEN']],
    ['the agency admin on a peer agency admin', agency, peer, ['ADMIN_PROTECTED', 'ADMIN_PROTECTED', 'ADMIN_PROTECTED', 'ROLE_GRANT_FORBIDDEN']],
    ['the agency admin on a SiteAdmin', agency, site, ['SITE_ADMIN_PROTECTED', 'SITE_ADMIN_PROTECTED', 'SITE_ADMIN_PROTECTED', 'ROLE_GRANT_FORBIDDEN']],
    ['the agency admin on themselves', agency, agency, ['allow', 'ownerConfirms', 'CANNOT_BLOCK_SELF', 'ROLE_GRANT_FORBIDDEN']],
    ['a player on themselves', player, player, ['allow', 'ownerConfirms', 'CANNOT_BLOCK_SELF', 'ROLE_GRANT_FORBIDDEN']],
    ['a player on another player', player, otherPlayer, ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ROLE_GRANT_FORBIDDEN']],
    ['a player on an admin', player, agency, ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ROLE_GRANT_FORBIDDEN']],
  ];
  const actions: ManageAction[] = ['profile', 'email', 'block', 'roles'];

  test.each(table.flatMap(([name, actor, target, verdicts]) => actions.map((action, i) => [`${name}: ${action} -> ${verdicts[i]}`, actor, target, action, verdicts[i]] as const)))('%s', (_name, actor, target, action, expected) => {
    expect(manageVerdict(actor, target, action, 'Nexus')).toBe(expected);
  });

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
