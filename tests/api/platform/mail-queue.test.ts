import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { deadSmtpUrl, resetLinkOf } from '../helpers/mail.ts';
import { buildApp } from '../../../src/app/app.ts';
import { openDatabase } from '../../../src/platform/db/database.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import * as MailOutboxRepository from '../../../src/platform/mail/outbox-repository.ts';

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

// it is written by one process whose mail server is down
test('a message survives a restart: sent by the next process on the same database', async () => {
  const first = await createTestApp({ rateLimits: false, smtpUrl: await deadSmtpUrl(), mailPollMs: 60_000 });
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
      const reset = await second.inject({
        method: 'POST',
        url: '/api/users/reset',
        payload: { token, password: 'after-the-restart' },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await second.close();
      await db.close();
    }
  } finally {
    await first.close();
  }
});

// a taken message is not due again until its lease ends
test('a page of queued messages is taken once: two processes claiming it at once split it', async () => {
  // queued with a transaction (so the worker is not woken), as a reminder tick does; this
  // process's own worker would look again only in ten minutes
  const q = await createTestApp({ rateLimits: false, mailPollMs: 600_000 });
  try {
    const mails = Array.from({ length: 30 }, (_, i) => ({
      to: `claim-${i}@example.com`,
      subject: `s${i}`,
      text: 'hello',
    }));
    await q.db.kysely.transaction().execute((trx) => q.app.mailQueue.send(mails, trx));
    const queued = await q.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', 'like', 'claim-%')
      .execute();
    expect(queued).toHaveLength(30);
    const ids = queued.map((r) => r.id);
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const owner = q.config.ownerId;
    const claim = () => MailOutboxRepository.claim(q.db.kysely, owner, ids, now, lease);
    const [a, b] = await Promise.all([claim(), claim()]);
    const taken = [...a, ...b].map((m) => m.id).sort();
    expect(taken).toEqual([...ids].sort());
    expect(new Set(taken).size).toBe(30);
    expect(await MailOutboxRepository.claim(q.db.kysely, owner, ids, new Date(), lease)).toEqual([]);
    const due = await MailOutboxRepository.due(q.db.kysely, owner, new Date(), 100);
    expect(due.filter((r) => ids.includes(r.id))).toEqual([]);
    await MailOutboxRepository.markSent(q.db.kysely, taken);
    expect(
      new Set(
        (await q.db.kysely.selectFrom('mail_outbox').select('status').where('id', 'in', ids).execute()).map(
          (r) => r.status,
        ),
      ),
    ).toEqual(new Set(['sent']));
  } finally {
    await q.close();
  }
});

// it waits while more than 32 are being answered
test('mail gives way to a burst of requests and goes once they are done', async () => {
  // the requests this app has begun answering, counted by a hook that runs after the queue's own
  let arrived = 0;
  const extend = (app: FastifyInstance) => app.addHook('onRequest', async () => void arrived++);
  const q = await createTestApp({ rateLimits: false, mailPollMs: 600_000 }, { extend });
  const sockets: net.Socket[] = [];
  try {
    await q.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = q.app.server.address() as net.AddressInfo;
    // 40 requests whose bodies never finish arriving: each is being answered until its socket goes
    for (let i = 0; i < 40; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        'POST /api/users/sendReset HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ' +
          '100\r\n\r\n{',
      );
      sockets.push(socket);
    }
    // all 40 are being answered (the queue's hook saw each before this one did)
    await expect.poll(() => arrived, { timeout: 10_000 }).toBe(40);
    const counts = q.app.mailQueue.counts;
    const sentBefore = counts.sent;
    // the clock stands still from here (its timers still run): the worker's bound of a few seconds per
    // page cannot run out however slow a loaded machine is, so the message goes only because the burst ended
    vi.useFakeTimers({ toFake: ['Date'] });
    await q.app.mailQueue.send({ to: 'burst@example.com', subject: 'during a burst', text: 'hello' });
    const status = async () =>
      (
        await q.db.kysely
          .selectFrom('mail_outbox')
          .select('status')
          .where('recipient', '=', 'burst@example.com')
          .executeTakeFirstOrThrow()
      ).status;
    // the worker has the message and has looked at the burst several times, pausing each time,
    // without handing the message to the mailer
    await expect.poll(() => counts.deferred, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(counts.sent).toBe(sentBefore);
    expect(await status()).toBe('pending');
    for (const s of sockets) s.destroy();
    await expect.poll(status, { timeout: 10_000 }).toBe('sent');
  } finally {
    vi.useRealTimers();
    for (const s of sockets) s.destroy();
    await q.close();
  }
});
