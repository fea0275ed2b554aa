import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { anyFreePort } from '../helpers/server-process.ts';
import { loggerOptions } from '../../../src/platform/http/logging.ts';

/**
 * Redis gone or frozen: the login limit keeps counting (in the database or memory), every request
 * stays fast, and the store returns to Redis once it answers. Timings are printed for the report.
 */
const wrongLogin = async (t: TestApp, email: string) => {
  const started = performance.now();
  const answer = await t.call('POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } });
  return { ...answer, ms: performance.now() - started };
};

/** Tries until the limit answers; returns the answers in order. */
async function exhaustLimit(t: TestApp, email: string) {
  const answers = [];
  for (let i = 0; i <= t.config.loginRateLimit; i++) answers.push(await wrongLogin(t, email));
  return answers;
}

function expectLimitHeld(answers: { status: number; json: any }[], limit: number) {
  expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(401));
  expect(answers[limit].status).toBe(429);
  expect(answers[limit].json.error.code).toBe('RATE_LIMITED');
}

// Redis keeps its counts between runs and the keys are named by the brand, so each run takes a brand
// (OWNER_ID) of its own; the per-address failure limit (30 by default) is raised because this file is
// about the per-e-mail login limit, and its three rounds of failures all come from one address.
// The command timeout is raised from its 50 ms default: on a machine busy with the rest of the
// suite a live Redis can take longer than that to answer, the store then rightly fails over in the
// middle of the "up" round and its window counts in two places (documented: up to twice the quota),
// which is not what this file is about. Measured: 2 failures in 3 runs alongside the browser tests.
const limits = {
  rateLimits: true,
  ownerId: `redis-failover-${randomUUID()}`,
  loginFailuresPerAddress: 1000,
  redisCommandTimeoutMs: 250,
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = (label: string, answers: { ms: number }[]) =>
  console.log(
    `[redis ${label}] median ${median(answers.map((a) => a.ms)).toFixed(1)} ms, ` +
      `slowest ${Math.max(...answers.map((a) => a.ms)).toFixed(1)} ms per login`,
  );

/** The server's log lines, captured from the logger's destination. */
function logSink() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const about = (text: string) => lines.filter((l) => typeof l.msg === 'string' && l.msg.includes(text));
  return { logger: loggerOptions({ logLevel: 'info', logPretty: false }, stream), about };
}

describe('Redis that stops answering (a proxy that blackholes)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  const log = logSink();
  beforeAll(async () => {
    const target = new URL(process.env.TEST_REDIS_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    t = await createTestApp({ ...limits, redisUrl: proxy.url(process.env.TEST_REDIS_URL!) }, { logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  // each try is answered fast
  test('the login limit still answers 429 after LOGIN_RATE_LIMIT tries, and Redis is used again after', async () => {
    const baseline = await exhaustLimit(t, `before-${randomUUID()}@example.com`);
    expectLimitHeld(baseline, t.config.loginRateLimit);
    report('up', baseline);

    proxy.blackhole();
    const during = await exhaustLimit(t, `during-${randomUUID()}@example.com`);
    expectLimitHeld(during, t.config.loginRateLimit);
    report('blackholed', during);
    // the outage is logged once, not once per request
    expect(log.about('Redis failed')).toHaveLength(1);
    expect(log.about('Redis failed')[0].level).toBe(40);
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json.data.redis).toBe('down');

    proxy.recover();
    // the store asks Redis again a second after its last failure; ioredis reconnects meanwhile
    let redisBack = false;
    for (let i = 0; i < 50 && !redisBack; i++) {
      await new Promise((r) => setTimeout(r, 100));
      redisBack = (await t.call('GET', '/api/health')).json.data.redis === 'up';
    }
    expect(redisBack).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    await wrongLogin(t, `probe-${randomUUID()}@example.com`);
    expect(log.about('Redis answers again')).toHaveLength(1);
    expect(log.about('Redis failed')).toHaveLength(1);
    // counted in Redis again: another process sharing it sees the same count
    const email = `after-${randomUUID()}@example.com`;
    const other = await createTestApp({ ...limits, redisUrl: process.env.TEST_REDIS_URL! });
    try {
      const after = [];
      for (let i = 0; i < t.config.loginRateLimit; i++) after.push(await wrongLogin(i % 2 ? t : other, email));
      after.push(await wrongLogin(t, email));
      expectLimitHeld(after, t.config.loginRateLimit);
    } finally {
      await other.close();
    }
  });
});

describe('Redis on a dead port', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a port that was just free and has no listener: connections are refused
    t = await createTestApp({ ...limits, redisUrl: `redis://127.0.0.1:${await anyFreePort()}` });
  });
  afterAll(() => t?.close());

  test('the login limit counts in memory and answers 429 after LOGIN_RATE_LIMIT tries', async () => {
    const answers = await exhaustLimit(t, `dead-${randomUUID()}@example.com`);
    expectLimitHeld(answers, t.config.loginRateLimit);
    report('dead port', answers);
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    // still ready: the limits fell back to memory (the cache channel, on Redis too, is down with it)
    expect(health.json.data).toMatchObject({ database: 'sqlite', redis: 'down', cacheChannel: 'down' });
  });
});
