import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Work a request leaves for after its answer (src/platform/http/after-response.ts): the password reset's
// lookup, link and queued mail.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('failing work is contained: no unhandled rejection, idle still resolves, and later work runs', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    t.app.afterResponse.run('failing on purpose', async () => {
      await t.db.kysely.selectFrom('users').select('id').execute();
      throw new Error('failing on purpose');
    });
    await t.app.afterResponse.idle();
    let ran = false;
    t.app.afterResponse.run('after the failure', async () => {
      await t.db.kysely.selectFrom('users').select('id').execute();
      ran = true;
    });
    await t.app.afterResponse.idle();
    await pause(20);
    expect(ran).toBe(true);
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('closing the app waits for work still running, before the database is closed', async () => {
  const other = await createTestApp({ rateLimits: false });
  let users: number | null = null;
  other.app.afterResponse.run('slow work', async () => {
    await pause(300);
    users = (await other.db.kysely.selectFrom('users').select('id').execute()).length;
  });
  // app.close, then the database: the work must have finished its query in between
  await other.close();
  expect(users).toBe(0);
});

test('a reset answered just before shutdown still commits its link and queued mail', async () => {
  const other = await createTestApp({ rateLimits: false, mailPollMs: 60_000 });
  const a = await other.signup();
  expect((await other.call('POST', '/api/users/sendReset', { body: { email: a.email } })).status).toBe(200);
  await other.app.close();
  try {
    const links = await other.db.kysely.selectFrom('password_resets').select('user_id').execute();
    expect(links.map((l) => l.user_id)).toEqual([a.user.id]);
    const queued = await other.db.kysely.selectFrom('mail_outbox').select('recipient').execute();
    expect(queued.map((m) => m.recipient)).toEqual([a.email]);
  } finally {
    await other.close();
  }
});
