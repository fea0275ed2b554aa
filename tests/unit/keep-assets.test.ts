import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { carryAssets } from '../../scripts/lib/keep-assets.ts';

/**
 * A new release carries the previous releases' hashed assets for a while (scripts/lib/keep-assets.ts),
 * on real files in temporary folders: each deploy writes a new release folder and carries into it
 * from the one before, which stays as it was.
 */
let root: string;
let release: string;
let count = 0;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-assets-'));
  release = '';
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const DAY = 86_400_000;
const t0 = new Date('2026-11-01T10:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

/** A fresh release folder with these assets, each with .br and .gz copies; it becomes `release`. */
function build(assets: string[]) {
  release = path.join(root, `r${++count}`);
  fs.mkdirSync(path.join(release, 'client', '_astro'), { recursive: true });
  fs.writeFileSync(path.join(release, 'client', 'index.html'), `<script src="/_astro/${assets[0]}"></script>`);
  const dir = path.join(release, 'client', '_astro');
  for (const name of assets)
    for (const suffix of ['', '.br', '.gz'])
      fs.writeFileSync(path.join(dir, name + suffix), `${name}${suffix} content`);
  return release;
}
const astroFiles = (dir = release) => fs.readdirSync(path.join(dir, 'client', '_astro')).sort();
const manifest = () => JSON.parse(fs.readFileSync(path.join(release, 'carried-assets.json'), 'utf8'));

/** One deploy: a new release built beside the current one, which it carries from. */
function deploy(assets: string[], now: Date, keepDays = 7) {
  const from = release;
  return carryAssets(from, build(assets), now, keepDays * DAY);
}

test('the previous build’s assets (and their .br and .gz) are carried into the next, the new ones untouched', () => {
  build(['app.AAA.js', 'shared.SSS.js']);
  const { carried } = deploy(['app.BBB.js', 'shared.SSS.js'], at(0));
  expect(carried.sort()).toEqual(['app.AAA.js', 'app.AAA.js.br', 'app.AAA.js.gz']);
  expect(astroFiles()).toEqual([
    'app.AAA.js',
    'app.AAA.js.br',
    'app.AAA.js.gz',
    'app.BBB.js',
    'app.BBB.js.br',
    'app.BBB.js.gz',
    'shared.SSS.js',
    'shared.SSS.js.br',
    'shared.SSS.js.gz',
  ]);
  // the carried file is the old bytes; the current ones are the new build's
  expect(fs.readFileSync(path.join(release, 'client', '_astro', 'app.AAA.js.br'), 'utf8')).toBe(
    'app.AAA.js.br content',
  );
  expect(manifest()).toEqual({
    'app.AAA.js': t0.toISOString(),
    'app.AAA.js.br': t0.toISOString(),
    'app.AAA.js.gz': t0.toISOString(),
  });
  // the release carried from is left as it was
  expect(astroFiles(path.join(root, 'r1'))).toEqual([
    'app.AAA.js',
    'app.AAA.js.br',
    'app.AAA.js.gz',
    'shared.SSS.js',
    'shared.SSS.js.br',
    'shared.SSS.js.gz',
  ]);
});

// the date holds across later builds
test('a carried file keeps the date it was first superseded, and is dropped once older than the limit', () => {
  build(['app.AAA.js']);
  deploy(['app.BBB.js'], at(0));
  // three days later: A superseded 3 days ago, B superseded now
  const second = deploy(['app.CCC.js'], at(3));
  expect(second.carried).toContain('app.AAA.js');
  expect(manifest()['app.AAA.js']).toBe(t0.toISOString());
  expect(manifest()['app.BBB.js']).toBe(at(3).toISOString());
  // eight days after A was superseded: A goes, B (5 days) stays
  const third = deploy(['app.DDD.js'], at(8));
  expect(third.dropped.sort()).toEqual(['app.AAA.js', 'app.AAA.js.br', 'app.AAA.js.gz']);
  expect(astroFiles().filter((f) => f.endsWith('.js'))).toEqual(['app.BBB.js', 'app.CCC.js', 'app.DDD.js']);
  expect(Object.keys(manifest()).filter((f) => f.endsWith('.js'))).toEqual(['app.BBB.js', 'app.CCC.js']);
});

test('an asset that comes back in a later build is current again, not carried', () => {
  build(['app.AAA.js']);
  deploy(['app.BBB.js'], at(0));
  deploy(['app.AAA.js'], at(1));
  expect(manifest()['app.AAA.js']).toBeUndefined();
  expect(manifest()['app.BBB.js']).toBe(at(1).toISOString());
  expect(fs.readFileSync(path.join(release, 'client', '_astro', 'app.AAA.js'), 'utf8')).toBe('app.AAA.js content');
});

test('a release without a client build carries nothing', () => {
  const first = build(['app.AAA.js']);
  const broken = path.join(root, 'broken');
  fs.mkdirSync(broken);
  expect(carryAssets(first, broken, at(0))).toEqual({ carried: [], dropped: [] });
  expect(fs.existsSync(path.join(broken, 'client'))).toBe(false);
});
