import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseMediaStorage } from '../../../src/platform/http/config.ts';
import { buildInfo } from '../../../src/platform/build-info.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { anyFreePort } from '../helpers/server-process.ts';

/**
 * Readiness (src/platform/http/health-routes.ts) names the code it runs and every dependency: S3
 * with MEDIA_STORAGE=s3 (a frozen store is a 503 naming it within a second, not a 200 while uploads
 * fail), and the cache channel between API processes (reported; its fallback keeps serving).
 */
let s3: LocalS3;
let proxy: TcpProxy;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  proxy = await startTcpProxy('127.0.0.1', s3.port);
  const mediaStorage = parseMediaStorage({
    MEDIA_STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_TIMEOUT_MS: '5000',
  });
  t = await createTestApp({ mediaStorage });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3?.close();
});

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

test('readiness names the version, the commit, S3 and the cache channel', async () => {
  const { status, json } = await t.call('GET', '/api/health');
  expect(status).toBe(200);
  const { version, commit } = buildInfo();
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  expect(json.data).toEqual({
    database: engine,
    s3: 'up',
    cacheChannel: engine === 'postgres' ? 'up' : 'local',
    version,
    commit,
  });
});

test('S3 frozen (connections accepted, nothing answered): readiness is 503 naming s3 within a second', async () => {
  proxy.blackhole();
  try {
    // past the kept answer of the previous check
    await new Promise((r) => setTimeout(r, 1600));
    const { value, ms } = await timed(() => t.call('GET', '/api/health'));
    expect(ms).toBeLessThan(1000);
    expect(value.status).toBe(503);
    expect(value.json.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      failed: ['s3'],
      dependencies: { database: 'up', s3: 'down' },
    });
    // the check in flight or its answer is shared: a second probe right after costs S3 nothing. A check of its
    // own would wait out the whole check timeout (CHECK_TIMEOUT_MS) on the frozen store; the bound leaves a loaded
    // machine room
    const again = await timed(() => t.call('GET', '/api/health'));
    expect(again.value.status).toBe(503);
    expect(again.ms).toBeLessThan(500);
    const live = await t.call('GET', '/api/health/live');
    expect(live.status).toBe(200);
  } finally {
    proxy.recover();
  }
  await expect
    .poll(async () => (await t.call('GET', '/api/health')).status, { timeout: 5000, interval: 300 })
    .toBe(200);
});

test('the cache channel down is named; readiness stays 200 (cached pages fall back to a short lifetime)', async () => {
  // a Redis that refuses every connection: the rate limits and the channel both report it
  const down = await createTestApp({ redisUrl: `redis://127.0.0.1:${await anyFreePort()}`, responseCacheMs: 1000 });
  try {
    const { status, json } = await down.call('GET', '/api/health');
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ database: engine, redis: 'down', cacheChannel: 'down' });
  } finally {
    await down.close();
  }
});
