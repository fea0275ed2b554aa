import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiPolicy, readInlineHashes } from '../../../src/platform/http/security-headers.ts';
import { getMeasured } from '../../../scripts/lib/header-weight.ts';

/**
 * Security headers on pages, API answers and the API docs (src/platform/http/security-headers.ts). Pages
 * come from a small build written here: a page with the CSP meta tag Astro writes, whose hashes the
 * header must mirror.
 */
const scriptHash = "'sha256-zL4bQb7srcHKdr22uCFm7iueewAWpWygOliNMLhXf5A='";
const styleHash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const page = (title: string) =>
  '<!doctype html><html><head><meta http-equiv="content-security-policy" ' +
  `content="script-src 'self' ${scriptHash}; style-src 'self' ${styleHash};"><title>${title}</title></head>` +
  '<body></body></html>';

let distDir: string;
let http: TestApp;
let https: TestApp;
const prevIframe = process.env.TOURNAMENT_IFRAME_URL;
beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-dist-'));
  await fs.mkdir(path.join(distDir, 'client', 'en'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'client', 'index.html'), page('home'));
  await fs.writeFile(path.join(distDir, 'client', 'login.html'), page('login'));
  await fs.writeFile(path.join(distDir, 'client', 'en', 'login.html'), page('login'));
  await fs.writeFile(path.join(distDir, 'client', '404.html'), page('not found'));
  // files a page loads: a hashed bundle (with a brotli copy, as the build makes), a public/ image and text file
  await fs.mkdir(path.join(distDir, 'client', '_astro'), { recursive: true });
  const bundle = `export const app = ${JSON.stringify('x'.repeat(3000))};`;
  await fs.writeFile(path.join(distDir, 'client', '_astro', 'app.Ab12Cd.js'), bundle);
  await fs.writeFile(path.join(distDir, 'client', '_astro', 'app.Ab12Cd.js.br'), zlib.brotliCompressSync(bundle));
  await fs.writeFile(path.join(distDir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(distDir, 'client', 'robots.txt'), 'User-agent: *\n');
  process.env.TOURNAMENT_IFRAME_URL = 'https://brackets.example.org/t/{id}';
  http = await createTestApp({ distDir, publicOrigin: 'http://arena.test' });
  https = await createTestApp({ distDir, publicOrigin: 'https://arena.example' });
  await https.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (prevIframe === undefined) delete process.env.TOURNAMENT_IFRAME_URL;
  else process.env.TOURNAMENT_IFRAME_URL = prevIframe;
  await http?.close();
  await https?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

/** The directives of a CSP header, by name. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

const common = (headers: Record<string, unknown>, url: string) => {
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], url).toMatch(/camera=\(\)/);
  expect(headers['permissions-policy'], url).toMatch(/geolocation=\(\)/);
  expect(headers['content-security-policy'], url).toBeTruthy();
};

test('the hashes are read from the CSP meta tags of the built pages', () => {
  expect(readInlineHashes(path.join(distDir, 'client'))).toEqual({ script: [scriptHash], style: [styleHash] });
});

describe('pages', () => {
  test.each(['/', '/login', '/en/login', '/no-such-page'])(
    '%s: no framing by other sites, inline code only by hash',
    async (url) => {
      const res = await http.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      common(res.headers, url);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'", scriptHash]);
      expect(policy['style-src']).toEqual(["'self'", styleHash]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'https:', 'data:', 'blob:']);
      for (const sources of Object.values(policy)) expect(sources).not.toContain("'unsafe-inline'");
      for (const sources of Object.values(policy)) expect(sources).not.toContain("'unsafe-eval'");
    },
  );

  test.each(['/tournament/abc123/iframe', '/en/tournament/abc123/iframe'])(
    '%s may frame the configured tournament page origin, and only it',
    async (url) => {
      const res = await http.inject({ method: 'GET', url });
      common(res.headers, url);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['frame-src']).toEqual(['https://brackets.example.org']);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
    },
  );

  test('another page frames nothing, even with iframe in its query', async () => {
    const res = await http.inject({ method: 'GET', url: '/login?next=/tournament/1/iframe' });
    expect(csp(res.headers['content-security-policy'])['frame-src']).toEqual(["'none'"]);
  });
});

describe('API answers', () => {
  test.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/users/me', 401],
    ['GET', '/api/no-such-route', 404],
    ['POST', '/api/users/authenticate', 400],
  ] as const)('%s %s (%i): allow nothing and cannot be framed', async (method, url, status) => {
    const res = await http.inject({ method, url });
    expect(res.statusCode).toBe(status);
    common(res.headers, url);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  test('the API docs get the policy Swagger UI needs: its own scripts, no framing by others', async () => {
    const res = await http.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    common(res.headers, '/api/docs');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('HSTS follows PUBLIC_ORIGIN', () => {
  test('http origin: no Strict-Transport-Security, no upgrade-insecure-requests', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await http.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp(res.headers['content-security-policy'])['upgrade-insecure-requests'], url).toBeUndefined();
    }
  });
  // and the pages' content security policy says upgrade-insecure-requests
  test('https origin: a year of Strict-Transport-Security on pages and API answers', async () => {
    for (const url of ['/', '/login', '/api/health']) {
      const res = await https.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      common(res.headers, url);
    }
    expect(
      csp((await https.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])[
        'upgrade-insecure-requests'
      ],
    ).toEqual([]);
  });
});

/**
 * An asset's headers on the wire: type, length, encoding, caching and validators, nosniff and CORP,
 * Node's date and keep-alive.
 */
const ASSET_HEADER_BUDGET = 512;

const documentHeaders = ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy'];
documentHeaders.push('strict-transport-security', 'cross-origin-opener-policy', 'x-xss-protection');

describe('documents carry the policy, the files they load only what a file needs', () => {
  const files = ['/_astro/app.Ab12Cd.js', '/favicon.svg', '/robots.txt'];
  test.each(files)('%s: nosniff and same-origin CORP, no document header (hook path)', async (url) => {
    const res = await https.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of documentHeaders) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
  });

  test('over a socket: every file within the asset budget, each page with its full policy', async () => {
    const base = `http://127.0.0.1:${(https.app.server.address() as AddressInfo).port}`;
    // twice: the first answer goes through the hooks, the next ones at the socket (static-site.ts)
    for (let round = 0; round < 2; round++) {
      for (const url of files) {
        const { headerBytes: bytes, headers } = await getMeasured(base, url);
        expect(headers['content-security-policy'], url).toBeUndefined();
        expect(headers['x-content-type-options'], url).toBe('nosniff');
        expect(bytes, `${url}: ${bytes} bytes of headers`).toBeLessThanOrEqual(ASSET_HEADER_BUDGET);
      }
      for (const url of ['/', '/login']) {
        const { headers } = await getMeasured(base, url);
        common(headers, url);
        expect(headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    }
  });

  test('uploaded images (/media) get the short policy that allows nothing, not the page policy', async () => {
    const res = await http.inject({ method: 'GET', url: '/media/none/missing.png' });
    expect(res.headers['content-security-policy']).toBe(apiPolicy);
  });
});
