/**
 * `bash scripts/run.sh node tests/bench/signup-burst.ts` (also section `burst` of `npm run bench`):
 * an advertising spike, BURST (200) visitors signing up at the same moment on one server process,
 * each through the sign-up code the browser runs (src/features/accounts/ui/signup-call.ts, given
 * the server's address). It measures, it does not assert.
 *
 * Two runs, each on a fresh SQLite database:
 *   before  the gate sized by count (8 waiting per core, no time bound) and a client that shows
 *           the first 503 as "busy": what the campaign's visitors saw
 *   after   the gate sized by time (PASSWORD_HASH_WAIT_MS) and the client riding out 503s with
 *           jittered Retry-After waits (30 s at most, as in the page)
 * Prints, per run: accounts created, visitors left with an error, the 503s the client absorbed,
 * and the time until the last visitor had an answer. A markdown table, for the bench report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccount } from '../../src/features/accounts/ui/signup-call.ts';
import { anyFreePort, startServer } from '../api/helpers/server-process.ts';

const burst = Number(process.env.BURST || 200);
const cores = os.availableParallelism();

interface Run {
  what: string;
  env: Record<string, string>;
  retries: boolean;
}

const runs: Run[] = [
  // the settings of before: 8 waiting per core, and a wait bound too long to ever apply
  {
    what: 'before: count-sized gate, no client retry',
    env: { PASSWORD_HASH_QUEUE: String(8 * cores), PASSWORD_HASH_WAIT_MS: '3600000' },
    retries: false,
  },
  // the server's own defaults (the test helper's raised ones are overridden)
  {
    what: 'after: time-sized gate, client rides out 503',
    env: { PASSWORD_HASH_QUEUE: '2000', PASSWORD_HASH_WAIT_MS: '3000' },
    retries: true,
  },
];

async function measure(run: Run): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-burst-'));
  const server = await startServer({
    databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`,
    dataDir,
    port: await anyFreePort(),
    env: run.env,
  });
  try {
    let absorbed = 0;
    const retry = run.retries ? { onRetry: () => void absorbed++ } : { maxAttempts: 1 };
    const started = performance.now();
    let last = 0;
    const outcomes = await Promise.all(
      Array.from({ length: burst }, async (_, i) => {
        const body = {
          username: `ad_${i}`,
          email: `ad-${i}@example.com`,
          password: 'correct-horse-battery',
          nickname: `Ad ${i}`,
          gender: 'female' as const,
          birth_date: '2000-05-17',
          language: 'it' as const,
          country: 'Italy',
        };
        const { created } = await createAccount(body, { base: `${server.url}/api`, retry });
        last = Math.max(last, performance.now() - started);
        return created;
      }),
    );
    const ok = outcomes.filter((o) => o.ok).length;
    const errors: Record<string, number> = {};
    for (const o of outcomes) if (!o.ok) errors[`${o.status} ${o.code}`] = (errors[`${o.status} ${o.code}`] ?? 0) + 1;
    const lost =
      Object.entries(errors)
        .map(([k, n]) => `${n}× ${k}`)
        .join(', ') || 'none';
    return `| ${run.what} | ${ok}/${burst} | ${lost} | ${absorbed} | ${(last / 1000).toFixed(1)} s |`;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines = [
  `${cores} cores, ${burst} simultaneous sign-ups, PASSWORD_HASH_CONCURRENCY = cores`,
  '',
  '| run | created | left with an error | 503s absorbed by the client | last answer |',
  '|---|---|---|---|---|',
];
for (const run of runs) lines.push(await measure(run));
console.log(lines.join('\n'));
