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
 * rest in vitest's order; with every file's duration cached (a second local run), the longest first
 * whatever its project.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const results = new Map(files.map((spec) => [spec, this.ctx.cache.getTestSpecificationResult(spec)]));
    if (sorted.every((spec) => results.get(spec))) {
      return sorted.sort((a, b) => {
        const [x, y] = [results.get(a)!, results.get(b)!];
        if (x.failed !== y.failed) return x.failed ? -1 : 1;
        return y.duration - x.duration;
      });
    }
    const slow = new Map(sorted.map((spec) => [spec, startsProcesses.test(read(spec.moduleId))]));
    return [...sorted.filter((spec) => slow.get(spec)), ...sorted.filter((spec) => !slow.get(spec))];
  }
}

function read(file: string) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
