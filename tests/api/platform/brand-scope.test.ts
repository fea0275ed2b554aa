import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../src/app/app.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import * as PasswordResetRepository from '../../../src/features/accounts/server/password-reset-repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two brands (OWNER_ID) served from one database. Brand A is the test app; brand
// B is a second app on the same database (SQLite file or PostgreSQL database) with its own
// OWNER_ID. A token, an account or an admin role of one brand means nothing to the other.
let a: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  a = await createTestApp({ ownerId: 'brand-a' });
  const config = { ...a.config, ownerId: 'brand-b', brandSlug: 'brand-b' };
  b = await buildApp({
    config,
    db: a.db,
    mailer: createMailer({ outboxDir: path.join(config.dataDir, 'outbox-b'), from: 'no-reply@b.test', log: () => {} }),
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const callB = async (method: 'GET' | 'POST' | 'PUT', url: string, opts: { token?: string; body?: unknown } = {}) => {
  const res = await b.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as any } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};
const player = (tag: string) => ({
  username: `brand_${tag}`,
  email: `${tag}@example.com`,
  password: 'correct-horse-battery',
  nickname: `Brand ${tag}`,
  gender: 'female',
  birth_date: '2000-05-17',
  language: 'it',
});
const loginB = async (email: string, password: string) => {
  const r = await callB('POST', '/api/users/authenticate', { body: { email, password } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.token as string;
};

describe('two brands on one database', () => {
  test("a token minted by brand B is 401 on brand A, and A's token is 401 on B", async () => {
    expect((await callB('POST', '/api/users/pp', { body: player('bee') })).status).toBe(201);
    const tokenB = await loginB('bee@example.com', 'correct-horse-battery');
    expect((await callB('GET', '/api/users/me', { token: tokenB })).status).toBe(200);
    const onA = await a.call('GET', '/api/users/me', { token: tokenB });
    expect(onA.status).toBe(401);
    expect(onA.json.error.code).toBe('UNAUTHORIZED');

    const alice = await a.signupAndLogin();
    expect((await callB('GET', '/api/users/me', { token: alice.token })).status).toBe(401);
  });

  test("B's admin cannot read or change A's users, and B's admin token is 401 on A's admin routes", async () => {
    const alice = await a.signupAndLogin({ nickname: 'Alice A' });
    expect((await callB('POST', '/api/users/pp', { body: player('boss') })).status).toBe(201);
    const bossId = (
      await a.db.kysely
        .selectFrom('users')
        .select('id')
        .where('owner', '=', 'brand-b')
        .where('email', '=', 'boss@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    await a.db.kysely
      .updateTable('users')
      .set({ roles: JSON.stringify(['SiteAdmin']) })
      .where('id', '=', bossId)
      .execute();
    const boss = await loginB('boss@example.com', 'correct-horse-battery');

    const change = await callB('PUT', `/api/users/pp/${alice.user.id}`, {
      token: boss,
      body: { nickname: 'Owned by B' },
    });
    expect(change.status).toBe(404);
    expect((await callB('GET', `/api/users/${alice.user.id}`, { token: boss })).status).toBe(404);
    const row = await a.db.kysely
      .selectFrom('users')
      .select(['nickname', 'owner'])
      .where('id', '=', alice.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nickname: 'Alice A', owner: 'brand-a' });

    expect((await a.call('GET', '/api/marketplace/giveaways', { token: boss })).status).toBe(401);
    expect(
      (await a.call('PUT', `/api/users/pp/${alice.user.id}`, { token: boss, body: { nickname: 'Owned by B' } })).status,
    ).toBe(401);
    // B's admin still administers B
    expect((await callB('GET', '/api/marketplace/giveaways', { token: boss })).status).toBe(200);
  });

  test("A's public profile of a B account is 404, and the same e-mail is two separate accounts", async () => {
    expect((await callB('POST', '/api/users/pp', { body: player('twin') })).status).toBe(201);
    const twin = await a.signup({ email: 'twin@example.com', password: 'another-password-2' });
    const bTwin = await a.db.kysely
      .selectFrom('users')
      .select('id')
      .where('owner', '=', 'brand-b')
      .where('email', '=', 'twin@example.com')
      .executeTakeFirstOrThrow();
    expect((await a.call('GET', `/api/users/${bTwin.id}`)).status).toBe(404);
    expect(
      (
        await a.call('POST', '/api/users/authenticate', {
          body: { email: 'twin@example.com', password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await a.call('POST', '/api/users/authenticate', { body: { email: twin.email, password: twin.password } }))
        .status,
    ).toBe(200);
  });

  test('a reset link of brand B does not set a password through brand A', async () => {
    expect((await callB('POST', '/api/users/pp', { body: player('reset') })).status).toBe(201);
    const id = (
      await a.db.kysely
        .selectFrom('users')
        .select('id')
        .where('owner', '=', 'brand-b')
        .where('email', '=', 'reset@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const token = await PasswordResetRepository.create(a.db.kysely, id, 60);
    const r = await a.call('POST', '/api/users/reset', { body: { token, password: 'hijacked-password-9' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('RESET_TOKEN_INVALID');
    expect((await callB('POST', '/api/users/reset', { body: { token, password: 'chosen-password-9' } })).status).toBe(
      200,
    );
  });
});
