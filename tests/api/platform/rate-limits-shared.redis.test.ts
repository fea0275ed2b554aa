import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two API processes behind one load balancer, each with its own app, sharing one Redis. Counters
// outlive a run in Redis, and the per-address ones would pile up across runs from 127.0.0.1: a
// brand (OWNER_ID, which names the keys) of its own per run keeps runs apart.
const ownerId = `redis-test-${randomUUID()}`;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL!;
  a = await createTestApp({ rateLimits: true, redisUrl, ownerId, loginFailuresPerAddress: 14 });
  b = await createTestApp({ rateLimits: true, redisUrl, ownerId, loginFailuresPerAddress: 14 });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const wrongLogin = (t: TestApp, email: string) =>
  t.call('POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } });

test('login attempts counted on one process also count on the other', async () => {
  const email = `shared-${randomUUID()}@example.com`;
  for (let i = 0; i < 10; i++) expect((await wrongLogin(i % 2 ? a : b, email)).status).toBe(401);
  const eleventh = await wrongLogin(a, email);
  expect(eleventh.status).toBe(429);
  expect(eleventh.json.error.code).toBe('RATE_LIMITED');
  expect((await wrongLogin(b, email)).status).toBe(429);
});

test('each address and e-mail keeps its own count in the shared store', async () => {
  const email = `other-${randomUUID()}@example.com`;
  expect((await wrongLogin(b, email)).status).toBe(401);
});

test('failed logins per address, across e-mails, are counted once over both processes', async () => {
  const spray = (t: TestApp, i: number) =>
    t.call('POST', '/api/users/authenticate', {
      remoteAddress: '198.51.100.77',
      body: { email: `spray-${i}-${randomUUID()}@example.com`, password: 'wrong-password-here' },
    });
  for (let i = 0; i < 14; i++) expect((await spray(i % 2 ? a : b, i)).status).toBe(401);
  const blocked = await spray(a, 14);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.res.headers['retry-after'])).toBeGreaterThan(0);
  expect((await spray(b, 15)).status).toBe(429);
});
