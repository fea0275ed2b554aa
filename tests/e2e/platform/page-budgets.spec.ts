import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  APP_PAGE_BUDGET_KB,
  dashboardCode,
  diskReader,
  formatKB,
  KB,
  LANDING_PAGE_BUDGET_KB,
  pageWeight,
  reachableScripts,
  STATIC_PAGE_BUDGET_KB,
} from '../../../scripts/lib/page-weight.ts';
import { appPages, en, landingPages, staticPages } from '../site-pages.ts';

/**
 * The JavaScript each page loads before any interaction (gzip, scripts/lib/page-weight.ts)
 * stays within its budget, in both languages. Every page comes from the running test server, so
 * on-demand pages (tournament, news, /cortina) are measured as rendered; the scripts they name are
 * read from the build the server serves (DIST_DIR, as in src/platform/http/config.ts).
 */
const clientDir = path.resolve(process.env.DIST_DIR || 'dist', 'client');
const read = diskReader(clientDir);
let ids: { tournament: string; article: string } | undefined;

/** One tournament of the demo, and a published article written for this run. */
async function demoIds(request: APIRequestContext) {
  if (ids) return ids;
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  const auth = await request.post('/api/users/authenticate', {
    data: { email: 'admin@demo.arena', password: 'demo-admin-2026' },
  });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()).data;
  const created = await request.post('/api/news', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: { it: 'Budget di pagina', en: 'Page budgets' },
      summary: { it: 'Quanto JavaScript scarica una pagina', en: 'How much JavaScript a page loads' },
      body: { it: '<p>Testo</p>', en: '<p>Text</p>' },
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  ids = { tournament: list.data[0].id, article: (await created.json()).data.id };
  return ids;
}

async function fetchPage(request: APIRequestContext, pagePath: string, expectedStatus = 200) {
  const { tournament, article } = await demoIds(request);
  const url = pagePath
    .replace('{tournament}', encodeURIComponent(tournament))
    .replace('{article}', encodeURIComponent(article));
  const res = await request.get(url);
  expect(res.status(), `${url} answers ${expectedStatus}`).toBe(expectedStatus);
  expect(res.headers()['content-type']).toContain('text/html');
  return res.text();
}

function expectWithin(html: string, budgetKB: number, label: string) {
  const weight = pageWeight(html, read);
  expect(weight.missing, `${label} names scripts the build does not have`).toEqual([]);
  const heaviest = [...weight.files]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([url, bytes]) => `${url} ${formatKB(bytes)}`)
    .join(', ');
  expect(
    weight.bytes,
    `${label}: ${formatKB(weight.bytes)} of JavaScript before interaction, budget ${budgetKB} KB (${heaviest})`,
  ).toBeLessThanOrEqual(budgetKB * KB);
}

test.describe('page JavaScript budgets', () => {
  test.beforeAll(() => {
    expect(fs.existsSync(path.join(clientDir, 'index.html')), `a built site in ${clientDir}`).toBe(true);
  });

  for (const [pages, budget] of [
    [staticPages, STATIC_PAGE_BUDGET_KB],
    [landingPages, LANDING_PAGE_BUDGET_KB],
    [appPages, APP_PAGE_BUDGET_KB],
  ] as const) {
    for (const page of pages) {
      for (const pagePath of [page, en(page)]) {
        test(`${pagePath} loads at most ${budget} KB of JavaScript before interaction`, async ({ request }) => {
          expectWithin(await fetchPage(request, pagePath), budget, pagePath);
        });
      }
    }
  }

  test(`the 404 page loads at most ${STATIC_PAGE_BUDGET_KB} KB in both languages`, async ({ request }) => {
    for (const pagePath of ['/no-such-page', '/en/no-such-page'])
      expectWithin(await fetchPage(request, pagePath, 404), STATIC_PAGE_BUDGET_KB, pagePath);
  });

  test('the tournament page loads its dialogs on the first click, not before', async ({ request }) => {
    for (const pagePath of landingPages.flatMap((p) => [p, en(p)])) {
      const html = await fetchPage(request, pagePath);
      expect(html, `${pagePath} hydrates no island`).not.toContain('<astro-island');
      const before = pageWeight(html, read).files;
      // the join dialog's chunk, by its test id: reachable from the page, but not loaded with it
      const dialogs = [...reachableScripts(html, read)].filter((url) => read(url)?.toString().includes('join-dialog'));
      expect(dialogs.length, `${pagePath} can reach the join dialog`).toBeGreaterThan(0);
      expect(
        dialogs.filter((url) => before.has(url)),
        `${pagePath} loads the join dialog before interaction`,
      ).toEqual([]);
    }
  });

  test('no visitor page can load the dashboard code, even after interaction', async ({ request }) => {
    const own = dashboardCode(await fetchPage(request, '/dashboard'), read);
    // the island and at least its sections: an empty list would make this test pass for nothing
    expect(own.length, 'dashboard island and section modules found').toBeGreaterThan(5);
    const visitorPages = [...staticPages, ...landingPages, ...appPages].flatMap((p) => [p, en(p)]);
    for (const pagePath of visitorPages) {
      const reachable = reachableScripts(await fetchPage(request, pagePath), read);
      expect(
        own.filter((url) => reachable.has(url)),
        `dashboard code reachable from ${pagePath}`,
      ).toEqual([]);
    }
  });
});
