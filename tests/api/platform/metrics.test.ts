import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { promtoolCheck } from '../helpers/promtool.ts';

/**
 * GET /metrics (src/platform/http/metrics.ts): off without METRICS_TOKEN, behind the bearer token
 * with it, and counting what it claims to count. The app serves a small build written here: two
 * static pages and an on-demand page from a stand-in for Astro's server entry, so the site's labels
 * and the page cache are measured too. Mail goes to a real SMTP server on loopback, closed halfway.
 */
const token = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${token}` };

let distDir: string;
let smtp: SMTPServer;
let delivered = 0;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-dist-'));
  await fs.mkdir(path.join(distDir, 'client'), { recursive: true });
  await fs.mkdir(path.join(distDir, 'server'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'client', 'index.html'), '<!doctype html><title>home</title>');
  await fs.writeFile(path.join(distDir, 'client', 'competitions.html'), '<!doctype html><title>competitions</title>');
  await fs.writeFile(path.join(distDir, 'client', '404.html'), '<!doctype html><title>not found</title>');
  // Astro's middleware handler, as site.ts calls it: /live is a public on-demand page, the rest is next()
  await fs.writeFile(
    path.join(distDir, 'server', 'entry.mjs'),
    `export const handler = (req, res, next) => {
      if (req.url.split('?')[0] !== '/live') return next();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=10' });
      res.end('<!doctype html><title>live</title>');
    };`,
  );
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => (delivered++, callback()));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  [t, off] = await Promise.all([
    // mail goes out when woken (after each request), never on the poll, so no background query meets the pool readings
    createTestApp({
      metricsToken: token,
      distDir,
      responseCacheMs: 60_000,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailPollMs: 3_600_000,
      signupRateLimit: 1,
      loginFailuresPerAddress: 1,
    }),
    createTestApp({ distDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fs.rm(distDir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample, its labels given in any order (a subset that names one series); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}
const value = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) ?? 0;

describe('access', () => {
  test('without METRICS_TOKEN there is no /metrics: 404, with or without a token', async () => {
    expect((await off.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await off.inject({ method: 'GET', url: '/metrics', headers: auth })).statusCode).toBe(404);
  });

  test('a missing, wrong or differently sized token is 401, never cached', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, 'Bearer wrong', `Basic ${token}`, token]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('arena_');
    }
  });

  test('with the token: the Prometheus text format, not cacheable, and not in the OpenAPI document', async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    // every line is a comment or `name{labels} value`
    for (const line of res.body.trim().split('\n').filter(Boolean))
      expect(line).toMatch(
        /^(# (HELP|TYPE) \w+ .+|[a-zA-Z_:][\w:]*(\{.*\})? -?[\d.e+-]+|[a-zA-Z_:][\w:]*(\{.*\})? (NaN|[+-]Inf))$/,
      );
    expect(res.body).toContain('# TYPE arena_http_request_duration_seconds histogram');
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

test('a request counts under its route pattern, method and status class, in counter and histogram', async () => {
  const route = { method: 'GET', route: '/api/tournaments/:id' };
  const before = await scrape();
  for (let i = 0; i < 3; i++)
    expect((await t.call('GET', `/api/tournaments/00000000-0000-4000-8000-00000000000${i}`)).status).toBe(404);
  expect((await t.call('GET', '/api/tournaments')).status).toBe(200);
  const after = await scrape();
  expect(
    value(after, 'arena_http_requests_total', { ...route, status_class: '4xx' }) -
      value(before, 'arena_http_requests_total', { ...route, status_class: '4xx' }),
  ).toBe(3);
  expect(
    value(after, 'arena_http_request_duration_seconds_count', { ...route, status_class: '4xx' }) -
      value(before, 'arena_http_request_duration_seconds_count', { ...route, status_class: '4xx' }),
  ).toBe(3);
  expect(
    value(after, 'arena_http_request_duration_seconds_bucket', { ...route, status_class: '4xx', le: '+Inf' }),
  ).toBe(value(after, 'arena_http_request_duration_seconds_count', { ...route, status_class: '4xx' }));
  expect(value(after, 'arena_http_request_duration_seconds_sum', { ...route, status_class: '4xx' })).toBeGreaterThan(0);
  expect(
    value(after, 'arena_http_requests_total', { method: 'GET', route: '/api/tournaments', status_class: '2xx' }),
  ).toBeGreaterThanOrEqual(1);
  // the raw address never becomes a label
  expect(after).not.toContain('00000000-0000-4000-8000');
});

test('static pages, on-demand pages and unknown addresses each count under one label', async () => {
  const before = await scrape();
  // '/live?utm=1' is the kept copy of '/live', answered before any route handler runs
  const urls = [
    '/',
    '/competitions',
    '/live',
    '/live?utm=1',
    '/no/such/page/1',
    '/no/such/page/2',
    '/api/no-such-route',
    '/wp-login.php',
  ];
  const statuses = [];
  for (const url of urls) statuses.push((await t.inject({ method: 'GET', url })).statusCode);
  expect(statuses).toEqual([200, 200, 200, 200, 404, 404, 404, 404]);
  const after = await scrape();
  const delta = (labels: Record<string, string>) =>
    value(after, 'arena_http_requests_total', labels) - value(before, 'arena_http_requests_total', labels);
  expect(delta({ method: 'GET', route: 'static', status_class: '2xx' })).toBe(2);
  expect(delta({ method: 'GET', route: 'page', status_class: '2xx' })).toBe(2);
  expect(delta({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(4);
  expect(after).not.toContain('/no/such/page');
  expect(after).not.toContain('wp-login');
});

test('built files answered at the socket, ahead of Fastify, count as static too', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const before = await scrape();
  // the first answer goes through the hook and hands its headers to the socket path; the rest are answered there
  for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/competitions`)).status).toBe(200);
  const etag = (await fetch(`http://127.0.0.1:${port}/`)).headers.get('etag')!;
  expect((await fetch(`http://127.0.0.1:${port}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  const after = await scrape();
  const delta = (labels: Record<string, string>) =>
    value(after, 'arena_http_requests_total', labels) - value(before, 'arena_http_requests_total', labels);
  expect(delta({ method: 'GET', route: 'static', status_class: '2xx' })).toBe(6);
  expect(delta({ method: 'GET', route: 'static', status_class: '3xx' })).toBe(1);
});

test('the micro-cache counts a miss, then hits, per cache (API answers and on-demand pages)', async () => {
  const before = await scrape();
  for (let i = 0; i < 3; i++) expect((await t.call('GET', '/api/news?limit=7')).status).toBe(200);
  for (let i = 0; i < 3; i++) expect((await t.inject({ method: 'GET', url: '/live?page=7' })).statusCode).toBe(200);
  // neither a failed build nor a page that is not kept (an unknown address) is a miss
  expect((await t.call('GET', '/api/news/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await t.inject({ method: 'GET', url: '/no/such/page/3' })).statusCode).toBe(404);
  const after = await scrape();
  for (const cache of ['api', 'page']) {
    expect(
      value(after, 'arena_cache_misses_total', { cache }) - value(before, 'arena_cache_misses_total', { cache }),
      cache,
    ).toBe(1);
    expect(
      value(after, 'arena_cache_hits_total', { cache }) - value(before, 'arena_cache_hits_total', { cache }),
      cache,
    ).toBe(2);
  }
});

test('rate-limit rejections count by limiter: a route limit by its pattern, a failure limit by its name', async () => {
  const signup = (n: number) =>
    t.call('POST', '/api/users/pp', {
      remoteAddress: '10.1.1.1',
      body: {
        username: `limited_${n}`,
        email: `limited_${n}@example.com`,
        password: 'correct-horse-battery',
        nickname: `Limited ${n}`,
        gender: 'female',
        birth_date: '2000-05-17',
        language: 'it',
      },
    });
  expect((await signup(1)).status).toBe(201);
  expect((await signup(2)).status).toBe(429);
  const login = () =>
    t.call('POST', '/api/users/authenticate', {
      remoteAddress: '10.2.2.2',
      body: { email: 'nobody@example.com', password: 'wrong-password-here' },
    });
  expect((await login()).status).toBe(401);
  expect((await login()).status).toBe(429);
  const text = await scrape();
  expect(value(text, 'arena_rate_limit_rejections_total', { limiter: '/api/users/pp' })).toBe(1);
  expect(value(text, 'arena_rate_limit_rejections_total', { limiter: 'login-failures' })).toBe(1);
});

test('mails handed to the SMTP server count as sent; with the server gone, the attempt counts as failed', async () => {
  const { user, email } = await (async () => {
    const body = {
      username: 'mail_metrics',
      email: 'mail.metrics@example.com',
      password: 'correct-horse-battery',
      nickname: 'Mail metrics',
      gender: 'female',
      birth_date: '2000-05-17',
      language: 'en',
    };
    const res = await t.call('POST', '/api/users/pp', { remoteAddress: '10.3.3.3', body });
    expect(res.status).toBe(201);
    return { user: res.json.data.user, email: body.email };
  })();
  expect(user.id).toBeTruthy();
  await t.mailDrained();
  const before = await scrape();
  const deliveredBefore = delivered;
  expect((await t.call('POST', '/api/users/sendReset', { body: { email } })).status).toBe(200);
  await t.mailDrained();
  expect(delivered).toBe(deliveredBefore + 1);
  const middle = await scrape();
  expect(value(middle, 'arena_mail_sent_total') - value(before, 'arena_mail_sent_total')).toBe(1);
  expect(value(middle, 'arena_mail_failed_total')).toBe(value(before, 'arena_mail_failed_total'));

  // a closed loopback port: the next delivery is refused
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  expect((await t.call('POST', '/api/users/sendReset', { body: { email } })).status).toBe(200);
  await t.mailDrained();
  const after = await scrape();
  expect(value(after, 'arena_mail_failed_total') - value(middle, 'arena_mail_failed_total')).toBe(1);
  expect(value(after, 'arena_mail_sent_total')).toBe(value(middle, 'arena_mail_sent_total'));
});

test('the database pool reports its connections in use and the queue waiting for one', async () => {
  const idle = await scrape();
  const engine = { engine: t.engine };
  const max = value(idle, 'arena_db_pool_max', engine);
  expect(max).toBe(t.engine === 'postgres' ? 10 : 1);
  expect(sample(idle, 'arena_db_pool_waiting', engine)).toBe(0);
  // every connection held by a transaction that waits, and one more query queued behind them
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  const holders = Array.from({ length: max }, () =>
    t.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').limit(1).execute();
      started++;
      await gate;
    }),
  );
  while (started < max) await new Promise((resolve) => setTimeout(resolve, 5));
  const queued = t.db.kysely.selectFrom('users').select('id').limit(1).execute();
  const busy = await scrape();
  release();
  await Promise.all([...holders, queued]);
  // the busy scrape's own database check (arena_dependency_up) gave up waiting but still queued for a connection
  await expect.poll(() => t.db.pool().total - t.db.pool().idle + t.db.pool().waiting).toBe(0);
  expect(value(busy, 'arena_dependency_up', { dependency: 'database' })).toBe(0);
  expect(value(busy, 'arena_ready')).toBe(0);
  expect(value(busy, 'arena_db_pool_in_use', engine)).toBe(max);
  expect(value(busy, 'arena_db_pool_idle', engine)).toBe(0);
  expect(value(busy, 'arena_db_pool_waiting', engine)).toBeGreaterThanOrEqual(1);
  expect(value(busy, 'arena_db_pool_connections', engine)).toBe(max);
  const after = await scrape();
  expect(value(after, 'arena_db_pool_in_use', engine)).toBe(0);
  expect(value(after, 'arena_db_pool_waiting', engine)).toBe(0);
  expect(value(after, 'arena_dependency_up', { dependency: 'database' })).toBe(1);
  expect(value(after, 'arena_ready')).toBe(1);
});

test('event-loop lag, the work queues and the default process metrics are there', async () => {
  const text = await scrape();
  for (const name of [
    'nodejs_eventloop_lag_seconds',
    'nodejs_eventloop_lag_p99_seconds',
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
  ])
    expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
  expect(sample(text, 'arena_work_running', { gate: 'password' })).toBe(0);
  expect(sample(text, 'arena_work_waiting', { gate: 'image' })).toBe(0);
});

test('the build, the readiness and each configured dependency are gauges; the start time is there', async () => {
  const text = await scrape();
  const pkg = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
  const version = pkg.version.replace(/\./g, '\\.');
  const commit = '([0-9a-f]{7,40}|unknown)';
  expect(text).toMatch(new RegExp(`^arena_build_info\\{version="${version}",commit="${commit}"\\} 1$`, 'm'));
  expect(sample(text, 'process_start_time_seconds')).toBeGreaterThan(Date.now() / 1000 - 3600);
  expect(sample(text, 'arena_ready')).toBe(1);
  expect(sample(text, 'arena_dependency_up', { dependency: 'database' })).toBe(1);
  // on PostgreSQL the cache channel is LISTEN/NOTIFY; SQLite without Redis has none, so no series
  if (t.engine === 'postgres') expect(sample(text, 'arena_dependency_up', { dependency: 'cache_channel' })).toBe(1);
  else expect(sample(text, 'arena_dependency_up', { dependency: 'cache_channel' })).toBeUndefined();
  expect(sample(text, 'arena_dependency_up', { dependency: 'redis' })).toBeUndefined();
});

test("a scrape passes `promtool check metrics`: no gauge carries the counters' _total suffix", async () => {
  const text = await scrape();
  const check = promtoolCheck(text);
  expect(check.output).toBe('');
  expect(check.status).toBe(0);
  expect(text).not.toMatch(/^# TYPE \w+_total gauge$/m);
  // the per-type gauges those totals summed are still there
  expect(text).toContain('# TYPE nodejs_active_handles gauge');
});
