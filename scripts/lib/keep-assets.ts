/**
 * A new release carries the hashed assets (client/_astro) of the releases before it for a while, so
 * a page built before the deploy still finds its scripts and styles after it: a page an edge cache
 * holds (s-maxage, then stale-while-revalidate for up to a day, src/platform/http-cache-policy.ts),
 * a tab left open that loads a dialog's chunk on first click. The server answers the previous
 * release's assets by itself (src/platform/http/release-assets.ts); the carried copies reach
 * further back, across several deploys in a day. `activate` (scripts/lib/releases.ts) copies into
 * the new release every file of the current one the build no longer has, with its .br and .gz.
 *
 * A carried file is dropped once it has been superseded for longer than KEEP_ASSETS_DAYS (7 by
 * default): longer than an edge serves a stale page (a day) and than most tabs stay open (a
 * week-end, a week of holidays), while a handful of deploys a week adds a few MB each at most. When
 * it was superseded is kept in each release's carried-assets.json, outside what is published, so a
 * file carried through several releases keeps its first date.
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
 * Copies into release `to` every asset of release `from` it lacks, unless superseded longer than
 * `keepMs` ago, and writes `to`'s manifest of carried files. `from` is left as it is.
 */
export function carryAssets(from: string, to: string, now = new Date(), keepMs = DEFAULT_KEEP_DAYS * 86_400_000) {
  const held = path.join(from, 'client', '_astro');
  const carried: string[] = [];
  const dropped: string[] = [];
  const assets = path.join(to, 'client', '_astro');
  if (!fs.existsSync(held) || !fs.existsSync(path.join(to, 'client'))) return { carried, dropped };
  const previous = readManifest(path.join(from, MANIFEST));
  const manifest: Manifest = {};
  fs.mkdirSync(assets, { recursive: true });
  for (const name of fs.readdirSync(held).sort()) {
    const target = path.join(assets, name);
    // still part of the build: current, not carried
    if (fs.existsSync(target)) continue;
    // current in the release before this one: superseded now
    const since = previous[name] ?? now.toISOString();
    if (now.getTime() - Date.parse(since) > keepMs) {
      dropped.push(name);
      continue;
    }
    fs.copyFileSync(path.join(held, name), target);
    manifest[name] = since;
    carried.push(name);
  }
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { carried, dropped };
}
