import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What code this process runs: shown by /metrics (arena_build_info) and the health check. */
export interface BuildInfo {
  /** package.json's version */
  version: string;
  /** the release's commit, or 'unknown' when nothing names it */
  commit: string;
}

const root = path.resolve(import.meta.dirname, '../..');
const COMMIT = /^[0-9a-f]{7,40}$/i;

function readJson(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The commit, first found of: ARENA_COMMIT (set by whoever deploys), a `release.json` with a
 * `commit` field beside the code or in the build (a copy deployed without its .git), the checkout's
 * HEAD. Read once at start: the code a process runs does not change under it.
 */
function findCommit(distDir: string): string {
  const fromEnv = process.env.ARENA_COMMIT?.trim();
  if (fromEnv) return fromEnv;
  for (const file of [path.join(root, 'release.json'), path.join(distDir, 'release.json')]) {
    const commit = readJson(file)?.commit;
    if (typeof commit === 'string' && COMMIT.test(commit.trim())) return commit.trim();
  }
  try {
    const options: ExecFileSyncOptions = { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], options);
    const commit = head.toString().trim();
    if (COMMIT.test(commit)) return commit;
  } catch {
    // no git, or not a checkout
  }
  return 'unknown';
}

let cached: BuildInfo | undefined;

/** The version and commit of this process's code; `distDir` is where the build (and a release.json) may be. */
export function buildInfo(distDir = path.join(root, 'dist')): BuildInfo {
  if (cached) return cached;
  const version = readJson(path.join(root, 'package.json'))?.version;
  cached = { version: typeof version === 'string' ? version : 'unknown', commit: findCommit(distDir) };
  return cached;
}
