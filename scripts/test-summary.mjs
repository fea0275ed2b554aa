// Adds up the vitest and Playwright JSON reports into the one closing line CI reads.
import fs from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0;
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const vitest = read(process.argv[2]);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  console.log('vitest report missing');
  failed += 1;
}

const pw = read(process.argv[3]);
if (pw) {
  passed += pw.stats.expected;
  failed += pw.stats.unexpected + pw.stats.flaky;
  skipped += pw.stats.skipped;
} else {
  console.log('playwright report missing');
  failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
