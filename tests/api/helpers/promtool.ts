import { spawnSync } from 'node:child_process';

/**
 * `promtool check metrics` on a scrape's text: Prometheus' own linter (names, types, suffixes, help).
 * Resolves to its exit code and what it printed; promtool comes from Debian's `prometheus` package
 * (.ci/run installs it).
 */
export function promtoolCheck(text: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 10_000 });
  if (run.error) throw new Error(`promtool could not run (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
