/**
 * Building, switching and pruning releases (the layout is in src/platform/http/releases.ts):
 * `prepare` makes the folder `astro build --outDir` writes into, `activate` completes it (older
 * assets carried, manifest, build stamp) and points `dist` at it, `rollback` points `dist` back.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as Releases from '../../src/platform/http/releases.ts';
import type { ReleaseManifest } from '../../src/platform/http/releases.ts';
import { carryAssets } from './keep-assets.ts';

/** Points `link` at `target` in one step: a new link renamed over the old one. */
export function switchLink(link: string, target: string) {
  const tmp = `${link}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.symlinkSync(path.relative(path.dirname(link), target), tmp);
  fs.renameSync(tmp, link);
}

/** A release's id: when it was made (sorts in build order), and a few random characters. */
const newId = (now: Date) =>
  `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;

/**
 * The record of a build in progress: the builder's pid, kept beside the release rather than in it, since
 * `astro build` empties its output folder first (a record inside would be wiped, and another builder's
 * pruning would take the folder from under the build).
 */
const BUILDING = '.building';
const buildingFile = (release: string) => path.join(path.dirname(release), BUILDING, path.basename(release));

function stillBuilding(release: string): boolean {
  const file = buildingFile(release);
  if (!fs.existsSync(file)) return false;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && Releases.alive(pid);
}

/**
 * A `dist` that is still a plain folder (a build from before releases) becomes the first release,
 * and `dist` a link to it, so the next build has a previous release to keep and to carry from.
 */
function migrate(dist: string, releases: string) {
  const stat = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return;
  const built = fs.statSync(path.join(dist, '.built'), { throwIfNoEntry: false })?.mtime ?? stat.mtime;
  const release = path.join(releases, newId(built));
  fs.renameSync(dist, release);
  writeManifest(release, { id: path.basename(release), builtAt: built.toISOString(), commit: null, previous: null });
  switchLink(dist, release);
}

/** A new, empty release folder for the build run by `builderPid` (pruning leaves it alone meanwhile). */
export function prepare(dist: string, builderPid: number, now = new Date()): string {
  const releases = Releases.releasesDir(dist);
  fs.mkdirSync(releases, { recursive: true });
  migrate(dist, releases);
  const release = path.join(releases, newId(now));
  fs.mkdirSync(release);
  fs.mkdirSync(path.join(releases, BUILDING), { recursive: true });
  fs.writeFileSync(buildingFile(release), `${builderPid}\n`);
  return release;
}

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return head.trim() || null;
  } catch {
    return null;
  }
}

/** What `astro build` leaves when it ends well: the server's entry and the client folder. */
function complete(release: string) {
  const entry = path.join(release, 'server', 'entry.mjs');
  return fs.existsSync(entry) && fs.existsSync(path.join(release, 'client'));
}

function writeManifest(release: string, manifest: ReleaseManifest) {
  const file = path.join(release, Releases.RELEASE_MANIFEST);
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Completes a built release and makes it current: the previous release's hashed assets carried in
 * (scripts/lib/keep-assets.ts), its manifest and build stamp written, then `dist` switched to it
 * and `.releases/previous` to the release it replaces. Old releases are pruned last.
 */
export function activate(dist: string, release: string, opts: { keepDays: number; now?: Date }) {
  if (!complete(release)) throw new Error(`${release} is not a complete build (no server/entry.mjs or client/)`);
  const now = opts.now ?? new Date();
  const current = Releases.realDir(dist);
  const { carried } = current ? carryAssets(current, release, now, opts.keepDays * 86_400_000) : { carried: [] };
  const manifest: ReleaseManifest = {
    id: path.basename(release),
    builtAt: now.toISOString(),
    commit: gitCommit(),
    previous: current ? path.basename(current) : null,
  };
  writeManifest(release, manifest);
  // the stamp scripts/run.sh compares the sources with
  fs.writeFileSync(path.join(release, '.built'), '');
  switchLink(dist, release);
  if (current) switchLink(path.join(Releases.releasesDir(dist), Releases.PREVIOUS_LINK), current);
  fs.rmSync(buildingFile(release), { force: true });
  return { release: manifest, carried: carried.length, pruned: prune(dist) };
}

/**
 * Removes every release but the current, the previous and those a live process uses (a server
 * started on it, a build writing into it). Returns the ids removed.
 */
export function prune(dist: string): string[] {
  const releases = Releases.releasesDir(dist);
  const keep = new Set([Releases.realDir(dist), Releases.realDir(path.join(releases, Releases.PREVIOUS_LINK))]);
  const pruned: string[] = [];
  for (const entry of fs.readdirSync(releases, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const release = path.join(releases, entry.name);
    if (keep.has(release) || Releases.livePids(release).length > 0 || stillBuilding(release)) continue;
    fs.rmSync(release, { recursive: true, force: true });
    fs.rmSync(buildingFile(release), { force: true });
    pruned.push(entry.name);
  }
  return pruned;
}

/**
 * Points `dist` back at the previous release, which becomes current, and the release rolled back
 * from becomes the previous one (a second rollback undoes the first). The build stamp of the
 * release gone back to is renewed, so `npm start` serves it rather than rebuilding the sources.
 */
export function rollback(dist: string): { from: string; to: string } {
  const current = Releases.realDir(dist);
  const previousLink = path.join(Releases.releasesDir(dist), Releases.PREVIOUS_LINK);
  const previous = Releases.realDir(previousLink);
  if (!current || !previous || previous === current) throw new Error('there is no previous release to roll back to');
  if (!complete(previous)) throw new Error(`the previous release ${previous} is incomplete`);
  fs.writeFileSync(path.join(previous, '.built'), '');
  switchLink(dist, previous);
  switchLink(previousLink, current);
  const id = (dir: string) => Releases.readManifest(dir)?.id ?? path.basename(dir);
  return { from: id(current), to: id(previous) };
}
