import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

// scripts/run.sh runs every npm script. A host whose own node satisfies "engines" must start without
// reaching the registry; only an older node makes it provision its own into .cache/.
const root = path.resolve(import.meta.dirname, '../../..');
const whichNode = (pathVar: string) =>
  execFileSync('bash', ['scripts/run.sh', 'node', '-p', 'process.env.PATH.split(":")[0]'], {
    cwd: root,
    env: { HOME: process.env.HOME ?? '', PATH: pathVar },
    encoding: 'utf8',
  }).trim();

/** a folder whose `node` is the node running this test, under a wrapper so it is found first on PATH */
function folderWithNode(version: 'this' | 'old'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-node-'));
  const script =
    version === 'this'
      ? `#!/bin/sh\nexec '${process.execPath}' "$@"\n`
      : // a node 20 as the machines ship it: it answers its version and nothing else
        `#!/bin/sh\nif [ "$1" = "-e" ]; then exit 1; fi\necho v20.19.0\n`;
  fs.writeFileSync(path.join(dir, 'node'), script, { mode: 0o755 });
  return dir;
}

test('a node on PATH that satisfies engines is used as it is', () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  expect(major > 22 || (major === 22 && minor >= 12)).toBe(true);
  const dir = folderWithNode('this');
  // the first PATH entry the command sees is node_modules/.bin, not a provisioned .cache/node-*
  expect(whichNode(`${dir}:/usr/bin:/bin`)).toBe(path.join(root, 'node_modules/.bin'));
});

test('an older node on PATH makes the script run under its provisioned node', () => {
  const dir = folderWithNode('old');
  // provisioning is already done by the test run itself, so this reaches no registry
  expect(whichNode(`${dir}:/usr/bin:/bin`)).toMatch(/\.cache\/node-[\d.]+\/bin$/);
});
