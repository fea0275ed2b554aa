import path from 'node:path';
import { readAssets, type StaticFile } from './static-site.ts';
import { previousRelease, realDir } from './releases.ts';

/**
 * The hashed bundles of the releases around the one a process serves (src/platform/http/releases.ts).
 * During a rolling restart old and new workers answer side by side, and a page of either release
 * asks any of them for its scripts: a new worker has the previous release's bundles from its start,
 * an old one reads the release `dist` points to now (and the one before it) when first asked for a
 * bundle it lacks, and again whenever the link has moved. A miss costs a few `realpath` calls.
 *
 * `own` is the release the process serves (its bundles are in its own table); `distDir` the link.
 */
export function releaseAssets(distDir: string, own: string): (pathname: string) => StaticFile | undefined {
  const loaded = new Map<string, Map<string, StaticFile>>();
  const assetsOf = (release: string) => {
    let assets = loaded.get(release);
    if (!assets) loaded.set(release, (assets = readAssets(path.join(release, 'client'))));
    return assets;
  };
  const atStart = previousRelease(own);
  if (atStart) assetsOf(atStart);

  return (pathname) => {
    const current = realDir(distDir);
    const wanted = new Set([atStart, current, current && previousRelease(current)]);
    wanted.delete(own);
    wanted.delete(null);
    // releases no longer around this one are forgotten (their memory with them)
    for (const release of loaded.keys()) if (!wanted.has(release)) loaded.delete(release);
    for (const release of wanted) {
      const hit = assetsOf(release!).get(pathname);
      if (hit) return hit;
    }
    return undefined;
  };
}
