import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// A test file that starts processes (servers, clusters, builds, scripts) takes tens of seconds where
// most take one or two.
const startsProcesses = /startServer\(|spawn\(|spawnSync\(|execFile|fork\(/;

/**
 * The order the workers take test files in. vitest's own puts the files of one project before the
 * next project's and, on a clone without its cache of past durations (CI), the larger files first;
 * the files that start processes then began last, after a whole project of others, and the run
 * waited for them alone at its end. Here every project's process-starting files go first, then the
 * rest one project after another, whether or not durations are cached: ordering every file by its
 * cached duration mixed the projects, and as a worker keeps one project's modules (isolate: false), each
 * change of project imported the server again (docs/testing.md has the measurement).
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = new Map(sorted.map((spec) => [spec, startsProcesses.test(read(spec.moduleId))]));
    // the projects in the order they were collected; Array.prototype.sort is stable
    const projects = [...new Set(files.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => projects.indexOf(spec.project.name);
    const rest = sorted.filter((spec) => !slow.get(spec)).sort((a, b) => rank(a) - rank(b));
    return [...sorted.filter((spec) => slow.get(spec)), ...rest];
  }
}

function read(file: string) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
