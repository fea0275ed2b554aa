import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { dashboardPath, dashboardSections } from '../../../src/platform/ui/admin/sections.ts';
import { seriousViolations } from '../axe.ts';
import { expectServerPolicy, watchPolicy } from '../csp-watch.ts';
import { ADMIN, hydrated, loginAs } from '../helpers.ts';

/**
 * Axe-core finds no serious and no critical violation (WCAG 2.1 A and AA) on any
 * dashboard page, in both languages: every section of sections.ts (so a new one is checked too),
 * the edit pages with a record of the demo seed, and the main dialogs open. One test per language
 * walks them all in one logged-in page, to keep the run short. The same walk finds no
 * Content-Security-Policy violation, no file carrying a policy (csp-watch.ts), no request answered with an error
 * (a missing file, or a call the page should have known better than to make) and no error in the browser's console.
 */

/** Every dashboard page the build has (dist/client/dashboard/**.html), each of which the walk must visit. */
function builtDashboardPages(): string[] {
  const clientDir = path.resolve(process.env.DIST_DIR || 'dist', 'client');
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

/** The section's content is in: no section chunk, spinner or list still loading. */
async function settled(page: Page) {
  await hydrated(page);
  await expect(page.getByTestId('dashboard-section-title')).toBeVisible();
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** Opens a dialog with `open`, checks the page with it open, and closes it with Escape. */
async function withDialog(page: Page, label: string, open: () => Promise<void>, found: string[]) {
  await open();
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.animate-spin')).toHaveCount(0);
  found.push(...(await seriousViolations(page, label)));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

for (const lang of ['it', 'en'] as const) {
  test(`no serious or critical axe violation on any dashboard page, dialogs open included (${lang})`, async ({
    page,
  }) => {
    // a hang detector, not a speed check: the walk took 4.7 minutes on a loaded 2-core machine
    test.setTimeout(600_000);
    // a page the build has but sections.ts lacks would escape both checks
    expect([...dashboardSections.map(dashboardPath)].sort()).toEqual(builtDashboardPages());
    const policy = await watchPolicy(page);
    // a request answered with an error shows in the browser's console as one, as does a page's own
    const missing: string[] = [];
    page.on('response', (r) => void (r.status() >= 400 && missing.push(`${r.status()} ${r.url()} (on ${page.url()})`)));
    page.on('console', (m) => {
      // a refused request is logged as "Failed to load resource": the answer above names it
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        missing.push(`${page.url()}: ${m.text()}`);
    });
    await loginAs(page, ADMIN);
    const prefix = lang === 'en' ? '/en' : '';
    // the id of a real record per list with an editor, read from the list's first edit link
    const editable = dashboardSections.flatMap((s) =>
      'parent' in s && s.key.endsWith('Edit') ? [s.parent as string] : [],
    );
    const ids: Record<string, string> = {};
    const found: string[] = [];
    for (const section of dashboardSections) {
      let url = prefix + dashboardPath(section);
      if (section.key.endsWith('Edit') && 'parent' in section) {
        const id = ids[section.parent];
        expect(id, `a record to edit in ${section.parent}`).toBeTruthy();
        url += `?id=${encodeURIComponent(id)}`;
      }
      // a tournament's match reports: the queue of the tournament the list's first edit link names
      if (section.key === 'tournamentsReports') url += `?id=${encodeURIComponent(ids.tournaments!)}`;
      expectServerPolicy(await page.goto(url), url);
      await settled(page);
      const edit = page.locator('main a[href*="/edit?id="]').first();
      if (editable.includes(section.key) && (await edit.count()))
        ids[section.key] = new URL((await edit.getAttribute('href'))!, page.url()).searchParams.get('id')!;
      found.push(...(await seriousViolations(page, url)));

      if (section.key === 'users')
        await withDialog(page, `${url} wallet`, () => page.getByTestId('wallet-row-details').first().click(), found);
      if (section.key === 'purchases')
        await withDialog(
          page,
          `${url} purchase`,
          () => page.getByTestId('purchase-row-details').first().click(),
          found,
        );
      if (section.key === 'news')
        await withDialog(
          page,
          `${url} delete`,
          () => page.locator('main [data-testid$="-row-delete"]').first().click(),
          found,
        );
    }
    // every list with an editor gave a record to edit
    expect(Object.keys(ids).sort()).toEqual([...editable].sort());
    expect(found).toEqual([]);
    expect(missing).toEqual([]);
    policy.check();
  });
}
