import { describe, expect, test } from 'vitest';
import { blockRefusal, grantableRoles, roleChangeRefusal } from '../../../src/features/accounts/people-rules.ts';

const site = { id: 'site', roles: ['SiteAdmin'] };
const agency = { id: 'agency', roles: ['NexusAdmin'] };
const peer = { id: 'peer', roles: ['NexusAdmin'] };
const otherSite = { id: 'site2', roles: ['SiteAdmin'] };
const player = { id: 'player', roles: [] };

describe('who may change whom (issue 13, items 4 and 5)', () => {
  test('the roles the dashboard grants are SiteAdmin and the agency admin role', () => {
    expect(grantableRoles('Nexus')).toEqual(['SiteAdmin', 'NexusAdmin']);
  });

  test.each([
    ['a SiteAdmin', site, null],
    ['the agency admin', agency, 'ROLE_GRANT_FORBIDDEN'],
  ] as const)('%s changing roles: %s', (_name, actor, expected) => {
    expect(roleChangeRefusal(actor)).toBe(expected);
  });

  test.each([
    ['a SiteAdmin blocks a player', site, player, null],
    ['a SiteAdmin blocks another SiteAdmin', site, otherSite, null],
    ['a SiteAdmin blocks the agency admin', site, agency, null],
    ['a SiteAdmin blocks themselves', site, site, 'CANNOT_BLOCK_SELF'],
    ['the agency admin blocks a player', agency, player, null],
    ['the agency admin blocks a SiteAdmin', agency, site, 'SITE_ADMIN_PROTECTED'],
    ['the agency admin blocks another agency admin', agency, peer, 'ADMIN_PROTECTED'],
    ['the agency admin blocks themselves', agency, agency, 'CANNOT_BLOCK_SELF'],
  ] as const)('%s', (_name, actor, target, expected) => {
    expect(blockRefusal(actor, target, 'Nexus')).toBe(expected);
  });
});
