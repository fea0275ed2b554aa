import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { METRICS_TOKEN_FAILURES } from '../../../src/platform/http/metrics.ts';
import { promtoolCheck } from '../helpers/promtool.ts';

/**
 * `npm run start:cluster` with METRICS_PORT: the primary answers a scrape with the sum of its
 * workers' counters and each worker's gauges (src/platform/http/metrics.ts, serveClusterMetrics),
 * while each worker's own /metrics on the shared port shows its share. On SQLite the cluster runs with
 * CLUSTER_ALLOW_SQLITE, as an experiment would: the sum does not depend on the engine.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const token = 'cluster-metrics-token-0123456789';
let t: TestApp;
let s: ServerProcess;
let metricsPort: number;
// while this file exists, a worker that starts waits before loading the server (../helpers/hold-start.ts)
let holdStart: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  metricsPort = await anyFreePort();
  holdStart = path.join(t.config.dataDir, 'hold-start');
  s = await startServer({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    port: await anyFreePort(),
    entry: path.resolve(import.meta.dirname, '../../../src/app/cluster.ts'),
    env: {
      CLUSTER_WORKERS: '2',
      METRICS_TOKEN: token,
      METRICS_PORT: String(metricsPort),
      NODE_OPTIONS: `--import ${path.resolve(import.meta.dirname, '../helpers/hold-start.ts')}`,
      HOLD_START_WHILE: holdStart,
      ...(engine === 'sqlite' ? { CLUSTER_ALLOW_SQLITE: 'true' } : {}),
    },
  });
});
afterAll(async () => {
  // SIGTERM to the primary, which stops its workers
  await s?.stop();
  await t?.close();
});

const withToken = { headers: { authorization: `Bearer ${token}` } };
const scrapeCluster = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`, withToken);
const scrapeText = async () => (await scrapeCluster()).text();
/** Resolves once the primary's METRICS_PORT accepts connections (it listens shortly after the workers are forked). */
const metricsPortAnswers = () => {
  const status = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null))?.status;
  return expect.poll(status, { timeout: 30_000 }).toBe(401);
};
/** New connections each time: node:cluster hands them to the workers in turn. */
async function getNews(times: number) {
  const closing = { headers: { connection: 'close' } };
  for (let i = 0; i < times; i++) expect((await fetch(`${s.url}/api/news`, closing)).status).toBe(200);
}
/** The pids of the workers the primary lists, and whether each is in the scrape. */
const workersIn = (text: string) => {
  const listed = [...text.matchAll(/^arena_cluster_worker_up\{worker="(\d+)"\} ([01])$/gm)];
  return new Map(listed.map((m) => [Number(m[1]), m[2] === '1']));
};
/** The sample lines of one metric. */
const linesOf = (text: string, name: string) => text.split('\n').filter((l) => new RegExp(`^${name}[{ ]`).test(l));

const requestsTotal = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('arena_http_requests_total{method="GET",route="/api/news",status_class="2xx"}'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

test("the primary's METRICS_PORT sums every worker's counts; a worker's /metrics shows only its share", async () => {
  // the second worker starts once the first (which migrated) listens
  await expect.poll(() => s.output().match(/Arena is running/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
  await metricsPortAnswers();
  const scrapeSum = async (authorization?: string) =>
    fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: authorization ? { authorization } : {} });
  expect((await scrapeSum()).status).toBe(401);
  expect((await scrapeSum('Bearer wrong')).status).toBe(401);

  // new connections each time: node:cluster hands them to the workers in turn
  for (let i = 0; i < 20; i++)
    expect((await fetch(`${s.url}/api/news`, { headers: { connection: 'close' } })).status).toBe(200);
  const res = await scrapeSum(`Bearer ${token}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const sum = await res.text();
  expect(requestsTotal(sum)).toBe(20);
  // a gauge is per worker, labelled with its pid
  expect(sum.match(/^arena_db_pool_max\{engine="(sqlite|postgres)",worker="\d+"\} (1|10)$/gm)).toHaveLength(2);

  const worker = await (
    await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } })
  ).text();
  const share = requestsTotal(worker);
  expect(share).toBeGreaterThan(0);
  expect(share).toBeLessThan(20);
});

test('gauges (start time, build, readiness, dependencies) carry the worker pid; promtool passes', async () => {
  const reporting = async () => [...workersIn(await scrapeText()).values()].filter(Boolean).length;
  await expect.poll(reporting, { timeout: 30_000 }).toBe(2);
  const sum = await scrapeText();
  const pids = [...workersIn(sum).keys()];
  expect(pids).toHaveLength(2);
  expect(sum).toMatch(/^arena_cluster_workers 2$/m);
  expect(sum).toMatch(/^arena_cluster_workers_reporting 2$/m);
  for (const pid of pids) {
    const worker = `worker="${pid}"`;
    const mine = (name: string) => linesOf(sum, name).filter((line) => line.includes(worker));
    expect(mine('process_start_time_seconds'), `${pid}`).toHaveLength(1);
    expect(Number(mine('process_start_time_seconds')[0].split(' ').pop())).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(mine('arena_build_info')[0]).toMatch(/^arena_build_info\{version="[^"]+",commit="[^"]+",worker="\d+"\} 1$/);
    expect(mine('arena_ready')[0]).toMatch(/ 1$/);
    expect(mine('arena_dependency_up').find((line) => line.includes('dependency="database"'))).toMatch(/ 1$/);
  }
  // a counter is one series for the cluster, with no worker label
  expect(linesOf(sum, 'arena_http_requests_total').some((line) => line.includes('worker='))).toBe(false);

  const worker = await (await fetch(`${s.url}/metrics`, withToken)).text();
  for (const [what, text] of [
    ['primary', sum],
    ['worker', worker],
  ]) {
    const check = promtoolCheck(text);
    expect(check.output, what).toBe('');
    expect(check.status, what).toBe(0);
  }
});

test('a worker killed and replaced: every scrape answers 200 and the summed counter never goes back', async () => {
  const before = await (await scrapeCluster()).text();
  const old = [...workersIn(before).keys()];
  expect(old).toHaveLength(2);
  await getNews(20);
  const counted = requestsTotal(await scrapeText());
  expect(counted).toBeGreaterThanOrEqual(40);

  // the replacement is held before it loads the server until a scrape has listed it as starting
  fs.writeFileSync(holdStart, '');
  process.kill(old[0], 'SIGKILL');
  // scrape until the replacement has started and answers; on the way it is listed but not yet in the scrape
  const seen: { status: number; total: number; starting: boolean }[] = [];
  for (;;) {
    const res = await scrapeCluster();
    const text = await res.text();
    const workers = workersIn(text);
    const fresh = [...workers].filter(([pid]) => !old.includes(pid));
    seen.push({ status: res.status, total: requestsTotal(text), starting: fresh.some(([, up]) => !up) });
    if (seen.at(-1)!.starting) fs.rmSync(holdStart, { force: true });
    if (fresh.length === 1 && fresh[0][1] && !workers.has(old[0])) break;
  }
  expect(seen.filter((scrape) => scrape.status !== 200)).toEqual([]);
  // the replacement was scraped while it started, and those scrapes were 200 as well
  expect(seen.some((scrape) => scrape.starting)).toBe(true);
  for (const scrape of seen) expect(scrape.total).toBeGreaterThanOrEqual(counted);

  await getNews(10);
  expect(requestsTotal(await scrapeText())).toBe(counted + 10);
});

test("the primary's METRICS_PORT limits wrong tokens per client: then even the right one waits", async () => {
  await metricsPortAnswers();
  const scrape = (authorization: string) =>
    fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization } });
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
