import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { address, rewardsApi } from '../helpers/rewards.ts';
import { createTournament, join } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestApp['signupAndLogin']>>;
const AGENCY = () => `${t.config.agencyName}Admin`;
const overview = (id: string, token?: string) => t.call('GET', `/api/admin/users/${id}`, { token });
const role = (method: 'PUT' | 'DELETE', id: string, name: string, token: string) =>
  t.call(method, `/api/admin/users/${id}/roles/${encodeURIComponent(name)}`, { token });
const block = (method: 'PUT' | 'DELETE', id: string, token: string) =>
  t.call(method, `/api/admin/users/${id}/block`, { token });
const auditOf = (id: string) =>
  t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('created_at').execute();
const activeSiteAdmins = async () =>
  (await t.db.kysely.selectFrom('users').select(['id', 'roles', 'blocked_at']).execute())
    .filter((u) => JSON.parse(u.roles).includes('SiteAdmin') && !u.blocked_at)
    .map((u) => u.id);

/** Leaves exactly these accounts as SiteAdmins, so each rule starts from a known count. */
async function onlySiteAdmins(...ids: string[]) {
  for (const u of await t.db.kysely.selectFrom('users').select(['id', 'roles']).execute()) {
    const roles = JSON.parse(u.roles).filter((r: string) => r !== 'SiteAdmin');
    await UserRepository.setRoles(t.db.kysely, u.id, ids.includes(u.id) ? [...roles, 'SiteAdmin'] : roles);
  }
}

async function admin(roleName = 'SiteAdmin'): Promise<Session> {
  const s = await t.signupAndLogin();
  await t.makeAdmin(s.user.id, roleName);
  return s;
}

describe('GET /admin/users/:id (the user page)', () => {
  // the sessions are the live ones, the wallet comes with its transactions
  test('gathers profile, block state, sessions, badges, wallet, purchases and registrations', async () => {
    const root = await admin();
    const player = await t.signupAndLogin({ language: 'en' });
    await t.login(player.email, player.password);
    const shop = rewardsApi(t, root.token);
    await shop.credit(player.user.id, 500, 'welcome');
    const product = await shop.product({ price: 120, quantity: 3 });
    const bought = await t.call('POST', '/api/marketplace/purchases', {
      token: player.token,
      body: { productId: product._id ?? product.id, shippingAddress: address },
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const tournament = await createTournament(t, root.token, 'registration', { name: 'Cup of the page' });
    expect(
      (
        await join(t, tournament, {
          id: player.user.id,
          token: player.token,
          email: player.email,
          username: player.username,
        })
      ).status,
    ).toBeLessThan(300);

    const { status, json } = await overview(player.user.id, root.token);
    expect(status).toBe(200);
    const data = json.data;
    expect(data.user).toMatchObject({
      id: player.user.id,
      username: player.username,
      email: player.email,
      language: 'en',
      roles: [],
      blockedAt: null,
      pendingEmail: null,
      createdAt: expect.any(String),
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(data.wallet.balance).toBe(380);
    expect(data.transactions.total).toBe(2);
    expect(data.transactions.data.map((x: { amount: number }) => x.amount)).toEqual([-120, 500]);
    expect(data.purchases).toMatchObject({ total: 1, data: [{ productId: product._id ?? product.id, price: 120 }] });
    expect(data.registrations).toEqual([
      expect.objectContaining({ tournamentId: tournament, name: 'Cup of the page', state: 'member', confirmed: false }),
    ]);
    expect(Array.isArray(data.badges)).toBe(true);
  });

  test('shows a new e-mail waiting for its link as pendingEmail, and null once confirmed elsewhere', async () => {
    const root = await admin();
    const player = await t.signupAndLogin();
    const next = `next-${player.email}`;
    expect(
      (
        await t.call('POST', '/api/users/me/email', {
          token: player.token,
          body: { currentPassword: player.password, email: next },
        })
      ).status,
    ).toBe(200);
    expect((await overview(player.user.id, root.token)).json.data.user).toMatchObject({
      email: player.email,
      pendingEmail: next,
    });
  });

  test('a player gets 403, a visitor 401, an unknown id 404, a malformed id 400', async () => {
    const root = await admin();
    const player = await t.signupAndLogin();
    expectError(await overview(root.user.id, player.token), 403, 'FORBIDDEN');
    expectError(await overview(root.user.id), 401, 'UNAUTHORIZED');
    expectError(await overview('00000000-0000-4000-8000-000000000000', root.token), 404, 'NOT_FOUND');
    expect((await overview('bad%00id', root.token)).status).toBe(400);
  });

  test('the agency admin reads the page too', async () => {
    const agency = await admin(AGENCY());
    const player = await t.signupAndLogin();
    expect((await overview(player.user.id, agency.token)).status).toBe(200);
  });

  // the users search is the wallet list
  test('the users search finds an account by username or e-mail, and its row leads to the page', async () => {
    const root = await admin();
    const player = await t.signupAndLogin();
    for (const q of [player.username.toUpperCase(), player.email]) {
      const found = await t.call('GET', `/api/marketplace/wallets?search=${encodeURIComponent(q)}`, {
        token: root.token,
      });
      expect(found.json.data.map((w: { userId: string }) => w.userId)).toEqual([player.user.id]);
    }
    expect((await overview(player.user.id, root.token)).json.data.user.email).toBe(player.email);
  });
});

describe('roles', () => {
  // the user's token follows the change at once
  test('a SiteAdmin grants and revokes SiteAdmin and the agency role, each audited', async () => {
    const root = await admin();
    const player = await t.signupAndLogin();
    for (const name of ['SiteAdmin', AGENCY()]) {
      const granted = await role('PUT', player.user.id, name, root.token);
      expect(granted.status).toBe(200);
      expect(granted.json.data).toMatchObject({ id: player.user.id, roles: [name], blockedAt: null });
      expect((await overview(root.user.id, player.token)).status).toBe(200);
      const revoked = await role('DELETE', player.user.id, name, root.token);
      expect(revoked.json.data.roles).toEqual([]);
      expectError(await overview(root.user.id, player.token), 403, 'FORBIDDEN');
    }
    const entries = await auditOf(player.user.id);
    expect(entries.map((e) => e.action)).toEqual([
      'user.role_grant',
      'user.role_revoke',
      'user.role_grant',
      'user.role_revoke',
    ]);
    expect(entries[0]).toMatchObject({ actor_id: root.user.id, entity_type: 'user' });
    expect(JSON.parse(entries[0].after!)).toEqual({ roles: ['SiteAdmin'] });
  });

  test('granting a role already held changes nothing and records nothing', async () => {
    const root = await admin();
    const other = await admin(AGENCY());
    const again = await role('PUT', other.user.id, AGENCY(), root.token);
    expect(again.json.data.roles).toEqual([AGENCY()]);
    expect(await auditOf(other.user.id)).toHaveLength(0);
  });

  test('an unknown role is 400 UNKNOWN_ROLE', async () => {
    const root = await admin();
    const player = await t.signupAndLogin();
    expectError(await role('PUT', player.user.id, 'GodMode', root.token), 400, 'UNKNOWN_ROLE');
  });

  test('the agency admin grants and revokes nothing: 403 ROLE_GRANT_FORBIDDEN, and a player gets 403', async () => {
    const root = await admin();
    const agency = await admin(AGENCY());
    const player = await t.signupAndLogin();
    expectError(await role('PUT', agency.user.id, 'SiteAdmin', agency.token), 403, 'ROLE_GRANT_FORBIDDEN');
    expectError(await role('PUT', player.user.id, AGENCY(), agency.token), 403, 'ROLE_GRANT_FORBIDDEN');
    expectError(await role('DELETE', root.user.id, 'SiteAdmin', agency.token), 403, 'ROLE_GRANT_FORBIDDEN');
    expectError(await role('PUT', player.user.id, 'SiteAdmin', player.token), 403, 'FORBIDDEN');
    expect((await overview(root.user.id, root.token)).json.data.user.roles).toEqual(['SiteAdmin']);
  });

  test('the last active SiteAdmin cannot be demoted (409 LAST_SITE_ADMIN), not even by themselves', async () => {
    const root = await admin();
    await onlySiteAdmins(root.user.id);
    expectError(await role('DELETE', root.user.id, 'SiteAdmin', root.token), 409, 'LAST_SITE_ADMIN');
    // a blocked SiteAdmin cannot log in, so it does not count as the one that remains
    const blocked = await admin();
    await UserRepository.setBlockedAt(t.db.kysely, t.config.ownerId, blocked.user.id, new Date().toISOString());
    expectError(await role('DELETE', root.user.id, 'SiteAdmin', root.token), 409, 'LAST_SITE_ADMIN');
    expect(await activeSiteAdmins()).toEqual([root.user.id]);
    expect(await auditOf(root.user.id)).toHaveLength(0);
  });

  // one succeeds, the other gets 409
  test('two SiteAdmins demoting themselves at once leave one SiteAdmin', async () => {
    const a = await admin();
    const b = await admin();
    await onlySiteAdmins(a.user.id, b.user.id);
    const answers = await Promise.all([
      role('DELETE', a.user.id, 'SiteAdmin', a.token),
      role('DELETE', b.user.id, 'SiteAdmin', b.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.json.error.code).toBe('LAST_SITE_ADMIN');
    expect(await activeSiteAdmins()).toHaveLength(1);
  });

  // one succeeds, the other is refused
  test('two SiteAdmins demoting each other at once leave one SiteAdmin', async () => {
    const a = await admin();
    const b = await admin();
    await onlySiteAdmins(a.user.id, b.user.id);
    const answers = await Promise.all([
      role('DELETE', b.user.id, 'SiteAdmin', a.token),
      role('DELETE', a.user.id, 'SiteAdmin', b.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.status === 403)!.json.error.code).toBe('ROLE_GRANT_FORBIDDEN');
    expect(await activeSiteAdmins()).toHaveLength(1);
  });

  test('two SiteAdmins blocking each other at once never leave no active SiteAdmin', async () => {
    const a = await admin();
    const b = await admin();
    await onlySiteAdmins(a.user.id, b.user.id);
    const answers = await Promise.all([block('PUT', b.user.id, a.token), block('PUT', a.user.id, b.token)]);
    const statuses = answers.map((r) => r.status).sort();
    // the loser is either refused as the last SiteAdmin or, its session revoked by the winner, logged out
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await activeSiteAdmins()).toHaveLength(1);
  });
});

describe('block and unblock', () => {
  let root: Session;
  beforeEach(async () => {
    root = await admin();
  });

  // unblocking restores login
  test('a blocked account cannot log in (403 ACCOUNT_BLOCKED) and its tokens get 401', async () => {
    const player = await t.signupAndLogin();
    const second = await t.login(player.email, player.password);
    const blocked = await block('PUT', player.user.id, root.token);
    expect(blocked.status).toBe(200);
    expect(blocked.json.data).toMatchObject({ id: player.user.id, blockedAt: expect.any(String), revokedSessions: 2 });
    for (const token of [player.token, second])
      expectError(await t.call('GET', '/api/users/me', { token }), 401, 'UNAUTHORIZED');
    expectError(
      await t.call('POST', '/api/users/authenticate', { body: { email: player.email, password: player.password } }),
      403,
      'ACCOUNT_BLOCKED',
    );
    // a wrong password still answers as for anyone: the block is told only to whoever knows the password
    expectError(
      await t.call('POST', '/api/users/authenticate', {
        body: { email: player.email, password: 'wrong-password-123' },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
    const page = await overview(player.user.id, root.token);
    expect(page.json.data.user.blockedAt).toBe(blocked.json.data.blockedAt);
    expect(page.json.data.sessions).toEqual([]);

    const unblocked = await block('DELETE', player.user.id, root.token);
    expect(unblocked.json.data).toMatchObject({ blockedAt: null, revokedSessions: 0 });
    // the old sessions stay ended; a new login works
    expectError(await t.call('GET', '/api/users/me', { token: player.token }), 401, 'UNAUTHORIZED');
    const fresh = await t.login(player.email, player.password);
    expect((await t.call('GET', '/api/users/me', { token: fresh })).status).toBe(200);

    const entries = await auditOf(player.user.id);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['user.block', root.user.id],
      ['user.unblock', root.user.id],
    ]);
    expect(JSON.parse(entries[0].after!)).toMatchObject({ revokedSessions: 2 });
  });

  test('a session a login opened just before the block does not authenticate while blocked', async () => {
    const player = await t.signupAndLogin();
    await UserRepository.setBlockedAt(t.db.kysely, t.config.ownerId, player.user.id, new Date().toISOString());
    expectError(await t.call('GET', '/api/users/me', { token: player.token }), 401, 'UNAUTHORIZED');
  });

  test('nobody blocks themselves: 409 CANNOT_BLOCK_SELF', async () => {
    expectError(await block('PUT', root.user.id, root.token), 409, 'CANNOT_BLOCK_SELF');
    const agency = await admin(AGENCY());
    expectError(await block('PUT', agency.user.id, agency.token), 409, 'CANNOT_BLOCK_SELF');
  });

  test('the agency admin blocks and unblocks players, never a SiteAdmin nor another admin', async () => {
    const agency = await admin(AGENCY());
    const peer = await admin(AGENCY());
    const player = await t.signupAndLogin();
    expect((await block('PUT', player.user.id, agency.token)).status).toBe(200);
    expect((await block('DELETE', player.user.id, agency.token)).status).toBe(200);
    expectError(await block('PUT', root.user.id, agency.token), 403, 'SITE_ADMIN_PROTECTED');
    expectError(await block('PUT', peer.user.id, agency.token), 403, 'ADMIN_PROTECTED');
    expect((await t.call('GET', '/api/users/me', { token: root.token })).status).toBe(200);
    // a SiteAdmin may block an agency admin
    expect((await block('PUT', peer.user.id, root.token)).status).toBe(200);
  });

  test('a player cannot block anyone: 403 FORBIDDEN', async () => {
    const player = await t.signupAndLogin();
    const other = await t.signupAndLogin();
    expectError(await block('PUT', other.user.id, player.token), 403, 'FORBIDDEN');
    expectError(await block('DELETE', other.user.id, player.token), 403, 'FORBIDDEN');
  });
});
