/**
 * How long a renamed news article keeps showing its old title on another API process: two real
 * server processes (`src/app/main.ts`) on one fresh PostgreSQL
 * database, an admin renames the article through A, and B is read every 5 ms until it answers the
 * new title, through the API (`GET /api/news/:id`) and, when a built site is there, the article's
 * page (`/news/:id`). Measured, not asserted; prints the median and the longest over TRIALS
 * renames, spaced at random so the rename falls anywhere in the micro-cache's lifetime:
 *
 *   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test bash scripts/run.sh node tests/bench/cache-freshness.ts
 *
 * ARENA_ROOT=<another checkout> runs that checkout's server instead (the "before" of a change);
 * REDIS_URL=redis://… gives both processes Redis (the pub/sub channel instead of LISTEN/NOTIFY).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { anyFreePort, httpCall, startServer } from '../api/helpers/server-process.ts';

const TRIALS = 20;
const admin = process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('cache-freshness needs TEST_DATABASE_URL (two processes need PostgreSQL)');
const root = path.resolve(process.env.ARENA_ROOT ?? path.join(import.meta.dirname, '../..'));
const distDir = path.join(path.resolve(import.meta.dirname, '../..'), 'dist');
const hasSite = fs.existsSync(path.join(distDir, 'client'));

const run = async (statement: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const name = `arena_freshness_${Date.now().toString(36)}`;
await run(`CREATE DATABASE "${name}"`);
const url = new URL(admin);
url.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-freshness-'));
const env = {
  RATE_LIMITS: 'false',
  ADMIN_EMAIL: 'admin@freshness.test',
  ADMIN_PASSWORD: 'freshness-admin-2026',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, CACHE_CHANNEL: `freshness:${name}` } : {}),
};
const entry = path.join(root, 'src/app/main.ts');
const start = async () =>
  startServer({ databaseUrl: url.toString(), dataDir, port: await anyFreePort(), distDir, entry, env });
const a = await start();
const b = await start();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const login = await httpCall(a.url, 'POST', '/api/users/authenticate', {
    body: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
  });
  const token = login.json.data.token as string;
  const created = await httpCall(a.url, 'POST', '/api/news', {
    token,
    body: { title: { it: 'Titolo 0', en: 'Title 0' }, published: true },
  });
  const id = created.json.data.id as string;

  const readers = {
    api: async () =>
      ((await (await fetch(`${b.url}/api/news/${id}`)).json()) as { data: { title: { it: string } } }).data.title.it,
    ...(hasSite
      ? {
          page: async () =>
            /<title>([^<]*)<\/title>/.exec(await (await fetch(`${b.url}/news/${id}`)).text())?.[1] ?? '',
        }
      : {}),
  };
  const headers = async (target: string) => {
    const res = await fetch(`${b.url}${target}`);
    await res.arrayBuffer();
    return (
      `${res.headers.get('cache-control')}` +
      `${res.headers.get('cdn-cache-control') ? ` + CDN-Cache-Control: ${res.headers.get('cdn-cache-control')}` : ''}`
    );
  };

  // per rename: when the first read that showed the new title started, after A's answer, and how many reads it took
  const stale: Record<string, { ms: number; reads: number }[]> = Object.fromEntries(
    Object.keys(readers).map((k) => [k, []]),
  );
  const saves: number[] = [];
  for (let i = 1; i <= TRIALS; i++) {
    // B keeps being read, as visitors would, so its cache always holds a copy
    for (const read of Object.values(readers)) await read();
    await sleep(200 + Math.random() * 1000);
    const title = `Titolo ${i}`;
    const started = performance.now();
    const saved = await httpCall(a.url, 'PUT', `/api/news/${id}`, {
      token,
      body: { title: { it: title, en: `Title ${i}` } },
    });
    const answered = performance.now();
    if (saved.status !== 200) throw new Error(`rename answered ${saved.status}`);
    saves.push(answered - started);
    await Promise.all(
      Object.entries(readers).map(async ([kind, read]) => {
        for (let reads = 1; ; reads++) {
          const at = performance.now();
          if ((await read()).includes(title)) {
            stale[kind].push({ ms: at - answered, reads });
            break;
          }
          if (at - answered > 60_000) throw new Error(`${kind}: old title after a minute`);
          await sleep(5);
        }
      }),
    );
  }
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
  console.log(
    `${root} (${process.env.REDIS_URL ? 'Redis' : 'PostgreSQL'}, ${TRIALS} renames, RESPONSE_CACHE_MS default)`,
  );
  console.log(
    `  rename through A answered in: median ${median(saves).toFixed(0)} ms, ` +
      `longest ${Math.max(...saves).toFixed(0)} ms`,
  );
  for (const [kind, samples] of Object.entries(stale)) {
    const target = kind === 'api' ? `/api/news/${id}` : `/news/${id}`;
    const values = samples.map((s) => s.ms);
    console.log(
      `  B still shows the old title (${target}) after A answered: ` +
        `median ${median(values).toFixed(0)} ms, longest ${Math.max(...values).toFixed(0)} ms`,
    );
    console.log(
      `    B's first read after the answer already fresh in ${samples.filter((s) => s.reads === 1).length} ` +
        `of ${samples.length}; Cache-Control: ${await headers(target)}`,
    );
  }
} finally {
  await a.stop();
  await b.stop();
  await sleep(200);
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
