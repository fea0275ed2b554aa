import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { cachePolicy } from '../http-cache-policy.ts';
import { pickEncoding } from './response-cache.ts';
import { assetSecurityHeaders, dropDocumentHeaders } from './security-headers.ts';

/**
 * The built site's files (dist/client: prerendered pages, `/_astro` bundles, `public/` files),
 * read once at start and answered from memory: no file-system call per request, the build's
 * brotli and gzip copies (astro.config.mjs) chosen by Accept-Encoding, a strong ETag per copy and
 * every header computed once. The whole client build is a few MB.
 *
 * URL → file, as the site has always answered (build.format 'file'): a file by its own path
 * (`/_astro/x.js`, `/favicon.svg`, `/login.html`); `/` and `/x/` by their folder's index.html;
 * `/x` and `/x/` by x.html (`/dashboard` is dashboard.html although dashboard/ is a folder too,
 * likewise `/en` and `/en/`). Only paths in the table answer, so `..` or an encoded slash can never
 * reach a file outside the build.
 */
export type Encoding = 'br' | 'gzip';

interface Copy {
  body: Buffer;
  etag: string;
  headers: Record<string, string | number>;
}

export interface StaticFile {
  identity: Copy;
  br?: Copy;
  gzip?: Copy;
  cacheControl: string;
  lastModified: string;
  /** the modification time, whole seconds (what Last-Modified can say) */
  modifiedMs: number;
  /** an HTML page: it gets every security header; any other file only assetSecurityHeaders, in its own headers */
  document: boolean;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
export const contentType = (file: string) => types[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * How long each kind of file may be kept (src/platform/http-cache-policy.ts): content-hashed
 * bundles forever; pages by a CDN for minutes while browsers revalidate; other public files an hour.
 */
export function fileCachePolicy(rel: string): string {
  if (rel.startsWith('_astro/')) return cachePolicy.immutable;
  return rel.endsWith('.html') ? cachePolicy.page : cachePolicy.publicFile;
}

/** Every file under `dir` as a path relative to it with forward slashes; dotfiles left out. */
function walk(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    const rel = prefix + e.name;
    return e.isDirectory() ? walk(path.join(dir, e.name), `${rel}/`) : e.isFile() ? [rel] : [];
  });
}

/** Every file of a client build (or of one folder of it, `prefix` being its path) with its `.br`/`.gz` copies. */
function readFiles(clientDir: string, prefix = ''): Map<string, StaticFile> {
  const all = walk(path.join(clientDir, prefix), prefix);
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  for (const rel of all) {
    // a compressed copy is an encoding of its original, never a file of its own
    if ((rel.endsWith('.br') || rel.endsWith('.gz')) && present.has(rel.slice(0, -3))) continue;
    const full = path.join(clientDir, rel);
    const body = fs.readFileSync(full);
    const mtime = fs.statSync(full).mtime;
    const lastModified = mtime.toUTCString();
    const modifiedMs = Math.floor(mtime.getTime() / 1000) * 1000;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 24);
    const cacheControl = fileCachePolicy(rel);
    const type = contentType(rel);
    const document = type.startsWith('text/html');
    const security = document ? {} : assetSecurityHeaders;
    const caching = { 'cache-control': cacheControl, vary: 'Accept-Encoding', 'last-modified': lastModified };
    const base = { 'content-type': type, ...caching, ...security };
    const copy = (data: Buffer, etag: string, encoding?: Encoding): Copy => ({
      body: data,
      etag,
      headers: { ...base, etag, 'content-length': data.length, ...(encoding ? { 'content-encoding': encoding } : {}) },
    });
    const file: StaticFile = { identity: copy(body, `"${hash}"`), cacheControl, lastModified, modifiedMs, document };
    // a copy no smaller than the original is not worth the client's decoding
    if (present.has(`${rel}.br`)) {
      const br = fs.readFileSync(`${full}.br`);
      if (br.length < body.length) file.br = copy(br, `"${hash}-br"`, 'br');
    }
    if (present.has(`${rel}.gz`)) {
      const gz = fs.readFileSync(`${full}.gz`);
      if (gz.length < body.length) file.gzip = copy(gz, `"${hash}-gz"`, 'gzip');
    }
    files.set(rel, file);
  }
  return files;
}

/** A build's hashed bundles (`client/_astro`) by URL path (`/_astro/x.js`), for another release's pages. */
export function readAssets(clientDir: string): Map<string, StaticFile> {
  return new Map([...readFiles(clientDir, '_astro/')].map(([rel, f]) => [`/${rel}`, f]));
}

export class StaticSite {
  private readonly byPath = new Map<string, StaticFile>();
  /** the prerendered 404 pages, Italian and English */
  readonly notFound: { it: StaticFile | null; en: StaticFile | null };
  readonly fileCount: number;
  readonly bytes: number;
  private otherAssets?: (pathname: string) => StaticFile | undefined;

  private constructor(files: Map<string, StaticFile>) {
    let bytes = 0;
    for (const f of files.values())
      bytes += f.identity.body.length + (f.br?.body.length ?? 0) + (f.gzip?.body.length ?? 0);
    this.fileCount = files.size;
    this.bytes = bytes;
    // precedence as before: the file itself, then a folder's index.html, then `<path>.html`
    for (const [rel, f] of files) this.byPath.set(`/${rel}`, f);
    for (const [rel, f] of files) {
      if (rel !== 'index.html' && !rel.endsWith('/index.html')) continue;
      const dir = `/${rel.slice(0, -'index.html'.length)}`;
      this.alias(dir, f);
      if (dir !== '/') this.alias(dir.slice(0, -1), f);
    }
    for (const [rel, f] of files) {
      if (!rel.endsWith('.html')) continue;
      const page = `/${rel.slice(0, -'.html'.length)}`;
      this.alias(page, f);
      this.alias(`${page}/`, f);
    }
    this.notFound = { it: files.get('404.html') ?? null, en: files.get('en/404.html') ?? null };
  }

  private alias(url: string, f: StaticFile) {
    if (!this.byPath.has(url)) this.byPath.set(url, f);
  }

  /**
   * Reads every file of a client build with its `.br`/`.gz` copies. `otherAssets` answers a hashed
   * bundle (`/_astro/…`) this build lacks: another release's (src/platform/http/release-assets.ts).
   */
  static load(clientDir: string, otherAssets?: (pathname: string) => StaticFile | undefined): StaticSite {
    const site = new StaticSite(readFiles(clientDir));
    site.otherAssets = otherAssets;
    return site;
  }

  /** The file a request URL names (its query ignored), if the build has one. */
  lookup(url: string): StaticFile | undefined {
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const hit = this.byPath.get(pathname);
    if (hit) return hit;
    if (this.otherAssets && isAsset(pathname)) return this.otherAssets(pathname);
    if (!pathname.includes('%')) return undefined;
    try {
      return this.byPath.get(decodeURIComponent(pathname));
    } catch {
      return undefined;
    }
  }

  /** The prerendered 404 page for a URL: the English one under /en/. */
  notFoundPage(url: string): StaticFile | null {
    return (url.startsWith('/en/') || url === '/en' ? this.notFound.en : null) ?? this.notFound.it;
  }
}

/** A path under `/_astro/`, where the content-hashed bundles live (query ignored). */
export const isAsset = (url: string) => url.startsWith('/_astro/');

/**
 * A hashed bundle no release has: a small 404 that nobody keeps (no-store), not the HTML 404 page.
 * An edge must not hold it: the file may turn up a moment later, when the worker that answered
 * is replaced by one of the release that has it.
 */
const missingAssetBody = Buffer.from('Not found\n');
export function writeMissingAsset(res: ServerResponse, method: string, extra?: OutgoingHttpHeaders) {
  res.writeHead(404, {
    ...extra,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': missingAssetBody.length,
  });
  res.end(method === 'HEAD' ? undefined : missingAssetBody);
}

/** The copy to send: brotli, else gzip, else the original, as the client accepts. */
export function chooseCopy(file: StaticFile, acceptEncoding: string | string[] | undefined): Copy {
  if (!acceptEncoding || (!file.br && !file.gzip)) return file.identity;
  const encoding = pickEncoding(acceptEncoding);
  return (encoding === 'br' ? (file.br ?? file.gzip) : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
}

/** If-None-Match names this copy (weak comparison, as RFC 9110 asks for a GET), or is `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const tag of ifNoneMatch.split(',')) {
    const t = tag.trim();
    if ((t.startsWith('W/') ? t.slice(2) : t) === etag) return true;
  }
  return false;
}

/** The copy's headers for a 404 (the not-found page): no validator, no lifetime, as before. */
const notFoundHeaders = new WeakMap<Copy, Record<string, string | number>>();
function headersFor404(copy: Copy) {
  let h = notFoundHeaders.get(copy);
  if (!h) {
    h = { ...copy.headers };
    delete h.etag;
    delete h['last-modified'];
    delete h['cache-control'];
    notFoundHeaders.set(copy, h);
  }
  return h;
}

/**
 * The client's copy is current: If-None-Match names this copy, or (without it) nothing changed since If-Modified-Since.
 */
function fresh(headers: RequestHeaders, file: StaticFile, copy: Copy): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) return matches(inm, copy.etag);
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && file.modifiedMs <= since;
}

interface RequestHeaders {
  'accept-encoding'?: string | string[];
  'if-none-match'?: string;
  'if-modified-since'?: string;
}

/**
 * Writes a file's answer on the raw response: 304 when the client's copy is current, else the
 * chosen copy (headers only for HEAD); `status` 404 for the not-found page. For a page, `extra`
 * headers (the request id) join the precomputed ones and headers already set on the response (the
 * security headers, set by earlier hooks) stay; any other file sends its own few headers only.
 */
export function writeFile(
  res: ServerResponse,
  method: string,
  headers: RequestHeaders,
  file: StaticFile,
  status: 200 | 404,
  extra?: Record<string, string>,
) {
  const copy = chooseCopy(file, headers['accept-encoding']);
  if (!file.document) {
    dropDocumentHeaders(res);
    extra = undefined;
  }
  if (status === 404) {
    res.writeHead(404, { ...headersFor404(copy), ...extra });
  } else if (fresh(headers, file, copy)) {
    res.writeHead(304, { ...notModifiedHeaders(file, copy), ...extra });
    res.end();
    return;
  } else {
    res.writeHead(200, extra ? { ...copy.headers, ...extra } : copy.headers);
  }
  res.end(method === 'HEAD' ? undefined : copy.body);
}

const notModifiedHeaders = (file: StaticFile, copy: Copy) => ({
  etag: copy.etag,
  'cache-control': file.cacheControl,
  vary: 'Accept-Encoding',
  'last-modified': file.lastModified,
});

/**
 * The socket-level answer of a built file, ahead of Fastify's routing and hooks (installed by
 * src/app/site.ts): a request for a file of the table is answered here in one
 * `writeHead` of headers merged once per copy, for a page `security` (the headers every page gets,
 * taken from one answer of the hook path) and the request id included; any other file sends its
 * own few headers only (assetSecurityHeaders). Anything else returns false and goes to Fastify.
 * Such answers leave no request log line: a static host's hits are counted at the edge.
 */
export function socketResponder(
  site: StaticSite,
  security: OutgoingHttpHeaders,
  requestId: (req: IncomingMessage) => string,
) {
  const merged = new WeakMap<Copy, OutgoingHttpHeaders>();
  const full = (copy: Copy) => {
    let h = merged.get(copy);
    if (!h) merged.set(copy, (h = { ...security, ...copy.headers }));
    return h;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (url.startsWith('/api/') || url === '/api') return false;
    const file = site.lookup(url);
    if (!file) {
      if (!isAsset(url)) return false;
      writeMissingAsset(res, method, { ...security, 'x-request-id': requestId(req) });
      return true;
    }
    const copy = chooseCopy(file, req.headers['accept-encoding']);
    if (!file.document) {
      if (fresh(req.headers, file, copy)) res.writeHead(304, notModifiedHeaders(file, copy)).end();
      else res.writeHead(200, copy.headers).end(method === 'HEAD' ? undefined : copy.body);
      return true;
    }
    const id = requestId(req);
    if (fresh(req.headers, file, copy)) {
      res.writeHead(304, { ...security, ...notModifiedHeaders(file, copy), 'x-request-id': id });
      res.end();
    } else {
      res.writeHead(200, { ...full(copy), 'x-request-id': id });
      res.end(method === 'HEAD' ? undefined : copy.body);
    }
    return true;
  };
}
