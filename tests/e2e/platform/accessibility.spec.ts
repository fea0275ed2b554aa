import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { expectServerPolicy, watchPolicy } from '../csp-watch.ts';
import { authenticate, hydrated, storeSession, type Session } from '../helpers.ts';
import { appPages, en, landingPages, staticPages } from '../site-pages.ts';

/**
 * Axe-core finds no serious and no critical violation (WCAG 2.1 A and AA) on any
 * public or player page, in both languages, logged out and logged in as a demo player. The page
 * list is site-pages.ts, shared with the budget walk, so a new page is checked too. The same walk
 * finds no Content-Security-Policy violation and no file carrying a policy (csp-watch.ts), and no request the
 * pages make answered with an error or a line in the browser's console saying one (a page that asks for what the
 * visitor may not have, and is refused, shows that to anyone who opens the console): each page is loaded once for
 * all the checks.
 */
const PLAYER = { email: 'giulia@demo.arena', password: 'demo-player-2026' };
// the first tournament of the list, and one still counting down to its check-in (the countdown's markup)
const pages = [
  ...staticPages,
  ...landingPages,
  ...appPages,
  '/tournament/{upcoming}',
  '/tournament/{tournament}/iframe',
  '/no-such-page',
];

// the four walks only read, and each takes minutes: spread them over the workers (each has its own server)
test.describe.configure({ mode: 'parallel' });

let prepared: { session: Session; tournament: string; upcoming: string; article: string } | undefined;
async function prepare(request: APIRequestContext) {
  if (prepared) return prepared;
  const session = await authenticate(request, PLAYER);
  const list = (await (await request.get('/api/tournaments?limit=50')).json()).data as {
    id: string;
    start_checkin: string | null;
  }[];
  const tournament = list[0].id;
  const upcoming = list.find((t) => t.start_checkin && Date.parse(t.start_checkin) > Date.now())!.id;
  const article = (await (await request.get('/api/news?limit=1')).json()).data[0].id as string;
  prepared = { session, tournament, upcoming, article };
  return prepared;
}

/**
 * The requests a page makes that are answered with an error, and the errors the browser's console shows, but for
 * the one page meant to be missing: its own answer is the 404 it shows.
 */
function watchFailures(page: Page): string[] {
  const failed: string[] = [];
  const meant = (url: string) => new URL(url).pathname.endsWith('/no-such-page');
  page.on('response', (r) => {
    if (r.status() >= 400 && !(r.request().isNavigationRequest() && meant(r.url())))
      failed.push(`${r.status()} ${r.url()} (on ${page.url()})`);
  });
  page.on('console', (m) => {
    // a refused request is logged as "Failed to load resource": the answer above names it
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      failed.push(`${page.url()}: ${m.text()}`);
  });
  return failed;
}

for (const state of ['logged out', 'logged in'] as const) {
  for (const lang of ['it', 'en'] as const) {
    test(`no serious or critical axe violation on any player page (${state}, ${lang})`, async ({ page }) => {
      // a hang detector, not a speed check: a walk of every page took over 5 minutes on a loaded 2-core machine
      test.setTimeout(600_000);
      const { session, tournament, upcoming, article } = await prepare(page.request);
      const policy = await watchPolicy(page);
      if (state === 'logged in') await storeSession(page, session, '/privacy-policy');
      const found: string[] = [];
      const failed = watchFailures(page);
      // logged out, the dashboard is the sign-in the guard leads to
      for (const p of [...pages, ...(state === 'logged out' ? ['/dashboard'] : [])]) {
        const url = p
          .replace('{tournament}', encodeURIComponent(tournament))
          .replace('{article}', encodeURIComponent(article))
          .replace('{upcoming}', encodeURIComponent(upcoming));
        const address = lang === 'en' ? en(url) : url;
        expectServerPolicy(await page.goto(address), address);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousViolations(page)));
      }
      expect(found).toEqual([]);
      expect(failed).toEqual([]);
      policy.check();
    });
  }
}

test('the walk’s check reports a serious violation a page has', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate(() => {
    const picture = document.createElement('img');
    picture.src = '/favicon.svg';
    document.querySelector('main')!.append(picture, document.createElement('button'));
  });
  const found = (await seriousViolations(page)).join('\n');
  expect(found).toContain('image-alt (critical)');
  expect(found).toContain('button-name (critical)');
});
