/**
 * The demo seed's cost, for `npm run bench` (it used to be a timing assertion in the API tests):
 * wall-clock and processor time of seedDemo on a fresh SQLite database, best of three runs.
 *
 *   bash scripts/run.sh node tests/bench/demo-seed.ts
 */
import { seedDemo } from '../../src/app/seed.ts';
import { createTestApp } from '../api/helpers/test-app.ts';

const runs: { wallMs: number; cpuMs: number }[] = [];
for (let i = 0; i < 3; i++) {
  const t = await createTestApp({ rateLimits: false });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await seedDemo(t.app);
  const used = process.cpuUsage(cpu);
  runs.push({ wallMs: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) });
  await t.close();
}
const best = runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
console.log(`| demo seed (SQLite) | ${best.wallMs} ms wall | ${best.cpuMs} ms processor | best of ${runs.length} |`);
