// Gzip size of the JavaScript built pages load before any interaction (the rules are in
// scripts/lib/page-weight.ts, which tests/e2e/platform/page-budgets.spec.ts enforces).
// Usage: node scripts/page-weight.mjs [dist/client] [page.html…]   (no pages: every static page)
import fs from 'node:fs';
import path from 'node:path';
import { diskReader, formatKB, pageWeight } from './lib/page-weight.ts';

const [dir = 'dist/client', ...pages] = process.argv.slice(2);
const read = diskReader(dir);
const allPages = (sub = '') =>
  fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(sub, e.name);
    if (e.isDirectory()) return e.name.startsWith('_') ? [] : allPages(rel);
    return e.name.endsWith('.html') ? [rel] : [];
  });

for (const page of pages.length ? pages : allPages().sort()) {
  const { bytes, files, missing } = pageWeight(fs.readFileSync(path.join(dir, page), 'utf8'), read);
  const note = missing.length ? `  missing: ${missing.join(', ')}` : '';
  console.log(`${page.padEnd(36)} ${formatKB(bytes).padStart(9)} gzip  (${files.size} files)${note}`);
}
