import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { resetLinkOf } from '../helpers/mail.ts';
import { buildApp } from '../../../src/platform/http/app.ts';
import { openDatabase } from '../../../src/platform/db/database.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';

// Transactional mail goes through the mail_outbox table and a worker (src/platform/mail/mail-queue.ts).
// The reset answer's time for a known and an unknown address is measured by tests/bench/reset-timing.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t?.close());

const rows = () => t.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();

test('a reset request writes the mail to the queue; the worker sends it and keeps no copy of the link', async () => {
  const a = await t.signup({ language: 'en' });
  expect((await t.call('POST', '/api/users/sendReset', { body: { email: a.email } })).status).toBe(200);
  // written by the after-response work (the answer did not wait for it), whether or not the
  // worker has sent it yet
  await t.app.afterResponse.idle();
  const queued = await rows();
  expect(queued.map((r) => r.recipient)).toEqual([a.email]);
  const mails = await t.outbox();
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Reset your password');
  const { token } = resetLinkOf(mails[0]);
  const [row] = await rows();
  expect(row).toMatchObject({ status: 'sent', attempts: 0, body_text: '' });
  expect(row.sent_at).toEqual(expect.any(String));
  expect(JSON.stringify(await rows())).not.toContain(token);
});

/** A loopback port nobody listens on: every SMTP delivery fails there. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test('a message survives a restart: written by one process whose mail server is down, sent by the next one on the same database', async () => {
  const first = await createTestApp({ rateLimits: false, smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, mailPollMs: 60_000 });
  try {
    const a = await first.signup({ language: 'it' });
    expect((await first.call('POST', '/api/users/sendReset', { body: { email: a.email } })).status).toBe(200);
    // the first process tried, failed, and scheduled a retry with backoff
    await first.mailDrained();
    const failed = await first.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ recipient: a.email, status: 'pending', attempts: 1 });
    expect(failed.last_error).toEqual(expect.any(String));
    expect(Date.parse(failed.next_attempt_at)).toBeGreaterThan(Date.now() - 100);
    // the process stops before the retry
    await first.app.close();

    // a new process on the same database, now with a working mail setup (the outbox folder)
    const db = await openDatabase(first.config.databaseUrl);
    const outboxDir = path.join(first.config.dataDir, 'outbox');
    const second = await buildApp({
      config: { ...first.config, smtpUrl: undefined, mailPollMs: 50 },
      db,
      mailer: createMailer({ outboxDir, from: 'no-reply@arena.test', log: () => {} }),
    });
    try {
      await second.ready();
      await second.mailQueue.idle({ all: true });
      const sent = await db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
      const [mail] = await first.outbox();
      expect(mail.to).toBe(a.email);
      expect(mail.subject).toBe('Reimposta la tua password');
      const { token } = resetLinkOf(mail);
      // the link sent after the restart is the working one
      const reset = await second.inject({ method: 'POST', url: '/api/users/reset', payload: { token, password: 'after-the-restart' } });
      expect(reset.statusCode).toBe(200);
    } finally {
      await second.close();
      await db.close();
    }
  } finally {
    await first.close();
  }
});
