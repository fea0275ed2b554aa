import fs from 'node:fs';
import path from 'node:path';

/**
 * The built site as releases. `npm run build` writes each build into a folder of its own,
 * `.releases/<id>/` beside the `dist` link (Astro's `client/` and `server/`, `release.json`), and
 * only once it is complete points `dist` at it by renaming a fresh symbolic link over the old one.
 * A running process resolves `dist` once, at start, and keeps using that folder: the page chunks
 * Astro loads on first use stay on disk as long as the folder does, whatever is built meanwhile.
 *
 * `.releases/previous` names the release before the current one (the one `npm run rollback` goes
 * back to). A process writes its pid into `pids/` of the release it serves and removes it at exit;
 * pruning (scripts/release.ts) keeps the current and the previous release and any release a live
 * process still uses.
 */
export const RELEASE_MANIFEST = 'release.json';
export const PREVIOUS_LINK = 'previous';
const PIDS = 'pids';

export interface ReleaseManifest {
  id: string;
  builtAt: string;
  commit: string | null;
  /** the release that was current when this one was built, if any */
  previous: string | null;
}

/** The folder holding the releases of the `dist` link at `distLink`. */
export const releasesDir = (distLink: string) => path.join(path.dirname(path.resolve(distLink)), '.releases');

/** The real folder a path names, or null when it does not exist. */
export function realDir(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

export function readManifest(releaseDir: string): ReleaseManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_MANIFEST), 'utf8')) as ReleaseManifest;
  } catch {
    return null;
  }
}

/**
 * The release before `releaseDir` (the target of `.releases/previous` beside it), or null: none
 * yet, or `releaseDir` is a plain build folder rather than a release.
 */
export function previousRelease(releaseDir: string): string | null {
  if (!fs.existsSync(path.join(releaseDir, RELEASE_MANIFEST))) return null;
  const previous = realDir(path.join(path.dirname(releaseDir), PREVIOUS_LINK));
  return previous && previous !== releaseDir ? previous : null;
}

/** True while a process with this pid runs (EPERM: it runs as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pids recorded in a release that still run. */
export function livePids(releaseDir: string): number[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(releaseDir, PIDS));
  } catch {
    return [];
  }
  return names.map(Number).filter((pid) => Number.isInteger(pid) && pid > 0 && alive(pid));
}

/** Records `pid` as a user of the release; returns the function that removes the record. */
export function recordPid(releaseDir: string, pid = process.pid): () => void {
  const file = path.join(releaseDir, PIDS, String(pid));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${new Date().toISOString()}\n`);
  return () => fs.rmSync(file, { force: true });
}

/**
 * Records this process in the release `distDir` resolves to, for as long as it runs, so pruning
 * leaves its folder alone. A plain build folder (not a release) is left as it is.
 */
export function holdRelease(releaseDir: string) {
  if (!fs.existsSync(path.join(releaseDir, RELEASE_MANIFEST))) return;
  try {
    const forget = recordPid(releaseDir);
    process.once('exit', forget);
  } catch {
    // a read-only release: nothing can prune it either
  }
}
