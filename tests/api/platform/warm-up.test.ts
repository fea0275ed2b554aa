import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { holdReadiness } from '../../../src/platform/http/readiness.ts';
import { warmPages, warmSite } from '../../../src/app/site.ts';

/**
 * The warm-up of a fresh process (src/app/site.ts warmSite, started by main.ts): the
 * on-demand pages' modules are imported when the site is registered, before the port opens, and
 * each page is rendered once in both languages while readiness holds back its 200. On a small
 * build in the shape of Astro's: its entry names a page module lazily, as `_pageN = () => import(…)`.
 * The real process on the real build: tests/e2e/platform/warm-start.spec.ts.
 */
const seen = globalThis as typeof globalThis & { warmUpTest?: { pageModuleLoaded: boolean; rendered: string[] } };
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  seen.warmUpTest = { pageModuleLoaded: false, rendered: [] };
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-warm-'));
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'client', 'index.html'), '<!doctype html><title>home</title>');
  const pageModule = 'globalThis.warmUpTest.pageModuleLoaded = true;\nexport const page = () => null;';
  fs.writeFileSync(path.join(distDir, 'server', 'chunks', 'cortina_Ab12.mjs'), pageModule);
  fs.writeFileSync(
    path.join(distDir, 'server', 'entry.mjs'),
    `var _page0 = () => import("./chunks/cortina_Ab12.mjs");
    export const handler = (req, res) => {
      globalThis.warmUpTest.rendered.push(req.url);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end('<!doctype html><title>page</title>');
    };
    export { _page0 };`,
  );
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

test('the page modules are imported when the site is registered, before any request', () => {
  expect(seen.warmUpTest!.pageModuleLoaded).toBe(true);
  expect(seen.warmUpTest!.rendered).toEqual([]);
});

test('readiness is 503 (warming) until the warm-up rendered every on-demand page in both languages', async () => {
  const release = holdReadiness(t.app);
  const held = await t.call('GET', '/api/health');
  expect(held.status).toBe(503);
  expect(held.json.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', warming: true });
  // liveness checks nothing and answers at once
  expect((await t.call('GET', '/api/health/live')).status).toBe(200);

  await warmSite(t.app);
  release();
  // no tournament or article yet: the pages are rendered with a placeholder id
  const expected = warmPages.map((p) => p.replace(/\{\w+\}/g, 'warm-up')).flatMap((p) => [p, `/en${p}`]);
  expect([...seen.warmUpTest!.rendered].sort()).toEqual(expected.sort());
  const ready = await t.call('GET', '/api/health');
  expect(ready.status).toBe(200);
});

test('every on-demand page under src/pages is in the warm-up', () => {
  const pagesDir = path.resolve(import.meta.dirname, '../../../src/pages');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : [full];
    });
  const rendersOnDemand = (file: string) => /export const prerender = false/.test(fs.readFileSync(file, 'utf8'));
  const onDemand = walk(pagesDir).filter((file) => /\.(astro|ts)$/.test(file) && rendersOnDemand(file));
  expect(onDemand.length).toBeGreaterThan(0);
  for (const file of onDemand) {
    // src/pages/[...lang]/tournament/[id]/bracket.astro -> ^/tournament/[^/]+/bracket$
    const route = path
      .relative(pagesDir, file)
      .replace(/\.(astro|ts)$/, '')
      .split(path.sep)
      .filter((part) => part !== '[...lang]' && part !== 'index');
    const pattern = new RegExp(`^/${route.map((part) => (/^\[.+\]$/.test(part) ? '[^/]+' : part)).join('/')}$`);
    expect(
      warmPages.some((p) => pattern.test(p)),
      `${path.relative(pagesDir, file)} is rendered on demand but not warmed`,
    ).toBe(true);
  }
});
