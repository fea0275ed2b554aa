/**
 * Bytes of response headers a page costs on the wire: the document and every file it loads before
 * any interaction (its scripts with their static imports, style sheets, icons, images of this
 * origin), each asked once as a browser would (Accept-Encoding br, gzip), status line included
 * (scripts/lib/header-weight.ts). A real server (`main.ts`) on the built site and a fresh demo
 * database. Measured, not asserted (the budgets: tests/api/platform/security-headers.test.ts and
 * tests/e2e/platform/header-budgets.spec.ts):
 *
 *   bash scripts/run.sh site && bash scripts/run.sh node tests/bench/header-weight.ts
 *
 * ARENA_ROOT=<another checkout, built> runs that checkout's server and site instead (the "before").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anyFreePort, httpCall, startServer } from '../api/helpers/server-process.ts';
import { getMeasured, pageHeaderWeight } from '../../scripts/lib/header-weight.ts';

const root = path.resolve(process.env.ARENA_ROOT ?? path.join(import.meta.dirname, '../..'));
const distDir = path.join(root, 'dist');
const clientDir = path.join(fs.realpathSync(distDir), 'client');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-headers-'));
const entry = path.join(root, 'src/app/main.ts');
const env = { SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
const server = await startServer({ databaseUrl: '', dataDir, port: await anyFreePort(), distDir, entry, env });
try {
  const list = await httpCall(server.url, 'GET', '/api/tournaments?limit=1');
  const tournament = encodeURIComponent(list.json?.data?.[0]?.id as string);
  // the first answer of a built file goes through the hooks and lends the socket path its headers
  await getMeasured(server.url, '/favicon.svg');
  const tree = root === path.resolve(import.meta.dirname, '../..') ? 'this tree' : root;
  console.log(`\n### Header bytes per page (${tree})\n`);
  const columns = ['document headers', 'files', 'file headers (total)', 'file headers (largest)', 'page total headers'];
  console.log(`| page | ${columns.join(' | ')} |`);
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const page of ['/', '/tournaments', `/tournament/${tournament}`, '/cortina']) {
    const weight = await pageHeaderWeight(server.url, page, clientDir);
    const failed = weight.assets.filter((a) => a.status !== 200);
    if (failed.length) throw new Error(`${page} loads files without a 200: ${failed.map((a) => a.url).join(', ')}`);
    const files = weight.assets.map((a) => a.headerBytes);
    const sum = files.reduce((a, b) => a + b, 0);
    const cells = [weight.document, files.length, sum, Math.max(0, ...files), weight.total];
    console.log(`| ${page.replace(tournament, '{id}')} | ${cells.join(' | ')} |`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
