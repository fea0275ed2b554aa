import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { activate, prepare, prune, rollback } from '../../scripts/lib/releases.ts';
import { previousRelease, readManifest } from '../../src/platform/http/releases.ts';

/**
 * The release steps of `npm run build` and `npm run rollback` (scripts/lib/releases.ts) on real
 * folders, with a stand-in for `astro build` (its client/ and server/entry.mjs); the real build
 * beside running servers is tests/api/platform/releases.test.ts.
 */
let root: string;
let dist: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  dist = path.join(root, 'dist');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** What `astro build --outDir` leaves in a folder: a page, a bundle, the server entry. */
function astroBuild(dir: string, bundle: string) {
  fs.mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), `<script src="/_astro/${bundle}"></script>`);
  fs.writeFileSync(path.join(dir, 'client', '_astro', bundle), bundle);
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = null;\n');
}

/** One `npm run build`: prepare, build, activate. Returns the new release's folder. */
function deploy(bundle: string) {
  const release = prepare(dist, process.pid);
  astroBuild(release, bundle);
  activate(dist, release, { keepDays: 7 });
  return release;
}

const releases = () =>
  fs.readdirSync(path.join(root, '.releases')).filter((n) => n !== 'previous' && !n.startsWith('.'));

test('a plain dist from before releases becomes the first release, kept and carried from by the next', () => {
  astroBuild(dist, 'app.OLD.js');
  const next = deploy('app.NEW.js');
  expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
  expect(fs.realpathSync(dist)).toBe(next);
  const migrated = previousRelease(next)!;
  expect(fs.readFileSync(path.join(migrated, 'client', '_astro', 'app.OLD.js'), 'utf8')).toBe('app.OLD.js');
  expect(readManifest(next)).toMatchObject({ id: path.basename(next), previous: path.basename(migrated) });
  expect(fs.existsSync(path.join(next, 'client', '_astro', 'app.OLD.js'))).toBe(true);
  expect(fs.existsSync(path.join(next, '.built'))).toBe(true);
  // the builder's own record is gone once the release is live
  expect(fs.readdirSync(path.join(root, '.releases', '.building'))).toEqual([]);
});

test('pruning keeps the current and previous releases and any a live process uses, and removes the rest', async () => {
  const a = deploy('a.js');
  const b = deploy('b.js');
  // a process that still serves b: a live child that records itself there
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.mkdirSync(path.join(b, 'pids'), { recursive: true });
  fs.writeFileSync(path.join(b, 'pids', String(child.pid)), '');
  try {
    const c = deploy('c.js');
    const d = deploy('d.js');
    // a was neither current, previous nor used: gone; b is kept for its process
    expect(releases().sort()).toEqual([b, c, d].map((r) => path.basename(r)).sort());
    expect(fs.existsSync(a)).toBe(false);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  // the process ended (its record stays behind, as after a crash): b goes with the next pruning
  prune(dist);
  expect(fs.existsSync(b)).toBe(false);
  expect(releases()).toHaveLength(2);
});

test('a failed build leaves dist where it was; a build still running is not pruned', () => {
  const a = deploy('a.js');
  const broken = prepare(dist, process.pid);
  // astro build empties its output folder before it writes: the build's record must survive that
  fs.rmSync(broken, { recursive: true });
  fs.mkdirSync(broken);
  expect(() => activate(dist, broken, { keepDays: 7 })).toThrow(/not a complete build/);
  expect(fs.realpathSync(dist)).toBe(a);
  // the folder of the failed build is kept while its builder (this process) runs, also when another
  // build's activation prunes meanwhile
  prune(dist);
  deploy('b.js');
  expect(fs.existsSync(broken)).toBe(true);
});

test('rollback swaps current and previous, twice over; with no previous release it refuses', () => {
  const a = deploy('a.js');
  expect(() => rollback(dist)).toThrow(/no previous release/);
  const b = deploy('b.js');
  expect(rollback(dist)).toEqual({ from: path.basename(b), to: path.basename(a) });
  expect(fs.realpathSync(dist)).toBe(a);
  expect(previousRelease(a)).toBe(b);
  rollback(dist);
  expect(fs.realpathSync(dist)).toBe(b);
  expect(previousRelease(b)).toBe(a);
});
