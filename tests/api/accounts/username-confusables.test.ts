import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { up as usernameSkeletons } from '../../../migrations/0091-username-skeleton.ts';
import { usernameSkeleton } from '../../../src/platform/username-skeleton.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Usernames that look alike are one name: a dotless ı, a Cyrillic а, a zero for an O cannot be used
 * to register (or rename to) a name that passes for one already taken in the brand.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const STRONG = 'correct-horse-battery';
let n = 0;
const signupAs = (username: string, app: TestApp = t) => {
  const email = `look_${n++}_${Date.now()}@example.com`;
  const body = { username, email, password: STRONG, nickname: 'Look', gender: 'female' };
  return app.call('POST', '/api/users/pp', { body });
};
const expectTaken = (r: { status: number; json: any }) => {
  expect(r.status, JSON.stringify(r.json)).toBe(409);
  expect(r.json).toEqual({ status: 'ERROR', error: expect.objectContaining({ code: 'USERNAME_TAKEN' }) });
};
/** Digits 2-9 belong to no script and look like no letter: a suffix that keeps a Cyrillic name Cyrillic. */
const tag = () => String(Math.floor(Math.random() * 1e8)).replace(/[01]/g, '7');
const users = () => t.db.kysely.selectFrom('users');
const countNamed = async (username: string) => {
  return (await users().select('id').where('username', '=', username).execute()).length;
};

describe('signing up', () => {
  test('`gıulia` (dotless ı) beside `giulia` is 409 USERNAME_TAKEN, as `GIULIA` is; nothing is written', async () => {
    const name = `giulia_${tag()}`;
    expect((await signupAs(name)).status).toBe(201);
    const dotless = name.replace('i', '\u0131');
    expectTaken(await signupAs(dotless));
    expectTaken(await signupAs(name.toUpperCase()));
    expect(await countNamed(dotless)).toBe(0);
  });

  test('a name wholly in Cyrillic or Greek letters that look Latin is taken by the Latin one, and back', async () => {
    const suffix = `_${tag()}`;
    // Latin first, then the same look in Cyrillic (р, а, о, с, е: U+0440, U+0430, U+043E, U+0441, U+0435)
    expect((await signupAs(`papa${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`\u0440\u0430\u0440\u0430${suffix}`));
    // Cyrillic first, then the Latin look-alike
    expect((await signupAs(`\u0441\u043e\u0441\u0435${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`coce${suffix}`));
    // Greek and Cyrillic capitals: ΑΒΕ passes for ABE, which is abe regardless of case; ВОВ for BOB
    expect((await signupAs(`abe${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`\u0391\u0392\u0395${suffix}`));
    expect((await signupAs(`\u0412\u041e\u0412${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`bob${suffix}`));
    // and a look-alike only in lower case is not taken by its capital: Cyrillic в is no b
    expect((await signupAs(`\u0432\u043e\u0432_${tag()}`)).status).toBe(201);
  });

  test('digits and letter pairs that pass for letters: `g0d` for `god`, `rn` for `m`', async () => {
    const suffix = `_${tag()}`;
    expect((await signupAs(`god${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`g0d${suffix}`));
    expect((await signupAs(`marta${suffix}`)).status).toBe(201);
    expectTaken(await signupAs(`rnarta${suffix}`));
  });

  test('names that only share letters with accents, or are really different, are both accepted', async () => {
    const suffix = `_${tag()}`;
    expect((await signupAs(`nico${suffix}`)).status).toBe(201);
    expect((await signupAs(`nicò${suffix}`)).status).toBe(201);
    expect((await signupAs(`nina${suffix}`)).status).toBe(201);
  });

  test('20 concurrent signups of look-alikes of one name create exactly one account', async () => {
    const suffix = `_${tag()}`;
    const looks = [`papa${suffix}`, `\u0440\u0430\u0440\u0430${suffix}`, `PAPA${suffix}`, `Papa${suffix}`];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signupAs(looks[i % looks.length]!)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectTaken(r);
  });
});

describe('changing a username', () => {
  test('neither a player nor an admin renames to a look-alike of a taken name; its holder may', async () => {
    const taken = await t.signup({ username: `giulia_${tag()}` });
    const player = await t.signupAndLogin();
    const dotless = taken.username.replace('i', '\u0131');
    const put = (id: string, username: string, token: string) => {
      return t.call('PUT', `/api/users/pp/${id}`, { token, body: { username } });
    };
    expectTaken(await put(player.user.id, dotless, player.token));
    const admin = await t.signupAndLogin();
    await t.makeAdmin(admin.user.id);
    expectTaken(await put(player.user.id, dotless, admin.token));
    const stored = users().select(['username', 'username_skeleton']);
    const row = await stored.where('id', '=', player.user.id).executeTakeFirst();
    expect(row).toEqual({ username: player.username, username_skeleton: usernameSkeleton(player.username) });

    // the holder of a name may change it to a look-alike of itself (a new spelling, the same look)
    const holder = await t.login(taken.email, taken.password);
    const renamed = await put(taken.user.id, taken.username.toUpperCase(), holder);
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    // and the key follows the new name: the old look is free, the new one taken
    const fresh = `finn_${tag()}`;
    expect((await put(taken.user.id, fresh, holder)).status).toBe(200);
    expect((await signupAs(taken.username)).status).toBe(201);
    expectTaken(await signupAs(fresh.replace('i', '\u0131')));
  });
});

describe('accounts registered before the key existed (migration 0091)', () => {
  test('every account gets its key; look-alikes registered before keep working; the look stays taken', async () => {
    const db = t.db.kysely;
    const suffix = `_${tag()}`;
    const existing = await t.signup({ username: `bruno${suffix}` });
    // the table as it was: no key column, no index on it
    await db.schema.dropIndex('users_owner_username_skeleton').execute();
    await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
    const old = async (username: string, at: string, owner = t.config.ownerId) => {
      const id = randomUUID();
      const email = `${id}@example.com`;
      const row = { id, owner, username, email, password_hash: 'x', created_at: at, updated_at: at };
      await db
        .insertInto('users')
        .values(row as never)
        .execute();
      return id;
    };
    const first = await old(`ugo${suffix}`, '2020-01-01T00:00:00.000Z');
    const second = await old(`ug\u043e${suffix}`, '2021-01-01T00:00:00.000Z');
    const otherBrand = await old(`ugo${suffix}`, '2022-01-01T00:00:00.000Z', 'another-brand');

    await usernameSkeletons(db, t.db.dialect);

    const rows = await users().select(['id', 'username_skeleton']).execute();
    const keys = Object.fromEntries(rows.map((r) => [r.id, r.username_skeleton]));
    expect(Object.values(keys).every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect(keys[existing.user.id]).toBe(usernameSkeleton(existing.username));
    expect(keys[first]).toBe(usernameSkeleton(`ugo${suffix}`));
    // the later look-alike keeps its account, under a key of its own
    expect(keys[second]).toBe(`${usernameSkeleton(`ugo${suffix}`)}#${second}`);
    // another brand's same name is its own
    expect(keys[otherBrand]).toBe(usernameSkeleton(`ugo${suffix}`));

    // the release that carries the migration runs in processes started after it, as a deploy starts them: a
    // process of its own on the migrated database (this one prepared its statements on the table as it was)
    const after = await createTestApp({ rateLimits: false, databaseUrl: t.config.databaseUrl });
    try {
      expectTaken(await signupAs(`UGO${suffix}`, after));
      expectTaken(await signupAs(`bruno${suffix}`.replace('o', '0'), after));
      expect(await after.login(existing.email, existing.password)).toEqual(expect.any(String));
    } finally {
      await after.close();
    }
  });
});
