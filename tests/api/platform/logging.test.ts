import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { loggerOptions, REDACTED } from '../../../src/platform/http/logging.ts';
import { loadConfig } from '../../../src/platform/http/config.ts';

/**
 * The server log (src/platform/http/logging.ts): JSON lines with a request id; a line for every 5xx, every
 * 429 and every failed login; no secret in any line. The lines are captured from the logger's
 * destination stream.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
const linesOf = (reqId: string) => parsed().filter((l) => l.reqId === reqId);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { loginRateLimit: 2 },
    {
      logger: loggerOptions({ logLevel: 'info', logPretty: false }, sink),
      // a route that fails the way a bug would, only in this test's app
      extend: (app) => app.get('/api/test-only/boom', async () => Promise.reject(new Error('the database went away'))),
    },
  );
});
afterAll(() => t?.close());

test('the default level is info; LOG_LEVEL changes it and LOG_PRETTY picks pino-pretty', () => {
  expect(loadConfig({}).logLevel).toBe('info');
  expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
  expect(loadConfig({ LOG_LEVEL: 'nonsense' }).logLevel).toBe('info');
  expect(loadConfig({}).logPretty).toBe(false);
  expect(loggerOptions({ logLevel: 'debug', logPretty: true })).toMatchObject({
    level: 'debug',
    transport: { target: 'pino-pretty' },
  });
});

test('a 500 leaves an error line with the stack and a request-completed line, both with the request id', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/test-only/boom' });
  expect(res.statusCode).toBe(500);
  const reqId = String(res.headers['x-request-id']);
  expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
  const mine = linesOf(reqId);
  const failure = mine.find((l) => l.msg === 'unhandled error');
  expect(failure, JSON.stringify(mine)).toBeDefined();
  expect(failure!.level).toBe(50);
  expect(failure!.err.message).toBe('the database went away');
  expect(failure!.err.stack).toContain('logging.test.ts');
  const done = mine.find((l) => l.msg === 'request completed');
  expect(done).toMatchObject({
    level: 50,
    res: { statusCode: 500 },
    req: { method: 'GET', url: '/api/test-only/boom' },
  });
  expect(typeof done!.responseTime).toBe('number');
});

test('an inbound X-Request-Id is kept and returned; a malformed one is replaced', async () => {
  const res = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
  expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
  expect(linesOf('lb-7f3a.42').some((l) => l.msg === 'request completed' && l.res.statusCode === res.statusCode)).toBe(
    true,
  );
  const forged = await t.inject({
    method: 'GET',
    url: '/api/health',
    headers: { 'x-request-id': 'x\n{"level":60}' + 'y'.repeat(200) },
  });
  expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('a failed login leaves a warn line with the e-mail masked and no password', async () => {
  const { email } = await t.signup();
  const password = 'Wrong-Pa55word-Sentinel';
  const res = await t.call('POST', '/api/users/authenticate', { body: { email, password } });
  expect(res.status).toBe(401);
  const mine = linesOf(String(res.res.headers['x-request-id']));
  const failed = mine.find((l) => l.msg === 'login failed');
  expect(failed, JSON.stringify(mine)).toBeDefined();
  expect(failed!.level).toBe(40);
  expect(failed!.email).toBe(`${email[0]}***@example.com`);
  expect(failed!.remoteAddress).toBe('127.0.0.1');
  const text = lines.join('\n');
  expect(text).not.toContain(email);
  expect(text).not.toContain(password);
});

test('a 429 leaves a warn line', async () => {
  const { email } = await t.signup();
  let res;
  for (let i = 0; i < 4; i++)
    res = await t.call('POST', '/api/users/authenticate', { body: { email, password: 'not-the-password-1' } });
  expect(res!.status).toBe(429);
  const done = linesOf(String(res!.res.headers['x-request-id'])).find((l) => l.msg === 'request completed');
  expect(done).toMatchObject({ level: 40, res: { statusCode: 429 } });
});

test('authorization and cookie headers, tokens in URLs and passwords in logged objects are redacted', async () => {
  const account = await t.signupAndLogin();
  const res = await t.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${account.token}`, cookie: 'session=cookie-secret-value' },
  });
  expect(res.statusCode).toBe(200);
  const done = linesOf(String(res.headers['x-request-id'])).find((l) => l.msg === 'request completed');
  expect(done!.req.headers).toMatchObject({ authorization: REDACTED, cookie: REDACTED });
  const reset = await t.inject({ method: 'GET', url: '/api/health?token=reset-token-sentinel&x=1' });
  const resetLine = linesOf(String(reset.headers['x-request-id'])).find((l) => l.msg === 'request completed');
  expect(resetLine!.req.url).toBe(`/api/health?token=${REDACTED}&x=1`);
  t.app.log.info(
    {
      body: { email: 'a@b.c', password: 'object-password-sentinel', resetLink: 'https://x/reset?token=link-sentinel' },
    },
    'a logged object',
  );
  const logged = parsed().find((l) => l.msg === 'a logged object');
  expect(logged!.body).toEqual({ email: 'a@b.c', password: REDACTED, resetLink: REDACTED });
  const text = lines.join('\n');
  for (const secret of [
    account.token,
    'cookie-secret-value',
    'reset-token-sentinel',
    'object-password-sentinel',
    'link-sentinel',
    account.password,
  ])
    expect(text).not.toContain(secret);
});

test("the original client's sendReset form, with the e-mail in the query, leaves the address in no line", async () => {
  const a = await t.signup();
  const res = await t.inject({ method: 'POST', url: `/api/users/sendReset?email=${encodeURIComponent(a.email)}` });
  expect(res.statusCode).toBe(200);
  const mine = linesOf(String(res.headers['x-request-id']));
  expect(mine.find((l) => l.msg === 'request completed')?.req.url).toBe(`/api/users/sendReset?email=${REDACTED}`);
  const local = a.email.split('@')[0];
  for (const line of mine) expect(JSON.stringify(line)).not.toContain(local);
});
