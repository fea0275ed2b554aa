import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { arena, expect, test } from '../fixtures.ts';
import { hydrated } from '../helpers.ts';
import { appPages, en, landingPages, staticPages } from '../site-pages.ts';
import { anyFreePort } from '../../api/helpers/server-process.ts';

/**
 * Every page, in both languages, logged out and logged in (as the demo admin, so
 * the dashboard renders too), loads without a single Content-Security-Policy violation, reported
 * either as a `securitypolicyviolation` event or as a console message. The policy is the header of
 * src/platform/http/security-headers.ts together with the meta tag Astro writes (astro.config.mjs).
 */
const ADMIN = { email: 'admin@demo.arena', password: 'demo-admin-2026' };
const clientDir = path.resolve(process.env.DIST_DIR || 'dist', 'client');

const pages = [...staticPages, ...landingPages, ...appPages, '/tournament/{tournament}/iframe', '/no-such-page'];

/** Every dashboard section the build has (dist/client/dashboard/**.html). */
function dashboardPages(): string[] {
  const walk = (dir: string, rel: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(dir, e.name), `${rel}/${e.name}`)
          : e.name.endsWith('.html')
            ? [`${rel}/${e.name.slice(0, -'.html'.length)}`]
            : [],
      );
  return ['/dashboard', ...walk(path.join(clientDir, 'dashboard'), '/dashboard')].sort();
}

interface Session {
  token: string;
  user: unknown;
}
let session: Session | undefined;
let ids: { tournament: string; article: string } | undefined;

async function prepare(request: APIRequestContext) {
  if (session && ids) return { session, ids };
  const auth = await request.post('/api/users/authenticate', { data: ADMIN });
  expect(auth.status()).toBe(200);
  session = (await auth.json()).data as Session;
  const tournaments = await (await request.get('/api/tournaments?limit=1')).json();
  const created = await request.post('/api/news', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      title: { it: 'CSP', en: 'CSP' },
      summary: { it: 'Sommario', en: 'Summary' },
      body: { it: '<p>Testo <a href="https://example.com">link</a></p>', en: '<p>Text</p>' },
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  ids = { tournament: tournaments.data[0].id, article: (await created.json()).data.id };
  return { session, ids };
}

/**
 * Records violations from the start of every document: the `securitypolicyviolation` event (sent to
 * the console by an init script) and Chromium's own console line, which Playwright's console event
 * does not carry (it is a browser log entry, read here through the DevTools protocol).
 */
async function watchViolations(page: Page) {
  const found: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/Content Security Policy/i.test(entry.text)) found.push(`${page.url()}: ${entry.text}`);
  });
  await cdp.send('Log.enable');
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP-VIOLATION ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      );
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/CSP-VIOLATION|Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text))
      found.push(`${page.url()}: ${text}`);
  });
  return found;
}

/**
 * The rule of the headers: documents carry the CSP, the files they load (scripts, styles, images,
 * fonts of this origin) do not, as the browser reads a policy from the document only; uploaded
 * images carry the short one that allows nothing. Returns the files that broke it.
 */
function watchFileHeaders(page: Page) {
  const wrong: string[] = [];
  const origin = new URL(arena().url).origin;
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    const file = ['script', 'stylesheet', 'image', 'font'].includes(type);
    if (!res.url().startsWith(origin) || !file || res.status() !== 200) return;
    const policy = (await res.allHeaders().catch(() => null))?.['content-security-policy'];
    if (!policy) return;
    // an uploaded image keeps the short policy that allows nothing (user content opened on its own)
    if (new URL(res.url()).pathname.startsWith('/media/') && policy.startsWith("default-src 'none'")) return;
    wrong.push(`${type} ${res.url()} carries a CSP: ${policy.slice(0, 40)}…`);
  });
  return wrong;
}

async function visit(page: Page, url: string) {
  // an edit page opened without an id sends itself back to its list, and that navigation can
  // cancel the next goto: go again once it has happened
  const res = await page.goto(url).catch(async (e: Error) => {
    if (!/ERR_ABORTED/.test(e.message)) throw e;
    await page.waitForLoadState('load');
    return page.goto(url);
  });
  expect(res, url).not.toBeNull();
  // the server's whole policy, also on the on-demand pages Astro renders (it writes a header of its own)
  expect(res!.headers()['content-security-policy'], `${url} has the server's CSP header`).toContain(
    "frame-ancestors 'self'",
  );
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

for (const state of ['logged out', 'logged in'] as const) {
  for (const lang of ['it', 'en'] as const) {
    test(`no CSP violation on any page (${state}, ${lang})`, async ({ page }) => {
      // a hang detector, not a speed check (the walks run beside the other long ones on a 2-core machine)
      test.setTimeout(480_000);
      const { session, ids } = await prepare(page.request);
      const violations = await watchViolations(page);
      const filesWithPolicy = watchFileHeaders(page);
      if (state === 'logged in') {
        await page.goto('/privacy-policy');
        await page.evaluate(({ user, token }) => {
          localStorage.setItem('user', JSON.stringify(user));
          localStorage.setItem('token', token);
        }, session);
      }
      const list = [...pages, ...(state === 'logged in' ? dashboardPages() : ['/dashboard'])];
      for (const p of list) {
        const url = p
          .replace('{tournament}', encodeURIComponent(ids.tournament))
          .replace('{article}', encodeURIComponent(ids.article));
        await visit(page, lang === 'en' ? en(url) : url);
      }
      expect(violations).toEqual([]);
      expect(filesWithPolicy).toEqual([]);
    });
  }
}

test('the API docs (Swagger UI) load without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  // Swagger UI's bundle is large: a slow machine takes a while to run it
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a page of another site cannot frame /login', async ({ page, baseURL }) => {
  await page.route('http://attacker.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>overlay</title><iframe id="victim" src="${baseURL}/login"></iframe><iframe id="control" src="http://neutral.example.test/"></iframe>`,
    }),
  );
  await page.route('http://neutral.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p id="neutral">framed</p>' }),
  );
  await page.goto('http://attacker.example.test/');
  // a page without frame-ancestors is framed (so the check below is about /login's policy)
  await expect(page.frameLocator('#control').locator('#neutral')).toHaveText('framed');
  // Chromium replaces a frame refused by frame-ancestors with its error page
  await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
  expect(page.frames().some((f) => f.url().endsWith('/login'))).toBe(false);
  await expect(page.frameLocator('#victim').getByTestId('login-email')).toHaveCount(0);
});

/**
 * The tournament iframe page frames the configured page's origin and no other. TOURNAMENT_IFRAME_URL
 * is read by the server at request time, so a second server with it set is started here (the main
 * one runs without it, where the page says it is not configured).
 */
test.describe('the tournament iframe page', () => {
  let origin = '';
  let server: ChildProcess | undefined;
  let dataDir = '';
  test.beforeAll(async () => {
    const port = await anyFreePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-csp-iframe-'));
    server = spawn(process.execPath, ['src/app/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PUBLIC_ORIGIN: origin,
        LOG_LEVEL: 'warn',
        TOURNAMENT_IFRAME_URL: 'https://brackets.example.test/t/{id}',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 30_000 })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const lang of ['it', 'en'] as const) {
    test(`embeds the configured origin without a violation, and refuses any other (${lang})`, async ({ page }) => {
      const violations = await watchViolations(page);
      await page.route('https://brackets.example.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><p id="bracket">Bracket</p>' }),
      );
      await page.route('https://evil.example.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><p id="evil">Evil</p>' }),
      );
      const url = `${origin}${lang === 'en' ? '/en' : ''}/tournament/8d1f5c2e-4b7a-4e0c-9a63-2f1d7b9e4c10/iframe`;
      await page.goto(url);
      await expect(page.getByTestId('tournament-iframe')).toHaveAttribute(
        'src',
        'https://brackets.example.test/t/8d1f5c2e-4b7a-4e0c-9a63-2f1d7b9e4c10',
      );
      await expect(page.frameLocator('[data-testid="tournament-iframe"]').locator('#bracket')).toHaveText('Bracket');
      expect(violations).toEqual([]);

      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.src = 'https://evil.example.test/x';
        document.body.append(frame);
      });
      await expect.poll(() => violations.some((v) => /frame-src/.test(v) && /evil\.example\.test/.test(v))).toBe(true);
    });
  }
});
