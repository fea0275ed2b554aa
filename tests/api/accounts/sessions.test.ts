import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../../src/platform/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const me = (token?: string, headers?: Record<string, string>) => t.call('GET', '/api/users/me', { token, headers });
const expectError = (r: { status: number; json: any }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ status: 'ERROR', error: { code, message: expect.any(String) } });
};

describe('GET /api/users/me', () => {
  test('with a valid token returns the whole account of its owner', async () => {
    const a = await t.signupAndLogin({ language: 'en' });
    const { status, json } = await me(a.token);
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'SUCCESS', data: expect.objectContaining({ id: a.user.id, email: a.email, language: 'en', roles: [] }) });
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

describe('POST /api/users/logout', () => {
  test('revokes this token only: it then gets 401, another session of the same account keeps working', async () => {
    const a = await t.signupAndLogin();
    const other = await t.login(a.email, a.password);
    const { status, json } = await t.call('POST', '/api/users/logout', { token: a.token });
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'SUCCESS', data: { message: 'LOGGED_OUT' } });

    const row = await t.db.kysely.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(a.token)).executeTakeFirstOrThrow();
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
    await t.db.kysely.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('token_hash', '=', hashToken(a.token)).execute();
    expectError(await t.call('POST', '/api/users/logout', { token: a.token }), 401, 'TOKEN_EXPIRED');
  });
});
