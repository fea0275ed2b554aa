// The release steps of `npm run build` and `npm run rollback` (scripts/run.sh), on the layout of
// src/platform/http/releases.ts. `dist` is DIST_DIR (default ./dist).
//   node scripts/release.ts prepare <builder pid>   a new empty release folder; prints its path
//   node scripts/release.ts activate <folder>       completes it and points dist at it
//   node scripts/release.ts rollback                points dist back at the previous release
import path from 'node:path';
import { activate, prepare, rollback } from './lib/releases.ts';

const dist = path.resolve(process.env.DIST_DIR || 'dist');
const [command, arg] = process.argv.slice(2);
const days = Number(process.env.KEEP_ASSETS_DAYS || 7);

try {
  if (command === 'prepare' && arg) {
    console.log(prepare(dist, Number(arg)));
  } else if (command === 'activate' && arg) {
    const keepDays = Number.isFinite(days) && days >= 0 ? days : 7;
    const { release, carried, pruned } = activate(dist, path.resolve(arg), { keepDays });
    const previous = release.previous ?? 'none';
    console.error(`› release ${release.id} is live (previous: ${previous}); ${carried} older assets carried`);
    if (pruned.length) console.error(`› old releases removed: ${pruned.join(', ')}`);
  } else if (command === 'rollback') {
    const { from, to } = rollback(dist);
    console.error(`› rolled back from ${from} to ${to}`);
  } else {
    console.error('usage: node scripts/release.ts prepare <pid> | activate <folder> | rollback');
    process.exit(2);
  }
} catch (err) {
  console.error(`✘ ${(err as Error).message}`);
  process.exit(1);
}
