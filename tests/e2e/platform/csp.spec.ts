import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { watchViolations } from '../csp-watch.ts';
import { anyFreePort } from '../../api/helpers/server-process.ts';

/**
 * Content-Security-Policy checks beyond the page walks: every page's policy, in both languages, logged
 * out, as a player and as an admin, is checked by the accessibility walks (csp-watch.ts), which load
 * each page anyway. Here: the API docs, framing by another site, and the tournament iframe page.
 */

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
      body:
        `<!doctype html><title>overlay</title><iframe id="victim" src="${baseURL}/login"></iframe>` +
        '<iframe id="control" src="http://neutral.example.test/"></iframe>',
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
    // a server's first start on a loaded machine can take most of a minute, as the fixtures' own (fixtures.ts)
    test.setTimeout(120_000);
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
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 90_000 })
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
