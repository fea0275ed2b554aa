// Adds up the vitest and Playwright JSON reports into the one closing line CI reads. Above it, each test that
// failed is named with the first line of its error, so a CI log that keeps only its tail still says which.
import fs from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- Playwright's messages carry terminal colours
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

const vitest = read(process.argv[2]);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // a file that fails before its tests run (an import error, a hook) has no failed test of its own
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
} else {
  console.log('vitest report missing');
  failed += 1;
}

const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results?.find((r) => r.status !== 'passed')?.error?.message;
      const where = `${spec.file}:${spec.line}`;
      failures.push(`${where} › ${[...titles, spec.title].join(' › ')} [${test.status}]: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? [])
    walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
};
const pw = read(process.argv[3]);
if (pw) {
  passed += pw.stats.expected;
  failed += pw.stats.unexpected + pw.stats.flaky;
  skipped += pw.stats.skipped;
  for (const suite of pw.suites ?? []) walk(suite, []);
} else {
  console.log('playwright report missing');
  failed += 1;
}

if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
