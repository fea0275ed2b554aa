import { afterAll, beforeAll, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, resetLinkOf, type ParsedMail } from '../helpers/mail.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A real SMTP server on a random loopback port: what arrives is what a mail provider would get.
interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}
const received: Received[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          mail: parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ rateLimits: false, smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// it goes to the account, in its language
test('with SMTP_URL the reset mail is delivered over SMTP, not written to the outbox', async () => {
  const a = await t.signup({ email: 'smtp.user@example.com', language: 'en' });
  const { status } = await t.call('POST', '/api/users/sendReset', { body: { email: 'SMTP.User@example.com' } });
  expect(status).toBe(200);
  await t.mailDrained();

  expect(received).toHaveLength(1);
  const [message] = received;
  expect(message.to).toEqual(['smtp.user@example.com']);
  expect(message.from).toBe('no-reply@arena.test');
  expect(message.mail.to).toBe('smtp.user@example.com');
  expect(message.mail.subject).toBe('Reset your password');
  const { link, token } = resetLinkOf(message.mail);
  expect(link).toBe(`http://arena.test/en/resetPassword?token=${token}`);
  expect(await t.outbox()).toEqual([]);

  // the delivered token is the working one
  expect((await t.call('POST', '/api/users/reset', { body: { token, password: 'delivered-by-smtp' } })).status).toBe(
    200,
  );
  expect(await t.login(a.email, 'delivered-by-smtp')).toEqual(expect.any(String));
});

test('an unknown address sends nothing over SMTP', async () => {
  const before = received.length;
  expect((await t.call('POST', '/api/users/sendReset', { body: { email: 'ghost@example.com' } })).status).toBe(200);
  await t.mailDrained();
  expect(received).toHaveLength(before);
});
