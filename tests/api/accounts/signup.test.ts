import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  username: 'marco_r',
  email: 'marco@example.com',
  password: 'correct-horse',
  nickname: 'Marco',
  gender: 'male',
  birth_date: '1998-03-04',
  language: 'en',
  ...over,
});
const usersWithEmail = (email: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();

describe('POST /api/users/pp', () => {
  test('creates the account with a hashed password and no roles, and answers 201', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', { body: body() });
    expect(status).toBe(201);
    expect(json.status).toBe('SUCCESS');
    expect(json.data.message).toBe('USER_CREATED');
    expect(json.data.user).toMatchObject({
      username: 'marco_r',
      displayName: 'marco_r',
      email: 'marco@example.com',
      nickname: 'Marco',
      gender: 'male',
      birth_date: '1998-03-04',
      language: 'en',
      country: 'Italy',
      roles: [],
      gameAccounts: [],
    });
    expect(JSON.stringify(json)).not.toMatch(/password|argon/i);

    const [row] = await usersWithEmail('marco@example.com');
    expect(row.id).toBe(json.data.user.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.roles).toBe('[]');
    expect(row.owner).toBe(t.config.ownerId);
  });

  test('stores the e-mail trimmed and in lower case, and logs in with any casing', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'laura', email: '  Laura.Bianchi@Example.COM ' }),
    });
    expect(status).toBe(201);
    expect(json.data.user.email).toBe('laura.bianchi@example.com');
    expect(await usersWithEmail('laura.bianchi@example.com')).toHaveLength(1);
    expect(await t.login('LAURA.bianchi@example.com', 'correct-horse')).toEqual(expect.any(String));
  });

  test('a second account with the same e-mail, in any casing, is 409 EMAIL_TAKEN', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'other_name', email: 'MARCO@example.com' }),
    });
    expect(status).toBe(409);
    expect(json).toMatchObject({ status: 'ERROR', error: { code: 'EMAIL_TAKEN' } });
    expect(await usersWithEmail('marco@example.com')).toHaveLength(1);
    expect(
      await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'other_name').execute(),
    ).toHaveLength(0);
  });

  test('a second account with the same username is 409 USERNAME_TAKEN', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ email: 'someone.else@example.com' }),
    });
    expect(status).toBe(409);
    expect(json).toMatchObject({ status: 'ERROR', error: { code: 'USERNAME_TAKEN' } });
    expect(await usersWithEmail('someone.else@example.com')).toHaveLength(0);
  });

  test('a username that differs only in letter case is 409 USERNAME_TAKEN', async () => {
    const first = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'CaseKing', email: 'case.one@example.com' }),
    });
    expect(first.status).toBe(201);
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'caseking', email: 'case.two@example.com' }),
    });
    expect(status).toBe(409);
    expect(json.error.code).toBe('USERNAME_TAKEN');
    expect(await usersWithEmail('case.two@example.com')).toHaveLength(0);
  });

  test('roles sent at signup are ignored', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'sneaky', email: 'sneaky@example.com', roles: ['SiteAdmin'] }),
    });
    expect(status).toBe(201);
    expect(json.data.user.roles).toEqual([]);
    const [row] = await usersWithEmail('sneaky@example.com');
    expect(JSON.parse(row.roles)).toEqual([]);
  });

  test('language and country default to Italian and Italy', async () => {
    const { language: _l, birth_date: _b, ...rest } = body({ username: 'defaulted', email: 'defaulted@example.com' });
    const { status, json } = await t.call('POST', '/api/users/pp', { body: rest });
    expect(status).toBe(201);
    expect(json.data.user).toMatchObject({ language: 'it', country: 'Italy', birth_date: null });
  });

  test.each([
    ['en-US,en;q=0.9', 'en'],
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['de-DE', 'it'],
  ])('without a language, the account takes the request language (%s: %s)', async (acceptLanguage, language) => {
    const { language: _l, ...rest } = body({ username: `req_${language}_${acceptLanguage.length}` });
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: { ...rest, email: `req_${language}_${acceptLanguage.length}@example.com` },
      headers: { 'accept-language': acceptLanguage },
    });
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json.data.user.language).toBe(language);
    const [row] = await usersWithEmail(`req_${language}_${acceptLanguage.length}@example.com`);
    expect(row.language).toBe(language);
  });

  test('a language in the body wins over the request language', async () => {
    const { status, json } = await t.call('POST', '/api/users/pp', {
      body: body({ username: 'bodylang', email: 'bodylang@example.com', language: 'it' }),
      headers: { 'accept-language': 'en' },
    });
    expect(status).toBe(201);
    expect(json.data.user.language).toBe('it');
  });

  test('20 concurrent signups with one e-mail create exactly one account; the rest are 409, never 5xx', async () => {
    const email = 'race@example.com';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/users/pp', { body: body({ username: `racer_${i}`, email }) }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.error.code).toBe('EMAIL_TAKEN');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  test('20 concurrent signups with one username create exactly one account; the rest are USERNAME_TAKEN', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/users/pp', { body: body({ username: 'same_name', email: `same_${i}@example.com` }) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.error.code === 'USERNAME_TAKEN')).toHaveLength(19);
    expect(
      await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'same_name').execute(),
    ).toHaveLength(1);
  });
});
