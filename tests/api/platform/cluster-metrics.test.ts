import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { METRICS_TOKEN_FAILURES } from '../../../src/platform/http/metrics.ts';

/**
 * `npm run start:cluster` with METRICS_PORT: the primary answers a scrape with the sum of its
 * workers' metrics (src/platform/http/metrics.ts, serveClusterMetrics), while each worker's own
 * /metrics on the shared port shows its share. On SQLite the cluster runs with
 * CLUSTER_ALLOW_SQLITE, as an experiment would: the sum does not depend on the engine.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const token = 'cluster-metrics-token-0123456789';
let t: TestApp;
let s: ServerProcess;
let metricsPort: number;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  metricsPort = await anyFreePort();
  s = await startServer({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    port: await anyFreePort(),
    entry: path.resolve(import.meta.dirname, '../../../src/platform/http/cluster.ts'),
    env: { CLUSTER_WORKERS: '2', METRICS_TOKEN: token, METRICS_PORT: String(metricsPort), ...(engine === 'sqlite' ? { CLUSTER_ALLOW_SQLITE: 'true' } : {}) },
  });
});
afterAll(async () => {
  // SIGTERM to the primary, which stops its workers
  await s?.stop();
  await t?.close();
});

const requestsTotal = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('arena_http_requests_total{method="GET",route="/api/news",status_class="2xx"}'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

test("the primary's METRICS_PORT sums every worker's counts; a worker's own /metrics shows only its share", async () => {
  // the second worker starts once the first (which migrated) listens
  await expect.poll(() => s.output().match(/Arena is running/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
  await expect.poll(() => s.output(), { timeout: 10_000 }).toMatch(/Arena cluster metrics/);
  const scrapeSum = async (authorization?: string) => fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: authorization ? { authorization } : {} });
  expect((await scrapeSum()).status).toBe(401);
  expect((await scrapeSum('Bearer wrong')).status).toBe(401);

  // new connections each time: node:cluster hands them to the workers in turn
  for (let i = 0; i < 20; i++) expect((await fetch(`${s.url}/api/news`, { headers: { connection: 'close' } })).status).toBe(200);
  const res = await scrapeSum(`Bearer ${token}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const sum = await res.text();
  expect(requestsTotal(sum)).toBe(20);
  expect(sum).toMatch(/^arena_db_pool_max\{engine="(sqlite|postgres)"\} (2|20)$/m);

  const worker = await (await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } })).text();
  const share = requestsTotal(worker);
  expect(share).toBeGreaterThan(0);
  expect(share).toBeLessThan(20);
});

test("the primary's METRICS_PORT limits wrong tokens per client: then even the right one waits", async () => {
  await expect.poll(() => s.output(), { timeout: 30_000 }).toMatch(/Arena cluster metrics/);
  const scrape = (authorization: string) => fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization } });
  // the first test may already have spent one wrong token from this address
  let refused = 0;
  while ((await scrape('Bearer wrong')).status === 401) refused++;
  expect(refused).toBeGreaterThanOrEqual(METRICS_TOKEN_FAILURES - 1);
  expect(refused).toBeLessThanOrEqual(METRICS_TOKEN_FAILURES);
  const limited = await scrape(`Bearer ${token}`);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await limited.json()).error.code).toBe('RATE_LIMITED');
});
