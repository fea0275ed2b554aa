/**
 * How long POST /api/users/sendReset takes to answer for a known and for an unknown address (the
 * timing must not tell which addresses have an account): the median of 40 pairs over app.inject, on
 * SQLite and, when TEST_DATABASE_URL names a server, on PostgreSQL (a fresh database, dropped
 * afterwards).
 * Measured, not asserted:
 *
 *   bash scripts/run.sh node tests/bench/reset-timing.ts
 *   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test bash scripts/run.sh node tests/bench/reset-timing.ts
 *
 * "isolated": between samples it waits, untimed, until the previous request's work and mail are
 * done, so each answer is timed on an idle process. "back to back": no wait, as a client firing
 * requests in a row sees it (the work of one request may overlap the next answer).
 */
import { spawnSync } from 'node:child_process';

const PAIRS = 40;
const WARMUP = 5;

if (!process.env.TEST_DB) {
  // the test helper picks its engine once, at import: one child process per engine
  const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const engine of engines) {
    const child = spawnSync(process.execPath, process.argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: engine },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const { createTestApp } = await import('../api/helpers/test-app.ts');
const t = await createTestApp({ rateLimits: false });
try {
  const { email } = await t.signup();
  const time = async (address: string, drain: boolean) => {
    const started = performance.now();
    const r = await t.call('POST', '/api/users/sendReset', { body: { email: address } });
    const ms = performance.now() - started;
    if (r.status !== 200) throw new Error(`sendReset answered ${r.status}`);
    if (drain) await t.mailDrained();
    return ms;
  };
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const [mode, drain] of [
    ['isolated', true],
    ['back to back', false],
  ] as const) {
    for (let i = 0; i < WARMUP; i++) {
      await time(email, drain);
      await time(`warmup-${i}@example.com`, drain);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      known.push(await time(email, drain));
      unknown.push(await time(`nobody-${i}@example.com`, drain));
    }
    await t.mailDrained();
    console.log(
      `${t.engine.padEnd(8)} sendReset ${mode.padEnd(12)}, median of ${PAIRS} pairs: ` +
        `known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`,
    );
  }
  console.log(`${t.engine.padEnd(8)} ${(await t.outbox()).length} mails written (${2 * (PAIRS + WARMUP)} expected)`);
} finally {
  await t.close();
}
