import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../../src/platform/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/expect-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const me = (token?: string, headers?: Record<string, string>) => t.call('GET', '/api/users/me', { token, headers });

describe('GET /api/users/me', () => {
  test('with a valid token returns the whole account of its owner', async () => {
    const a = await t.signupAndLogin({ language: 'en' });
    const { status, json } = await me(a.token);
    expect(status).toBe(200);
    expect(json).toEqual({
      status: 'SUCCESS',
      data: expect.objectContaining({ id: a.user.id, email: a.email, language: 'en', roles: [] }),
    });
  });

  test('without a token is 401 UNAUTHORIZED', async () => {
    expectError(await me(), 401, 'UNAUTHORIZED');
  });

  test.each([
    ['a short garbage token', { authorization: 'Bearer garbage' }],
    ['a well-formed token nobody was given', { authorization: `Bearer ${randomBytes(32).toString('base64url')}` }],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer with nothing after it', { authorization: 'Bearer ' }],
    ['an oversized token', { authorization: `Bearer ${'x'.repeat(10_000)}` }],
  ])('with %s is 401 UNAUTHORIZED', async (_name, headers) => {
    expectError(await me(undefined, headers), 401, 'UNAUTHORIZED');
  });

  test('with an expired token is 401 TOKEN_EXPIRED', async () => {
    const a = await t.signupAndLogin();
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashToken(a.token))
      .execute();
    expectError(await me(a.token), 401, 'TOKEN_EXPIRED');
  });
});

describe('a burst of requests (one session lookup and one touch for all of them on PostgreSQL)', () => {
  // stale sessions are touched, fresh ones are not
  test('each request gets its own session: valid, expired, revoked, unknown', async () => {
    const setSession = (token: string, values: { expires_at?: string; revoked_at?: string; last_used_at?: string }) =>
      t.db.kysely.updateTable('sessions').set(values).where('token_hash', '=', hashToken(token)).execute();
    const lastUse = async (token: string) =>
      (
        await t.db.kysely
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_used_at!;
    const valid = await Promise.all(Array.from({ length: 6 }, () => t.signupAndLogin()));
    const [expired, revoked] = await Promise.all([t.signupAndLogin(), t.signupAndLogin()]);
    await setSession(expired.token, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    await setSession(revoked.token, { revoked_at: new Date().toISOString() });
    // half the valid sessions were last used an hour ago: their first request records the use
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const a of valid.slice(0, 3)) await setSession(a.token, { last_used_at: hourAgo });
    const freshUse = await Promise.all(valid.slice(3).map((a) => lastUse(a.token)));

    const unknown = randomBytes(32).toString('base64url');
    const answers = await Promise.all([
      ...valid.map((a) => me(a.token)),
      me(expired.token),
      me(revoked.token),
      me(unknown),
      me(valid[0].token),
    ]);
    for (const [i, a] of [...valid, valid[0]].entries()) {
      const r = answers[i < valid.length ? i : answers.length - 1];
      expect(r.status).toBe(200);
      expect(r.json.data.id).toBe(a.user.id);
    }
    expectError(answers[valid.length], 401, 'TOKEN_EXPIRED');
    expectError(answers[valid.length + 1], 401, 'UNAUTHORIZED');
    expectError(answers[valid.length + 2], 401, 'UNAUTHORIZED');
    for (const a of valid.slice(0, 3)) expect(Date.now() - Date.parse(await lastUse(a.token))).toBeLessThan(60_000);
    expect(await Promise.all(valid.slice(3).map((a) => lastUse(a.token)))).toEqual(freshUse);
  });
});

describe('POST /api/users/logout', () => {
  test('revokes this token only: it then gets 401, another session of the same account keeps working', async () => {
    const a = await t.signupAndLogin();
    const other = await t.login(a.email, a.password);
    const { status, json } = await t.call('POST', '/api/users/logout', { token: a.token });
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'SUCCESS', data: { message: 'LOGGED_OUT' } });

    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(a.token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expectError(await me(a.token), 401, 'UNAUTHORIZED');
    expect((await me(other)).status).toBe(200);
  });

  test('a revoked token cannot log out again', async () => {
    const a = await t.signupAndLogin();
    expect((await t.call('POST', '/api/users/logout', { token: a.token })).status).toBe(200);
    expectError(await t.call('POST', '/api/users/logout', { token: a.token }), 401, 'UNAUTHORIZED');
  });

  test('without a token is 401 UNAUTHORIZED', async () => {
    expectError(await t.call('POST', '/api/users/logout'), 401, 'UNAUTHORIZED');
  });

  test('with an expired token is 401 TOKEN_EXPIRED', async () => {
    const a = await t.signupAndLogin();
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('token_hash', '=', hashToken(a.token))
      .execute();
    expectError(await t.call('POST', '/api/users/logout', { token: a.token }), 401, 'TOKEN_EXPIRED');
  });
});

describe('a session ended from another device', () => {
  // the browser ends its stored session on any 401 (api-client.ts): each call a page makes with it must say 401
  test('after log out everywhere, the other device gets 401 on its profile and its wallet', async () => {
    const laptop = await t.signupAndLogin();
    const phone = await t.login(laptop.email, laptop.password);
    expect((await t.call('GET', '/api/marketplace/wallets/me', { token: phone })).status).toBe(200);
    expect((await t.call('POST', '/api/users/logoutAll', { token: laptop.token })).status).toBe(200);
    expectError(await me(phone), 401, 'UNAUTHORIZED');
    expectError(await t.call('GET', '/api/marketplace/wallets/me', { token: phone }), 401, 'UNAUTHORIZED');
    expectError(
      await t.call('PUT', `/api/users/pp/${laptop.user.id}`, { token: phone, body: { nickname: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
  });
});
