import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two apps: one with the default configuration (limits on), one with `rateLimits: false`.
let limited: TestApp;
let unlimited: TestApp;
beforeAll(async () => {
  [limited, unlimited] = await Promise.all([createTestApp(), createTestApp({ rateLimits: false })]);
  for (const t of [limited, unlimited]) {
    await t.signup({ email: 'target@example.com', password: 'target-password' });
    await t.signup({ email: 'bystander@example.com', password: 'bystander-password' });
  }
});
afterAll(async () => {
  await limited?.close();
  await unlimited?.close();
});

const attempt = (t: TestApp, email: string, password: string) =>
  t.call('POST', '/api/users/authenticate', { body: { email, password } });

describe('with the default configuration', () => {
  test('the 11th login for one e-mail within a minute is 429 RATE_LIMITED, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(limited, 'target@example.com', `guess-${i}`)).status).toBe(401);
    const blocked = await attempt(limited, 'target@example.com', 'target-password');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      status: 'ERROR',
      error: { code: 'RATE_LIMITED', message: expect.any(String) },
    });
    const sessions = await limited.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(sessions).toHaveLength(0);
  });

  test('the login limit counts per e-mail: another account from the same address still logs in', async () => {
    const { status, json } = await attempt(limited, 'bystander@example.com', 'bystander-password');
    expect(status).toBe(200);
    expect(json.data.token).toEqual(expect.any(String));
  });

  test('the login limit ignores the casing of the e-mail', async () => {
    expect((await attempt(limited, 'TARGET@example.com', 'target-password')).status).toBe(429);
  });

  test('the 6th reset request within 15 minutes is 429 RATE_LIMITED and sends no mail', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await limited.call('POST', '/api/users/sendReset', { body: { email: 'target@example.com' } })).status,
      ).toBe(200);
    const blocked = await limited.call('POST', '/api/users/sendReset', { body: { email: 'target@example.com' } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe('RATE_LIMITED');
    expect(await limited.outbox()).toHaveLength(5);
  });

  test('the 6th reset attempt within 15 minutes is 429 RATE_LIMITED', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await limited.call('POST', '/api/users/reset', {
            body: { token: `not-a-real-token-${i}`, password: 'brand-new-password' },
          })
        ).status,
      ).toBe(400);
    const blocked = await limited.call('POST', '/api/users/reset', {
      body: { token: 'not-a-real-token-x', password: 'brand-new-password' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe('RATE_LIMITED');
  });
});

describe('with rateLimits: false', () => {
  test('15 failed logins in a row are all 401 and the right password then works', async () => {
    for (let i = 0; i < 15; i++)
      expect((await attempt(unlimited, 'target@example.com', `guess-${i}`)).status).toBe(401);
    expect((await attempt(unlimited, 'target@example.com', 'target-password')).status).toBe(200);
  });

  test('8 reset requests in a row are all answered and all mailed', async () => {
    for (let i = 0; i < 8; i++)
      expect(
        (await unlimited.call('POST', '/api/users/sendReset', { body: { email: 'target@example.com' } })).status,
      ).toBe(200);
    expect(await unlimited.outbox()).toHaveLength(8);
  });
});
