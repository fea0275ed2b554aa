/**
 * The first answer of each on-demand page on a fresh process: a real server (`main.ts`) on the
 * built site and a copy of one demo database, one process per page, so no page rides on the
 * modules another page loaded. For each: when the process first answered liveness, when it became
 * ready (`/api/health` 200), the slowest liveness answer between the two, the page's first answer,
 * and the slowest liveness answer while that page was on its way. Liveness is asked every 10 ms
 * from the spawn on, so a liveness probe stuck behind a long synchronous import shows here. The
 * micro-cache is off (RESPONSE_CACHE_MS=0): the first answer is a render, never the warm-up's copy.
 * Measured, not asserted:
 *
 *   bash scripts/run.sh site && bash scripts/run.sh node tests/bench/cold-start.ts
 *
 * ARENA_ROOT=<another checkout, built> runs that checkout's server and site instead (the "before"
 * of a change); COLD_START_ROUNDS (default 1) repeats every page on a new process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anyFreePort, httpCall, startServer } from '../api/helpers/server-process.ts';

const root = path.resolve(process.env.ARENA_ROOT ?? path.join(import.meta.dirname, '../..'));
const entry = path.join(root, 'src/app/main.ts');
const distDir = path.join(root, 'dist');
const rounds = Math.max(1, Number(process.env.COLD_START_ROUNDS) || 1);
if (!fs.existsSync(path.join(distDir, 'server', 'entry.mjs'))) {
  throw new Error(`${distDir} has no server build: run \`bash scripts/run.sh site\` there first`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-cold-'));
const seeded = path.join(work, 'seeded');
fs.mkdirSync(seeded);

// one demo database, seeded once; every measured process starts on its own copy of it
const seedEnv = { SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
const seedPort = await anyFreePort();
const seeder = await startServer({ databaseUrl: '', dataDir: seeded, port: seedPort, distDir, entry, env: seedEnv });
const tournaments = await httpCall(seeder.url, 'GET', '/api/tournaments?limit=1');
const news = await httpCall(seeder.url, 'GET', '/api/news?limit=1');
await seeder.stop();
const tournament = encodeURIComponent(tournaments.json?.data?.[0]?.id ?? 'none');
const article = encodeURIComponent(news.json?.data?.[0]?.id ?? 'none');

const pages = [
  '/cortina',
  '/en/cortina',
  '/cortina/standings/1',
  '/news',
  `/news/${article}`,
  `/tournament/${tournament}`,
  `/en/tournament/${tournament}`,
  `/tournament/${tournament}/standings`,
  `/tournament/${tournament}/bracket`,
  `/tournament/${tournament}/iframe`,
];

interface Sample {
  page: string;
  listening: number;
  ready: number;
  liveDuringStart: number;
  status: number;
  first: number;
  liveDuringPage: number;
}

/** Asks liveness one request after another until stopped; keeps the slowest answer per window. */
function livenessProbe(url: string) {
  let slowest = 0;
  let firstAnswer = -1;
  let running = true;
  const started = performance.now();
  const done = (async () => {
    while (running) {
      const t = performance.now();
      const ok = await fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(60_000) }).then(
        (r) => r.ok,
        () => false,
      );
      const took = performance.now() - t;
      if (ok) {
        if (firstAnswer < 0) firstAnswer = performance.now() - started;
        slowest = Math.max(slowest, took);
      } else if (firstAnswer < 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    firstAnswer: () => firstAnswer,
    /** the slowest answer since the last call */
    window: () => {
      const s = slowest;
      slowest = 0;
      return s;
    },
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function measure(page: string, n: number): Promise<Sample> {
  const dataDir = path.join(work, `run-${n}`);
  fs.cpSync(seeded, dataDir, { recursive: true });
  const port = await anyFreePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DIST_DIR: distDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RESPONSE_CACHE_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const live = livenessProbe(url);
  try {
    let ready = 0;
    for (const deadline = Date.now() + 120_000; ;) {
      if (child.exitCode !== null) throw new Error(`the server ended:\n${errors}`);
      if (Date.now() > deadline) throw new Error(`not ready within 120 s:\n${errors}`);
      const status = await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) {
        ready = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const liveDuringStart = live.window();
    const t = performance.now();
    const res = await fetch(url + page);
    await res.arrayBuffer();
    const first = performance.now() - t;
    const liveDuringPage = live.window();
    return { page, listening: live.firstAnswer(), ready, liveDuringStart, status: res.status, first, liveDuringPage };
  } finally {
    await live.stop();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(null)));
  }
}

const samples: Sample[] = [];
let n = 0;
for (let round = 0; round < rounds; round++) for (const page of pages) samples.push(await measure(page, n++));
fs.rmSync(work, { recursive: true, force: true });

const ms = (v: number) => `${Math.round(v)}`;
const tree = root === path.resolve(import.meta.dirname, '../..') ? 'this tree' : root;
console.log(`\n### Cold start: first answer of each on-demand page on a fresh process (${tree})\n`);
const columns = ['status', 'listening ms', 'ready ms', 'slowest liveness before ready ms', 'first answer ms'];
columns.push('slowest liveness during it ms');
console.log(`| page | ${columns.join(' | ')} |`);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const label = (page: string) => page.replace(tournament, '{id}').replace(article, '{article}');
for (const s of samples) {
  const cells = [s.status, ms(s.listening), ms(s.ready), ms(s.liveDuringStart), ms(s.first), ms(s.liveDuringPage)];
  console.log(`| ${label(s.page)} | ${cells.join(' | ')} |`);
}
const worst = samples.reduce((a, b) => (b.first > a.first ? b : a));
const slowestLive = Math.max(...samples.map((s) => Math.max(s.liveDuringStart, s.liveDuringPage)));
console.log(`\nslowest first answer: ${ms(worst.first)} ms (${label(worst.page)})`);
console.log(`slowest liveness at any time: ${ms(slowestLive)} ms`);
