import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount } from '../../../src/features/accounts/ui/signup-call.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// An advertising spike: 200 visitors press "sign up" at once on a server with one hash slot and a
// short line. The server sheds what it cannot hash in time (503 with Retry-After); the browser's
// own sign-up code (signup-call.ts, imported here as the page imports it) waits and tries again,
// so every visitor ends with an account and none sees "busy".
const VISITORS = 200;
let t: TestApp;
let server: ServerProcess;

beforeAll(async () => {
  t = await createTestApp();
  server = await startServer({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    port: await anyFreePort(),
    // one hash at a time and a line of 10 at most: most of the crowd is refused at first
    env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '10', PASSWORD_HASH_WAIT_MS: '3000' },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

// the 503s on the way are ridden out
test(`${VISITORS} simultaneous sign-ups through the browser's client all end 201`, async () => {
  let absorbed = 0;
  const visitors = Array.from({ length: VISITORS }, (_, i) =>
    createAccount(
      {
        username: `burst_${i}`,
        email: `burst-${i}@example.com`,
        password: 'correct-horse-battery',
        nickname: `Burst ${i}`,
        gender: 'female',
        birth_date: '2000-05-17',
        language: 'it',
        country: 'Italy',
      },
      // a loaded test machine hashes slowly: the budget is the test's, not the page's 30 s
      { base: `${server.url}/api`, retry: { budgetMs: 150_000, maxAttempts: 1000, onRetry: () => absorbed++ } },
    ),
  );
  const outcomes = await Promise.all(visitors);
  const failed = outcomes.filter((o) => !o.created.ok).map((o) => o.created);
  expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
  const users = await t.db.kysely.selectFrom('users').select('username').where('username', 'like', 'burst_%').execute();
  expect(users).toHaveLength(VISITORS);
  // the line of 10 could not hold the crowd: the client did absorb refusals
  expect(absorbed).toBeGreaterThan(0);
}, 180_000);
