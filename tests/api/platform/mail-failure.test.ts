import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { deadSmtpUrl } from '../helpers/mail.ts';

// A port nobody listens on: every SMTP delivery fails.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false, smtpUrl: await deadSmtpUrl() });
});
afterAll(async () => t?.close());

test('a reset request answers the same for a known and an unknown address even when mail delivery fails', async () => {
  const a = await t.signup();
  const known = await t.call('POST', '/api/users/sendReset', { body: { email: a.email } });
  const unknown = await t.call('POST', '/api/users/sendReset', { body: { email: 'nobody-here@example.com' } });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(known.json).toEqual(unknown.json);
  // the link was still created (after the answer), so a retry after the mail server recovers works as usual
  await t.mailDrained();
  const links = await t.db.kysely
    .selectFrom('password_resets')
    .select('user_id')
    .where('user_id', '=', a.user.id)
    .execute();
  expect(links).toHaveLength(1);
});
