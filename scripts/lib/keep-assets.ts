/**
 * A rebuild keeps the previous builds' hashed assets (dist/client/_astro) for a while, so a page
 * built before the deploy still finds its scripts and styles after it: a page an edge cache holds
 * (s-maxage, then stale-while-revalidate for up to a day, src/platform/http-cache-policy.ts), a
 * tab left open that loads a dialog's chunk on first click. `astro build` empties dist, so
 * scripts/run.sh saves the folder before the build (`saveAssets`) and brings back, after it, every
 * file the new build no longer has (`restoreAssets`), with its .br and .gz copies.
 *
 * A carried file is dropped once it has been superseded for longer than KEEP_ASSETS_DAYS (7 by
 * default): longer than an edge serves a stale page (a day) and than most tabs stay open (a
 * week-end, a week of holidays), while a handful of deploys a week adds a few MB each at most. When
 * it was superseded is kept in dist/carried-assets.json, outside what is published, so a file
 * carried through several builds keeps its first date.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_KEEP_DAYS = 7;
const MANIFEST = 'carried-assets.json';

type Manifest = Record<string, string>;

const readManifest = (file: string): Manifest => {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Manifest) : {};
  } catch {
    return {};
  }
};

/**
 * Copies dist/client/_astro and the manifest of carried files into `holdDir` (replaced). Without
 * a built _astro (a build that failed half-way) what is held stays held, for the next build.
 */
export function saveAssets(distDir: string, holdDir: string): number {
  const assets = path.join(distDir, 'client', '_astro');
  if (!fs.existsSync(assets)) return 0;
  fs.rmSync(holdDir, { recursive: true, force: true });
  fs.mkdirSync(holdDir, { recursive: true });
  fs.cpSync(assets, path.join(holdDir, '_astro'), { recursive: true, preserveTimestamps: true });
  const manifest = path.join(distDir, MANIFEST);
  if (fs.existsSync(manifest)) fs.copyFileSync(manifest, path.join(holdDir, MANIFEST));
  return fs.readdirSync(path.join(holdDir, '_astro')).length;
}

/**
 * Puts back into the new build every held asset it lacks, unless superseded longer than `keepMs`
 * ago; writes the manifest and empties `holdDir`. Returns what was carried and what was dropped.
 */
export function restoreAssets(distDir: string, holdDir: string, now = new Date(), keepMs = DEFAULT_KEEP_DAYS * 86_400_000): { carried: string[]; dropped: string[] } {
  const held = path.join(holdDir, '_astro');
  const carried: string[] = [];
  const dropped: string[] = [];
  const assets = path.join(distDir, 'client', '_astro');
  if (!fs.existsSync(held) || !fs.existsSync(path.join(distDir, 'client'))) {
    fs.rmSync(holdDir, { recursive: true, force: true });
    return { carried, dropped };
  }
  const previous = readManifest(path.join(holdDir, MANIFEST));
  const manifest: Manifest = {};
  fs.mkdirSync(assets, { recursive: true });
  for (const name of fs.readdirSync(held).sort()) {
    const target = path.join(assets, name);
    // still part of the build: current, not carried
    if (fs.existsSync(target)) continue;
    // current in the build before this one: superseded now
    const since = previous[name] ?? now.toISOString();
    if (now.getTime() - Date.parse(since) > keepMs) {
      dropped.push(name);
      continue;
    }
    fs.copyFileSync(path.join(held, name), target);
    manifest[name] = since;
    carried.push(name);
  }
  fs.writeFileSync(path.join(distDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(holdDir, { recursive: true, force: true });
  return { carried, dropped };
}
