// Keeps the previous builds' hashed assets across `astro build` (the rules are in
// scripts/lib/keep-assets.ts). scripts/run.sh calls `save` before the build and `restore` after it.
// Usage: node scripts/keep-assets.ts save|restore   (KEEP_ASSETS_DAYS, default 7)
import path from 'node:path';
import { DEFAULT_KEEP_DAYS, restoreAssets, saveAssets } from './lib/keep-assets.ts';

// astro build's outDir
const distDir = path.resolve('dist');
const holdDir = path.resolve('.cache/previous-assets');
const days = Number(process.env.KEEP_ASSETS_DAYS || DEFAULT_KEEP_DAYS);
const command = process.argv[2];

if (command === 'save') {
  saveAssets(distDir, holdDir);
} else if (command === 'restore') {
  const { carried, dropped } = restoreAssets(distDir, holdDir, new Date(), (Number.isFinite(days) && days >= 0 ? days : DEFAULT_KEEP_DAYS) * 86_400_000);
  if (carried.length || dropped.length) console.error(`› previous builds' assets: ${carried.length} files kept, ${dropped.length} dropped (superseded more than ${days} days ago)`);
} else {
  console.error('usage: node scripts/keep-assets.ts save|restore');
  process.exit(2);
}
