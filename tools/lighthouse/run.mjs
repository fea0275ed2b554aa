// `npm run lighthouse`: Lighthouse's mobile profile on the home page, the championship,
// the /cortina campaign and one tournament, against the real server (the built site in DIST_DIR,
// default dist, on a fresh demo database). Prints the four category scores per page and exits
// non-zero when performance or accessibility is below 98. Not part of `npm test`: a run takes
// about three minutes. LIGHTHOUSE_PORT picks the server's port (default: a free one); VERBOSE=1 lists
// every audit that kept a page from 100 in performance or accessibility; LIGHTHOUSE_REPORTS=<dir>
// keeps each page's full JSON report there.
//
// Lighthouse is this folder's own dependency (its package.json and lockfile), installed by `npm run lighthouse`
// on first use: it brings about 90 packages and 150 MB that neither the product nor `npm test` needs, so the
// project's own install, and with it every CI run, leaves them out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { brandSlug } from '../../src/platform/brand.ts';

const MIN_SCORE = 98;
// Lighthouse's own advice against its run-to-run variance: several runs, keep the median one
// (by FCP and TTI, lighthouse/core/lib/median-run.js). LIGHTHOUSE_RUNS=1 for a quick look.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GATED = ['performance', 'accessibility'];
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');
const distDir = path.resolve(root, process.env.DIST_DIR || 'dist');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Chromium with a DevTools port of its own choosing; resolves with that port. */
function launchChromium(profileDir) {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--remote-debugging-port=0',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = new Promise((resolve, reject) => {
    let log = '';
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${log}`)));
    child.once('error', reject);
  });
  return { child, port };
}

const stop = (child) => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
};

async function main() {
  if (!fs.existsSync(path.join(distDir, 'client'))) throw new Error(`no built site in ${distDir} (npm run build)`);
  const port = Number(process.env.LIGHTHOUSE_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-lighthouse-'));
  const server = spawn(process.execPath, ['src/app/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      SEED_DEMO: 'true',
      DIST_DIR: distDir,
      PUBLIC_ORIGIN: origin,
    },
  });
  let chromium;
  try {
    await waitFor(`${origin}/api/health`, server, 'the server');
    const list = await (await fetch(`${origin}/api/tournaments?limit=1`)).json();
    const tournament = list.data?.[0]?.id;
    if (!tournament) throw new Error('the demo has no tournament');
    const only = process.argv.slice(2); // page names, to measure a few: `node scripts/lighthouse.mjs tournament`
    const pages = [
      ['home', '/'],
      ['championship', `/${brandSlug}-bomber-championship`],
      ['campaign', '/cortina'],
      ['tournament', `/tournament/${encodeURIComponent(tournament)}`],
    ].filter(([name]) => !only.length || only.includes(name));

    const launched = launchChromium(path.join(tmp, 'chromium'));
    chromium = launched.child;
    const debugPort = await launched.port;

    const rows = [];
    let failed = false;
    for (const [name, pagePath] of pages) {
      const status = (await fetch(origin + pagePath)).status;
      if (status !== 200) {
        console.error(`${name} (${pagePath}) answers ${status}: not measured`);
        rows.push({ name, pagePath, scores: null });
        failed = true;
        continue;
      }
      // the default config is Lighthouse's mobile profile: a mid-range phone, slow 4G, 4x CPU slowdown
      const runs = [];
      for (let i = 0, retries = 0; i < RUNS; i++) {
        const result = await lighthouse(origin + pagePath, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        // a run Lighthouse could not record (NO_NAVSTART: its trace lost the navigation, "run
        // Lighthouse again") measured nothing, and leaves the median without an FCP: it runs again
        if (result.lhr.runtimeError && retries < RUNS) {
          console.error(`${name}: run ${i + 1} not recorded (${result.lhr.runtimeError.code}), run again`);
          retries++;
          i--;
          continue;
        }
        runs.push(result.lhr);
      }
      const lhr = computeMedianRun(runs);
      if (RUNS > 1)
        console.error(
          `${name}: performance ${runs.map((r) => Math.round(r.categories.performance.score * 100)).join(', ')} ` +
            `over ${RUNS} runs; the median run is reported`,
        );
      const { categories, audits } = lhr;
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
      rows.push({ name, pagePath, scores });
      for (const c of GATED) {
        const low = scores[c] < MIN_SCORE;
        if (low) failed = true;
        if (!low && !process.env.VERBOSE) continue;
        const lost = categories[c].auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
          .map((ref) => `${ref.id} (${audits[ref.id].displayValue || audits[ref.id].score})`);
        if (lost.length) console.error(`${name} ${c} ${scores[c]}: ${lost.join(', ')}`);
      }
    }

    const header = ['page', 'path', ...CATEGORIES];
    const table = rows.map((r) => [
      r.name,
      r.pagePath.length > 40 ? `${r.pagePath.slice(0, 37)}...` : r.pagePath,
      ...CATEGORIES.map((c) => (r.scores ? String(r.scores[c]) : '-')),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
    const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const row of table) console.log(line(row));
    console.log(
      failed
        ? `\nbelow ${MIN_SCORE} in performance or accessibility (or not measured)`
        : `\nevery page scores at least ${MIN_SCORE} in performance and accessibility`,
    );
    return failed ? 1 : 0;
  } finally {
    stop(chromium);
    stop(server);
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
