import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { isOldEnough } from '../../../src/features/tournaments/rules.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  join,
  quickPlayer,
  registration,
  registrationRows,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * A join keeps a new game account only when it succeeds, and the
 * championship (tournaments with a competition) takes players of 16 or older; birth dates before
 * 1900 are refused at signup and on the profile.
 */
let t: TestApp;
let admin: Person;
let competitionId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  const res = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Champ', game: 'Fortnite' },
  });
  expect(res.status).toBe(201);
  competitionId = res.json.data.id;
});
afterAll(() => t?.close());

const accountRows = (userId: string) =>
  t.db.kysely.selectFrom('game_accounts').selectAll().where('user_id', '=', userId).orderBy('position').execute();
const day = (yearsAgo: number, plusDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - yearsAgo);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
};

const valorant = { username: 'newcomer', id: 'newcomer#EUW', game: 'Valorant', console: 'PC' };
const withSave = (userId: string, password?: string) => ({
  ...registration(userId, valorant, password),
  saveGameAccount: true,
});

describe('a join keeps the new game account only when it succeeds', () => {
  let privateId: string;
  beforeAll(async () => {
    privateId = await createTournament(t, admin.token, 'registration', {
      open: false,
      password: 'sesame-42',
      game: 'Valorant',
      console: ['PC'],
    });
  });

  test('a wrong password leaves the game accounts as they were', async () => {
    const p = await quickPlayer(t);
    await t.call('PUT', `/api/users/pp/${p.id}`, {
      token: p.token,
      body: { gameAccounts: [{ username: 'old', id: 'old-1', game: 'Fortnite', console: 'PC' }] },
    });
    const before = await accountRows(p.id);
    expect(before).toHaveLength(1);
    expectError(await join(t, privateId, p, withSave(p.id, 'open-sesame')), 403, 'WRONG_PASSWORD');
    expect(await accountRows(p.id)).toEqual(before);
    expect((await registrationRows(t, privateId)).map((r) => r.user_id)).not.toContain(p.id);
  });

  test('a successful join keeps it, after the saved ones, and the profile shows it', async () => {
    const p = await quickPlayer(t);
    await t.call('PUT', `/api/users/pp/${p.id}`, {
      token: p.token,
      body: { gameAccounts: [{ username: 'old', id: 'old-1', game: 'Fortnite', console: 'PC' }] },
    });
    const res = await join(t, privateId, p, withSave(p.id, 'sesame-42'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await accountRows(p.id)).map((r) => [r.position, r.username, r.account_id, r.game, r.console])).toEqual([
      [0, 'old', 'old-1', 'Fortnite', 'PC'],
      [1, 'newcomer', 'newcomer#EUW', 'Valorant', 'PC'],
    ]);
    const me = await t.call('GET', '/api/users/me', { token: p.token });
    expect(me.json.data.gameAccounts).toEqual([
      { username: 'old', id: 'old-1', game: 'Fortnite', console: 'PC' },
      { username: 'newcomer', id: 'newcomer#EUW', game: 'Valorant', console: 'PC' },
    ]);
  });

  test('a second join (already registered) and a join refused for its platform save nothing', async () => {
    const p = await quickPlayer(t);
    expect((await join(t, privateId, p, registration(p.id, valorant, 'sesame-42'))).status).toBe(200);
    expect(await accountRows(p.id)).toEqual([]);
    expectError(await join(t, privateId, p, withSave(p.id, 'sesame-42')), 409, 'ALREADY_REGISTERED');
    expectError(
      await join(t, privateId, p, {
        ...registration(p.id, { ...valorant, console: 'PS5' }, 'sesame-42'),
        saveGameAccount: true,
      }),
      400,
      'CONSOLE_NOT_ALLOWED',
    );
    expect(await accountRows(p.id)).toEqual([]);
  });

  test('the same account again updates its id instead of adding a copy', async () => {
    const p = await quickPlayer(t);
    const open = await createTournament(t, admin.token, 'registration', { game: 'Valorant', console: ['PC'] });
    expect((await join(t, open, p, withSave(p.id))).status).toBe(200);
    expect(
      (
        await join(t, privateId, p, {
          ...registration(p.id, { ...valorant, id: 'changed#EUW' }, 'sesame-42'),
          saveGameAccount: true,
        })
      ).status,
    ).toBe(200);
    expect((await accountRows(p.id)).map((r) => [r.username, r.account_id])).toEqual([['newcomer', 'changed#EUW']]);
  });
});

describe('championship eligibility: 16 or older', () => {
  let champ: string;
  beforeAll(async () => {
    champ = await createTournament(t, admin.token, 'registration', { competitionId, maxPartecipants: 100 });
  });

  test.each([
    ['no birth date', null],
    ['15 years old', day(15)],
    ['16 tomorrow', day(16, 1)],
  ])('%s: 403 CHAMPIONSHIP_AGE, no registration and no saved account', async (_name, birthDate) => {
    const p = await quickPlayer(t, { birthDate });
    expectError(await join(t, champ, p, { ...registration(p.id), saveGameAccount: true }), 403, 'CHAMPIONSHIP_AGE');
    expect((await registrationRows(t, champ)).map((r) => r.user_id)).not.toContain(p.id);
    expect(await accountRows(p.id)).toEqual([]);
  });

  test.each([
    ['16 today', day(16)],
    ['an adult', '1990-02-28'],
  ])('%s: joins', async (_name, birthDate) => {
    const p = await quickPlayer(t, { birthDate });
    const res = await join(t, champ, p);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state).toBe('member');
  });

  test('an admin joining a too-young player in their place is refused the same way', async () => {
    const p = await quickPlayer(t, { birthDate: day(12) });
    const res = await t.call('POST', `/api/tournaments/${champ}/register?userID=${p.id}`, {
      token: admin.token,
      body: registration(p.id),
    });
    expectError(res, 403, 'CHAMPIONSHIP_AGE');
  });

  test('a tournament outside the championship takes a player without a birth date', async () => {
    const open = await createTournament(t, admin.token, 'registration');
    const p = await quickPlayer(t, { birthDate: null });
    expect((await join(t, open, p)).status).toBe(200);
  });

  test('the rule counts the birthday itself', () => {
    expect(isOldEnough('2010-03-01', '2026-03-01')).toBe(true);
    expect(isOldEnough('2010-03-02', '2026-03-01')).toBe(false);
    expect(isOldEnough(null, '2026-03-01')).toBe(false);
  });
});

describe('birth dates between 1900 and today', () => {
  const signupBody = (birth_date: string) => {
    const id = Math.random().toString(36).slice(2, 10);
    return {
      username: `b_${id}`,
      email: `b_${id}@example.com`,
      password: 'correct-horse-battery',
      nickname: 'B',
      gender: 'female',
      language: 'en',
      birth_date,
    };
  };

  test('signup refuses a birth date before 1900 with BIRTH_DATE_TOO_EARLY and creates nobody', async () => {
    const before = (await t.snapshot()).users.length;
    for (const d of ['1899-12-31', '0202-01-01']) {
      const res = await t.call('POST', '/api/users/pp', { body: signupBody(d) });
      expectError(res, 400, 'BIRTH_DATE_TOO_EARLY');
      expect(res.json.error.issues).toEqual([{ path: 'body.birth_date', message: 'BIRTH_DATE_TOO_EARLY' }]);
    }
    expect((await t.snapshot()).users.length).toBe(before);
  });

  test('signup refuses a future birth date with the field message "future"', async () => {
    const res = await t.call('POST', '/api/users/pp', { body: signupBody(day(0, 1)) });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error.issues).toEqual([{ path: 'body.birth_date', message: 'future' }]);
  });

  test('signup takes 1 January 1900', async () => {
    const res = await t.call('POST', '/api/users/pp', { body: signupBody('1900-01-01') });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data.user.birth_date).toBe('1900-01-01');
  });

  test('the profile update refuses a birth date before 1900 and keeps the stored one', async () => {
    const a = await t.signupAndLogin();
    const res = await t.call('PUT', `/api/users/pp/${a.user.id}`, {
      token: a.token,
      body: { birth_date: '1850-06-01' },
    });
    expectError(res, 400, 'BIRTH_DATE_TOO_EARLY');
    const row = await t.db.kysely
      .selectFrom('users')
      .select('birth_date')
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(row.birth_date).toBe('2000-05-17');
  });
});

describe('the demo seed', () => {
  // seeding only fills an empty brand: a database of its own
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ rateLimits: false });
    await seedDemo(s.app);
  });
  afterAll(() => s?.close());

  test('every player registered in a championship tournament is 16 or older', async () => {
    const rows = await s.db.kysely
      .selectFrom('tournament_registrations as r')
      .innerJoin('tournaments as tt', 'tt.id', 'r.tournament_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.username', 'u.birth_date'])
      .where('tt.competition_id', 'is not', null)
      .where('tt.owner', '=', s.config.ownerId)
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.filter((r) => !isOldEnough(r.birth_date, today))).toEqual([]);
  });
});
