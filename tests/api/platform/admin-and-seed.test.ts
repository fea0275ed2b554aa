import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { ensureAdmin } from '../../../src/features/accounts/server/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Each test needs an empty database of its own (seeding only happens into an empty one).
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterEach(() => t?.close());

const usersByEmail = (email: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();
const userCount = async () => (await t.db.kysely.selectFrom('users').select('id').execute()).length;

describe('ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  test('creates a SiteAdmin that can log in, and only once', async () => {
    const id = await ensureAdmin(t.app, 'Boss@Example.com', 'admin-password-1');
    const again = await ensureAdmin(t.app, 'boss@example.com', 'admin-password-1');
    expect(again).toBe(id);
    const rows = await usersByEmail('boss@example.com');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].roles)).toEqual(['SiteAdmin']);

    const token = await t.login('boss@example.com', 'admin-password-1');
    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.json.data).toMatchObject({ id, roles: ['SiteAdmin'], email: 'boss@example.com' });
  });

  test('promotes an existing user, keeping their other roles; ADMIN_PASSWORD replaces theirs', async () => {
    const a = await t.signup({ email: 'promote.me@example.com', password: 'players-own-password' });
    await t.makeAdmin(a.user.id, 'Moderator');
    const id = await ensureAdmin(t.app, 'PROMOTE.ME@example.com', 'operator-password-1');
    expect(id).toBe(a.user.id);
    const [row] = await usersByEmail('promote.me@example.com');
    expect(JSON.parse(row.roles)).toEqual(['Moderator', 'SiteAdmin']);
    expect(
      (
        await t.call('POST', '/api/users/authenticate', {
          body: { email: 'promote.me@example.com', password: 'players-own-password' },
        })
      ).status,
    ).toBe(401);
    expect(await t.login('promote.me@example.com', 'operator-password-1')).toEqual(expect.any(String));
    expect(await userCount()).toBe(1);
  });

  test('is idempotent: repeated runs never duplicate the role or the account', async () => {
    for (let i = 0; i < 3; i++) await ensureAdmin(t.app, 'idem@example.com', 'admin-password-2');
    const rows = await usersByEmail('idem@example.com');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].roles)).toEqual(['SiteAdmin']);
  });

  test("creates the admin even when the e-mail's local part is a username someone already has", async () => {
    await t.signup({ username: 'boss', email: 'player.boss@example.com' });
    const id = await ensureAdmin(t.app, 'boss@example.com', 'admin-password-3');
    const [row] = await usersByEmail('boss@example.com');
    expect(row.id).toBe(id);
    expect(row.username).not.toBe('boss');
    expect(JSON.parse(row.roles)).toEqual(['SiteAdmin']);
    expect(await t.login('boss@example.com', 'admin-password-3')).toEqual(expect.any(String));
  });
});

describe('seedDemo', () => {
  test('seeds the demo accounts into an empty database once; the second call seeds nothing', async () => {
    const first = await seedDemo(t.app);
    expect(first.map((a) => a.email).sort()).toEqual(['admin@demo.arena', 'alex@demo.arena', 'giulia@demo.arena']);
    // the three accounts plus the 24 leaderboard players, who have no usable password
    expect(await userCount()).toBe(27);
    for (const a of first) expect(await t.login(a.email, a.password)).toEqual(expect.any(String));
    const [admin] = await usersByEmail('admin@demo.arena');
    expect(JSON.parse(admin.roles)).toEqual(['SiteAdmin']);
    const [alex] = await usersByEmail('alex@demo.arena');
    expect(alex.language).toBe('en');

    expect(await seedDemo(t.app)).toEqual([]);
    expect(await userCount()).toBe(27);
  });

  test('seeds nothing into a database that already has players', async () => {
    await t.signup();
    expect(await seedDemo(t.app)).toEqual([]);
    expect(await userCount()).toBe(1);
  });
});
