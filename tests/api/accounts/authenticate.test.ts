import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../../src/platform/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let account: Awaited<ReturnType<TestApp['signup']>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  account = await t.signup({ email: 'login.me@example.com', password: 'the-right-password' });
});
afterAll(() => t?.close());

const sessionCount = async () => (await t.db.kysely.selectFrom('sessions').select('token_hash').execute()).length;

describe('POST /api/users/authenticate', () => {
  test('right credentials in a JSON body give the user and a token whose hash is stored', async () => {
    const before = await sessionCount();
    const { status, json } = await t.call('POST', '/api/users/authenticate', {
      body: { email: 'login.me@example.com', password: 'the-right-password' },
    });
    expect(status).toBe(200);
    expect(json.status).toBe('SUCCESS');
    expect(json.data.user).toMatchObject({ id: account.user.id, email: 'login.me@example.com' });
    expect(json.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await sessionCount()).toBe(before + 1);
    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(json.data.token))
      .executeTakeFirst();
    expect(row).toMatchObject({ user_id: account.user.id, revoked_at: null });
    // only the hash is kept
    expect(
      await t.db.kysely.selectFrom('sessions').select('token_hash').where('token_hash', '=', json.data.token).execute(),
    ).toHaveLength(0);
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + (t.config.tokenTtlHours - 1) * 3600_000);
  });

  test('each login is a new session with a different token', async () => {
    const a = await t.login('login.me@example.com', 'the-right-password');
    const b = await t.login('Login.Me@Example.com', 'the-right-password');
    expect(a).not.toBe(b);
  });

  test.each([
    ['a wrong password', { email: 'login.me@example.com', password: 'the-wrong-password' }],
    ['an unknown e-mail', { email: 'nobody@example.com', password: 'the-right-password' }],
    ['the right password of another account', { email: 'nobody@example.com', password: 'the-right-password' }],
  ])('%s is 401 INVALID_CREDENTIALS and opens no session', async (_name, credentials) => {
    const before = await sessionCount();
    const { status, json } = await t.call('POST', '/api/users/authenticate', { body: credentials });
    expect(status).toBe(401);
    expect(json).toEqual({ status: 'ERROR', error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } });
    expect(await sessionCount()).toBe(before);
  });

  test('credentials in the query string are not accepted', async () => {
    const { status, json } = await t.call(
      'POST',
      '/api/users/authenticate?email=login.me@example.com&password=the-right-password',
    );
    expect(status).toBe(400);
    expect(json.error.code).toBe('VALIDATION_ERROR');
  });
});
