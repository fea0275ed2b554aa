/**
 * What a built page costs in JavaScript, shared by scripts/page-weight.mjs (a report) and
 * tests/e2e/platform/page-budgets.spec.ts (the per-page budgets). "Before any interaction" means: the
 * page's module scripts, inline scripts, modulepreloads and the islands' component and renderer
 * modules, with every static import they pull in, gzip-compressed (level 9). Dynamic imports are
 * left out: they load on use (a dialog, a calendar, the form rules).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const KB = 1024;

/** Budgets in KB of gzip JavaScript before interaction: static pages, app pages, landings. */
export const STATIC_PAGE_BUDGET_KB = 15;
// React and its client (about 68 KB) plus the page's own island: /settings, the heaviest, is 85.1 KB since the
// page joins the reminders' tab to the accounts' form itself and the form places server codes on its fields
export const APP_PAGE_BUDGET_KB = 86;
/** The tournament page is a landing too: plain script before interaction, React on the first click. */
export const LANDING_PAGE_BUDGET_KB = 20;

export interface PageWeight {
  bytes: number;
  inlineBytes: number;
  /** every loaded file by URL, with its gzip size */
  files: Map<string, number>;
  /** referenced scripts the site does not have (a broken page, not a light one) */
  missing: string[];
}

/** Reads a site URL ('/_astro/x.js') as bytes, or undefined when there is no such file. */
export type AssetReader = (url: string) => Buffer | undefined;

export function diskReader(clientDir: string): AssetReader {
  return (url) => {
    const file = path.join(clientDir, decodeURIComponent(url.split(/[?#]/)[0]));
    return fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file) : undefined;
  };
}

export const gzipSize = (data: string | Buffer) => zlib.gzipSync(data, { level: 9 }).length;

// static imports only: `import x from "./a.js"`, `import "./a.js"`, `export … from "./a.js"`
const STATIC_IMPORT = /(?:import|export)\s*(?:[^'"`();]*?from\s*)?["'`]([^"'`]+\.js)["'`]/g;
// `import("./a.js")`; what Vite preloads along with it is that module's static imports
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

const resolveUrl = (from: string, spec: string) =>
  spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(from), spec);

/** The entry points of a page: script URLs it loads at once, and the bodies of its inline scripts. */
export function pageEntries(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.push(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.push(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) urls.push(m[1]);
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(?:ld\+)?json"/.test(m[1])) continue; // data, not code
    if (!m[2].trim()) continue;
    inline.push(m[2]);
    for (const i of m[2].matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) urls.push(i[1]);
  }
  return { urls: urls.filter((u) => u.startsWith('/')), inline };
}

/** The gzip JavaScript a page loads before any interaction. */
export function pageWeight(html: string, read: AssetReader): PageWeight {
  const { urls, inline } = pageEntries(html);
  const files = new Map<string, number>();
  const missing: string[] = [];
  const visit = (url: string) => {
    if (files.has(url) || missing.includes(url)) return;
    const code = read(url);
    if (!code) return void missing.push(url);
    files.set(url, gzipSize(code));
    for (const m of code.toString().matchAll(STATIC_IMPORT)) visit(resolveUrl(url, m[1]));
  };
  urls.forEach(visit);
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);
  const bytes = inlineBytes + [...files.values()].reduce((a, b) => a + b, 0);
  return { bytes, inlineBytes, files, missing };
}

/** The modules a script can dynamically import itself (not through its static imports). */
export function dynamicImports(url: string, read: AssetReader): string[] {
  const code = read(url)?.toString() ?? '';
  const out = new Set<string>();
  for (const m of code.matchAll(DYNAMIC_IMPORT)) out.add(resolveUrl(url, m[1]));
  return [...out];
}

/** Every script a page can ever load: before interaction, and through any dynamic import after. */
export function reachableScripts(html: string, read: AssetReader): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    const code = read(url);
    if (!code) return;
    seen.add(url);
    const text = code.toString();
    for (const m of text.matchAll(STATIC_IMPORT)) visit(resolveUrl(url, m[1]));
    dynamicImports(url, read).forEach(visit);
  };
  pageEntries(html).urls.forEach(visit);
  return seen;
}

// the namespaces of the catalogue, by file name (locales/<lang>/<name>.json is built as /_astro/<name>.<hash>.js)
const namespaceFiles = () => new Set(fs.readdirSync(path.resolve('locales/en')).map((f) => path.basename(f, '.json')));

/** A built file of the catalogue: named after a namespace's file, and importing nothing (texts, no code). */
function isCatalogueFile(url: string, read: AssetReader, names: Set<string>): boolean {
  if (!names.has(path.posix.basename(url).replace(/\.[\w-]+\.js$/, ''))) return false;
  return ![...(read(url)?.toString() ?? '').matchAll(STATIC_IMPORT)].length;
}

/**
 * The dashboard's own code: the dashboard island and the section modules it loads. Libraries it
 * shares with the visitor pages (React, the toaster) are not its own, nor the texts of a namespace
 * that a visitor page's dialogs read too (the error texts).
 */
export function dashboardCode(dashboardHtml: string, read: AssetReader): string[] {
  const island = /<astro-island[^>]*component-url="([^"]+)"/.exec(dashboardHtml)?.[1];
  if (!island) return [];
  const names = namespaceFiles();
  return [island, ...dynamicImports(island, read).filter((url) => !isCatalogueFile(url, read, names))];
}

/** The built file of a static page: '/' is index.html, '/en/' en.html, '/en/login' en/login.html. */
export function staticPageFile(urlPath: string): string {
  const bare = urlPath.replace(/\/$/, '');
  return `${bare === '' ? 'index' : bare.slice(1)}.html`;
}

export const formatKB = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
