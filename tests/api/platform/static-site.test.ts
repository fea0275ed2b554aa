import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The built site served from memory (src/platform/http/static-site.ts), on a small build written
 * here in the shape of the real one (build.format 'file': dashboard.html beside the folder
 * dashboard/, en.html beside en/, hashed /_astro bundles with .br and .gz copies, public/ files).
 * Through `app.inject` (the hook path) and over a real socket (the path ahead of Fastify).
 */
const PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILE = 'public, max-age=3600, stale-while-revalidate=86400';

// pages long enough for their compressed copies to be smaller
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>` +
  `${`<p>${title} paragraph</p>`.repeat(80)}</body></html>`;
const files: Record<string, string> = {
  'index.html': page('home'),
  'competitions.html': page('competitions'),
  'dashboard.html': page('dashboard'),
  'dashboard/products.html': page('dashboard products'),
  'en.html': page('english home'),
  'en/competitions.html': page('english competitions'),
  '404.html': page('non trovata'),
  'en/404.html': page('not found'),
  '_astro/app.Ab12Cd.js': `export const app = ${JSON.stringify('x'.repeat(3000))};`,
  '_astro/tiny.Zz99.js': 'export {};',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'robots.txt': 'User-agent: *\nDisallow: /dashboard\n',
};
/** which files get compressed copies, as the build's precompress step does (1 KB or more) */
const compressed = (rel: string) => files[rel].length >= 1024;

let distDir: string;
let t: TestApp;
let base: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-static-'));
  const client = path.join(distDir, 'client');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(client, rel)), { recursive: true });
    fs.writeFileSync(path.join(client, rel), text);
    if (compressed(rel)) {
      fs.writeFileSync(path.join(client, `${rel}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(client, `${rel}.gz`), zlib.gzipSync(text));
    }
  }
  // a file outside the build that no URL may reach
  fs.writeFileSync(path.join(distDir, 'secret.txt'), 'not public');
  t = await createTestApp({ distDir, publicOrigin: 'http://arena.test' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.inject({ method, url, headers });
const decode = (body: Buffer, encoding: unknown) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString();

describe('URL to file, as the site has always answered', () => {
  test.each([
    ['/', 'index.html'],
    ['/index.html', 'index.html'],
    ['/competitions', 'competitions.html'],
    ['/competitions/', 'competitions.html'],
    ['/competitions.html', 'competitions.html'],
    ['/competitions?utm_source=ad&x=%ZZ', 'competitions.html'],
    ['/dashboard', 'dashboard.html'],
    ['/dashboard/', 'dashboard.html'],
    ['/dashboard/products', 'dashboard/products.html'],
    ['/en', 'en.html'],
    ['/en/', 'en.html'],
    ['/en/competitions', 'en/competitions.html'],
    ['/_astro/app.Ab12Cd.js', '_astro/app.Ab12Cd.js'],
    ['/_astro/tiny.Zz99.js', '_astro/tiny.Zz99.js'],
    ['/favicon.svg', 'favicon.svg'],
    ['/robots.txt', 'robots.txt'],
    ['/%72obots.txt', 'robots.txt'],
  ])('%s is %s', async (url, file) => {
    const res = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(decode(res.rawPayload, res.headers['content-encoding'])).toBe(files[file]);
  });

  test.each([
    ['/no-such-page', 'non trovata'],
    ['/en/no-such-page', 'not found'],
    ['/favicon.svg/', 'non trovata'],
    // a compressed copy is an encoding of its file, not a file of its own
    ['/competitions.html.br', 'non trovata'],
    ['/Competitions', 'non trovata'],
  ])('%s is the 404 page (%s), from memory', async (url, title) => {
    const res = await get(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res.rawPayload, 'br')).toBe(page(title));
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  });

  test.each([
    ['/it', '/'],
    ['/it/', '/'],
    ['/it/competitions?page=2', '/competitions?page=2'],
    ['/it?x=1', '/?x=1'],
    ['/it//evil.example/x', '/evil.example/x'],
    ['/it/\\evil.example', '/evil.example'],
  ])('the Italian prefix %s, which Italian pages do not carry, leads to %s', async (url, to) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  test('a path that only starts with the letters "it" is not redirected', async () => {
    expect((await get('/items')).statusCode).toBe(404);
  });

  test.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/client/index.html',
    '/%00',
    '/.%2e/client/index.html',
  ])('a path traversal attempt (%s) is a 404', async (url) => {
    for (const res of [await get(url), await fetch(base + url)]) {
      const status = 'statusCode' in res ? res.statusCode : res.status;
      const body = 'statusCode' in res ? res.body : await res.text();
      expect(status, url).toBe(404);
      expect(body).not.toContain('not public');
    }
  });

  test('a bundle the build lacks is a small 404 nobody keeps, not the 404 page, on both paths', async () => {
    for (const url of ['/_astro/missing.js', '/_astro/app.Ab12Cd.js/x', '/_astro/app.Zz00.js?v=1']) {
      const hook = await get(url, { 'accept-encoding': 'br' });
      const socket = await fetch(base + url, { headers: { 'accept-encoding': 'br' } });
      const answers = [
        { status: hook.statusCode, body: hook.body, header: (h: string) => hook.headers[h] },
        { status: socket.status, body: await socket.text(), header: (h: string) => socket.headers.get(h) },
      ];
      for (const res of answers) {
        expect(res.status, url).toBe(404);
        expect(res.header('cache-control')).toBe('no-store');
        expect(res.header('content-type')).toBe('text/plain; charset=utf-8');
        expect(res.header('content-encoding') ?? undefined).toBeUndefined();
        expect(res.header('content-security-policy')).toMatch(/frame-ancestors 'self'/);
        expect(res.body).toBe('Not found\n');
      }
    }
  });

  test('other methods are not answered from the table', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      expect((await t.inject({ method, url: '/competitions' })).statusCode).toBe(404);
  });
});

describe('encodings', () => {
  test.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip, deflate, br;q=1.0', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets %s', async (accept, encoding) => {
    for (const url of ['/competitions', '/_astro/app.Ab12Cd.js']) {
      const res = await get(url, accept ? { 'accept-encoding': accept } : {});
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload, encoding), url).toBe(
        files[url === '/competitions' ? 'competitions.html' : '_astro/app.Ab12Cd.js'],
      );
    }
  });

  test('a file without compressed copies is sent as it is, whatever the client accepts', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(files['favicon.svg']);
    expect(res.headers.vary).toBe('Accept-Encoding');
  });
});

describe('validators', () => {
  test('a strong ETag per copy; a matching If-None-Match gets a 304 with no body', async () => {
    const etags = new Set<string>();
    for (const accept of ['br', 'gzip', '']) {
      const first = await get('/competitions', { 'accept-encoding': accept });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      etags.add(etag);
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get('/competitions', { 'accept-encoding': accept, 'if-none-match': inm });
        expect(again.statusCode, inm).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(PAGE);
      }
      expect((await get('/competitions', { 'accept-encoding': accept, 'if-none-match': '"other"' })).statusCode).toBe(
        200,
      );
    }
    expect(etags.size).toBe(3);
  });

  test('the ETag follows the content: two pages differ, a page and its alias agree', async () => {
    const a = await get('/competitions', { 'accept-encoding': 'br' });
    expect((await get('/competitions.html', { 'accept-encoding': 'br' })).headers.etag).toBe(a.headers.etag);
    expect((await get('/dashboard', { 'accept-encoding': 'br' })).headers.etag).not.toBe(a.headers.etag);
  });

  test('If-Modified-Since without If-None-Match: 304 when nothing changed since', async () => {
    const first = await get('/robots.txt');
    const lastModified = String(first.headers['last-modified']);
    expect((await get('/robots.txt', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get('/robots.txt', { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode).toBe(200);
    // If-None-Match wins when both come
    expect(
      (await get('/robots.txt', { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).statusCode,
    ).toBe(200);
  });
});

test('HEAD: the headers of GET, no body', async () => {
  for (const url of ['/competitions', '/_astro/app.Ab12Cd.js', '/favicon.svg']) {
    const got = await get(url, { 'accept-encoding': 'br' });
    const head = await get(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'etag',
      'cache-control',
      'vary',
      'content-security-policy',
    ])
      expect(head.headers[name], `${url} ${name}`).toEqual(got.headers[name]);
  }
});

describe('caching and security headers', () => {
  test.each([
    ['/', PAGE, 'text/html; charset=utf-8'],
    ['/en/', PAGE, 'text/html; charset=utf-8'],
    ['/_astro/app.Ab12Cd.js', IMMUTABLE, 'application/javascript; charset=utf-8'],
    ['/favicon.svg', PUBLIC_FILE, 'image/svg+xml'],
    ['/robots.txt', PUBLIC_FILE, 'text/plain; charset=utf-8'],
  ])('%s: %s', async (url, policy, type) => {
    const res = await get(url);
    expect(res.headers['cache-control']).toBe(policy);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (type.startsWith('text/html')) {
      // the headers every page had before (src/platform/http/security-headers.ts)
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
    } else {
      // a script, an image, a text file: what rules a document is read from the page, not from these
      const pageOnly = ['content-security-policy', 'permissions-policy', 'x-frame-options', 'x-request-id'];
      const documentOnly = [...pageOnly, 'referrer-policy', 'cross-origin-opener-policy'];
      for (const name of documentOnly) expect(res.headers[name], name).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  test('the socket answers with exactly the headers of the hook path', async () => {
    const skip = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding']);
    const pick = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => !skip.has(k.toLowerCase())));
    // the first answer goes through the hooks and lends the socket path its security headers
    await fetch(`${base}/favicon.svg`);
    for (const url of ['/', '/en/', '/competitions', '/dashboard/products', '/_astro/app.Ab12Cd.js', '/favicon.svg']) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const viaHooks = await get(url, { 'accept-encoding': accept });
        const viaSocket = await fetch(base + url, { headers: { 'accept-encoding': accept } });
        const socketHeaders = Object.fromEntries(viaSocket.headers);
        expect(viaSocket.status).toBe(200);
        expect(pick(socketHeaders), `${url} ${accept}`).toEqual(pick(viaHooks.headers));
        const page = url.startsWith('/_astro/') || url === '/favicon.svg' ? null : url;
        if (page) expect(socketHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        else expect(socketHeaders['x-request-id'], url).toBeUndefined();
        const inm = await fetch(base + url, {
          headers: { 'accept-encoding': accept, 'if-none-match': String(viaHooks.headers.etag) },
        });
        expect(inm.status).toBe(304);
        const policy = viaHooks.headers['content-security-policy'];
        expect(inm.headers.get('content-security-policy') ?? undefined).toBe(policy);
      }
    }
    // an inbound request id is kept, as Fastify does
    expect((await fetch(`${base}/`, { headers: { 'x-request-id': 'edge-abc.123' } })).headers.get('x-request-id')).toBe(
      'edge-abc.123',
    );
  });

  test('the API is never answered from the table', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });
});

// and fs is not touched
test('no file-system call per request: the build deleted after start is still served', async () => {
  const spies = [
    vi.spyOn(fs, 'readFileSync'),
    vi.spyOn(fs, 'statSync'),
    vi.spyOn(fs, 'existsSync'),
    vi.spyOn(fs, 'createReadStream'),
    vi.spyOn(fs, 'openSync'),
    vi.spyOn(fs, 'readdirSync'),
    vi.spyOn(fs.promises, 'readFile'),
    vi.spyOn(fs.promises, 'stat'),
    vi.spyOn(fs.promises, 'open'),
  ];
  const moved = `${distDir}-moved`;
  fs.renameSync(distDir, moved);
  // the spies do see a call made through the module the server uses
  fs.statSync(moved);
  expect(spies[1]).toHaveBeenCalledTimes(1);
  spies[1].mockClear();
  try {
    for (const url of ['/', '/competitions', '/en/', '/_astro/app.Ab12Cd.js', '/favicon.svg', '/no-such-page']) {
      const status = url === '/no-such-page' ? 404 : 200;
      expect((await get(url, { 'accept-encoding': 'br' })).statusCode, url).toBe(status);
      const res = await fetch(base + url, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status, url).toBe(status);
      expect((await res.text()).length).toBeGreaterThan(0);
    }
    for (const spy of spies) expect(spy, spy.getMockName()).not.toHaveBeenCalled();
  } finally {
    fs.renameSync(moved, distDir);
    for (const spy of spies) spy.mockRestore();
  }
});
