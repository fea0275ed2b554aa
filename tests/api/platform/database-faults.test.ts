import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/**
 * The database slow, frozen or locked by someone else: every request answers within seconds,
 * 503 SERVICE_UNAVAILABLE with Retry-After, the readiness probe within 1 s, and the app recovers
 * by itself. The timeouts are set to about 1 s here; the printed timings are for the report.
 */
const faultLimits = {
  dbConnectTimeoutMs: 1000,
  dbStatementTimeoutMs: 1000,
  dbIdleInTransactionTimeoutMs: 2000,
  dbBusyTimeoutMs: 1000,
};

async function timed<T>(run: () => Promise<T>): Promise<T & { ms: number }> {
  const started = performance.now();
  const result = await run();
  return { ...result, ms: Math.round(performance.now() - started) };
}

function expectUnavailable(answer: { status: number; json: any; res: { headers: Record<string, unknown> } }) {
  expect(answer.status).toBe(503);
  expect(answer.json).toMatchObject({
    status: 'ERROR',
    error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
  });
  expect(Number(answer.res.headers['retry-after'])).toBeGreaterThan(0);
}

/** The longest gap between ticks of a 5 ms interval: how long the event loop was held at once. */
function stallMeter() {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - 5);
    last = now;
  }, 5);
  return () => (clearInterval(timer), Math.round(max));
}

/** Calls until the answer is 200 (at most `tries` times, 100 ms apart); returns the time it took. */
async function untilOk(call: () => Promise<{ status: number }>, tries = 100): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  let status = 0;
  for (let i = 0; i < tries && status !== 200; i++) {
    status = (await call()).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  return { status, ms: Math.round(performance.now() - started) };
}

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test('liveness answers without asking any dependency', async () => {
    const { status, json } = await t.call('GET', '/api/health/live');
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'SUCCESS', data: { live: true } });
  });

  test('readiness keeps its contract while the database answers', async () => {
    const { status, json } = await t.call('GET', '/api/health');
    expect(status).toBe(200);
    expect(json).toEqual({
      status: 'SUCCESS',
      data: {
        database: engine,
        cacheChannel: expect.any(String),
        version: expect.any(String),
        commit: expect.any(String),
      },
    });
  });
});

if (engine === 'postgres')
  describe('PostgreSQL that accepts connections but never answers', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    beforeAll(async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      t = await createTestApp(faultLimits, { appDatabaseUrl: (url) => proxy.url(url) });
    });
    afterAll(async () => {
      proxy?.recover();
      await t?.close();
      await proxy?.close();
    });

    // health answers within 1 s
    test('every request answers 503 with Retry-After within seconds, and the app recovers', async () => {
      const { token, user } = await t.signupAndLogin();
      proxy.blackhole();
      // more requests than the pool has connections, reads and writes
      const requests = [
        ...Array.from({ length: 12 }, () => timed(() => t.call('GET', '/api/users/me', { token }))),
        timed(() => t.call('PUT', `/api/users/pp/${user.id}`, { token, body: { nickname: 'Frozen' } })),
        timed(() => t.call('GET', '/api/tournaments')),
      ];
      const health = await timed(() => t.call('GET', '/api/health'));
      const answers = await Promise.all(requests);
      for (const answer of answers) expectUnavailable(answer);
      expectUnavailable(health);
      expect(health.json.error.dependencies).toMatchObject({ database: 'down' });
      const live = await timed(() => t.call('GET', '/api/health/live'));
      expect(live.status).toBe(200);

      proxy.recover();
      const recovered = await untilOk(() => t.call('GET', '/api/users/me', { token }));
      expect(recovered.status).toBe(200);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
      console.log(
        `[pg blackhole] slowest 503 ${Math.max(...answers.map((a) => a.ms))} ms, health ${health.ms} ms, ` +
          `live ${live.ms} ms, recovery ${recovered.ms} ms`,
      );
    });
  });

if (engine === 'postgres')
  describe('PostgreSQL with a table locked by another connection', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(faultLimits);
    });
    afterAll(() => t?.close());

    // health answers within 1 s
    test('requests that need the table answer 503 within seconds, and all is well once the lock goes', async () => {
      const { token } = await t.signupAndLogin();
      const locker = new pg.Client({ connectionString: t.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table users in access exclusive mode');
        const requests = Array.from({ length: 12 }, () => timed(() => t.call('GET', '/api/users/me', { token })));
        const health = await timed(() => t.call('GET', '/api/health'));
        const answers = await Promise.all(requests);
        for (const answer of answers) expectUnavailable(answer);
        // select 1 needs no table: 200 if a connection was free, else 503 naming the database
        expect([200, 503]).toContain(health.status);
        if (health.status === 503) expect(health.json.error.dependencies).toMatchObject({ database: 'down' });
        console.log(
          `[pg lock] slowest 503 ${Math.max(...answers.map((a) => a.ms))} ms, ` +
            `health ${health.status} in ${health.ms} ms`,
        );
      } finally {
        await locker.query('rollback').catch(() => {});
        await locker.end();
      }
      const recovered = await untilOk(() => t.call('GET', '/api/users/me', { token }));
      expect(recovered.status).toBe(200);
      console.log(`[pg lock] recovery ${recovered.ms} ms`);
    });
  });

if (engine === 'sqlite')
  describe('SQLite with the write lock held by another process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(faultLimits);
    });
    afterAll(() => t?.close());

    // reads and liveness stay prompt
    test('a write answers 503 after the busy budget without freezing the event loop', async () => {
      const { token } = await t.signupAndLogin();
      const other = new SQLite(t.config.databaseUrl.replace(/^sqlite:/, ''));
      const loop = monitorEventLoopDelay({ resolution: 5 });
      try {
        other.exec('begin immediate');
        loop.enable();
        const stall = stallMeter();
        await new Promise((r) => setTimeout(r, 20));
        const write = timed(() => t.call('POST', '/api/users/logout', { token }));
        await new Promise((r) => setTimeout(r, 100));
        const live = await timed(() => t.call('GET', '/api/health/live'));
        const written = await write;
        loop.disable();
        const longestStall = stall();
        expectUnavailable(written);
        expect(live.status).toBe(200);
        // reads are not blocked by another process's write lock (WAL)
        const read = await timed(() => t.call('GET', '/api/users/me', { token }));
        expect(read.status).toBe(200);
        const health = await timed(() => t.call('GET', '/api/health'));
        expect(health.status).toBe(200);
        console.log(
          `[sqlite lock] write 503 in ${written.ms} ms, live ${live.ms} ms, read ${read.ms} ms, ` +
            `health ${health.ms} ms, longest event-loop stall ${longestStall} ms ` +
            `(monitorEventLoopDelay max ${Math.round(loop.max / 1e6)} ms)`,
        );
      } finally {
        if (other.inTransaction) other.exec('rollback');
        other.close();
      }
      // the lock is gone: the same write succeeds
      expect((await t.call('POST', '/api/users/logout', { token })).status).toBe(200);
    });
  });
