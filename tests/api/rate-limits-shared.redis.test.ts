import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Two API processes behind one load balancer, each with its own app, sharing one Redis.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL!;
  a = await createTestApp({ rateLimits: true, redisUrl });
  b = await createTestApp({ rateLimits: true, redisUrl });
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
