/**
 * `bash scripts/run.sh node tests/bench/login-storm.ts`: how long one legitimate login takes while
 * a storm of concurrent logins (wrong passwords, unknown e-mails) hits one server process. It
 * measures, it does not assert (the argon2 work in flight is bounded, so a storm must not starve the
 * legitimate login).
 *
 * Per round: STORM (100) logins are sent at once, then, 20 ms later, the real player logs in; the
 * player's latency and status are recorded. Prints p50/max over ROUNDS (10) rounds and the storm's
 * status counts. The per-address limits are raised so the storm reaches the password check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/http/config.ts';
import { anyFreePort, httpCall, startServer } from '../api/helpers/server-process.ts';

const storm = Number(process.env.STORM || 100);
const rounds = Number(process.env.ROUNDS || 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-storm-'));
const server = await startServer({
  databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`,
  dataDir,
  port: await anyFreePort(),
  env: {
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_FAILURES_PER_ADDRESS: '100000',
    // the server's own defaults, not the test helper's raised queue; PASSWORD_HASH_CONCURRENCY=1000
    // shows the unbounded behaviour of before
    PASSWORD_HASH_QUEUE: process.env.PASSWORD_HASH_QUEUE ?? String(loadConfig({}).passwordHashQueue),
    PASSWORD_HASH_CONCURRENCY: process.env.PASSWORD_HASH_CONCURRENCY ?? String(loadConfig({}).passwordHashConcurrency),
    PASSWORD_HASH_WAIT_MS: process.env.PASSWORD_HASH_WAIT_MS ?? String(loadConfig({}).passwordHashWaitMs),
  },
});
try {
  const player = {
    username: 'storm_player',
    email: 'storm-player@example.com',
    password: 'correct-horse-battery',
    nickname: 'Storm',
    gender: 'female',
    birth_date: '2000-05-17',
    language: 'it',
  };
  const signup = await httpCall(server.url, 'POST', '/api/users/pp', { body: player });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.json)}`);

  const latencies: number[] = [];
  const byStatus: Record<number, number[]> = {};
  const stormStatus: Record<number, number> = {};
  for (let round = 0; round < rounds; round++) {
    const flood = Array.from({ length: storm }, (_, i) =>
      httpCall(server.url, 'POST', '/api/users/authenticate', {
        body: { email: `nobody-${round}-${i}@example.com`, password: 'wrong-password' },
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const mine = await httpCall(server.url, 'POST', '/api/users/authenticate', {
      body: { email: player.email, password: player.password },
    });
    const took = performance.now() - started;
    latencies.push(took);
    (byStatus[mine.status] ??= []).push(took);
    for (const r of await Promise.all(flood)) stormStatus[r.status] = (stormStatus[r.status] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);
  const p50 = latencies[Math.floor(latencies.length / 2)];
  console.log(`cores ${os.availableParallelism()}, storm ${storm}, rounds ${rounds}`);
  console.log(`legitimate login: p50 ${p50.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  for (const [status, ms] of Object.entries(byStatus))
    console.log(`  ${status}: ${ms.length}× (${ms.map((m) => m.toFixed(0)).join(', ')} ms)`);
  console.log(`storm statuses: ${JSON.stringify(stormStatus)}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
