import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { dashboardPath, dashboardSections } from '../../../src/platform/ui/admin/sections.ts';
import { seriousViolations } from '../axe.ts';
import { ADMIN, hydrated, loginAs } from '../helpers.ts';

/**
 * Axe-core finds no serious and no critical violation (WCAG 2.1 A and AA) on any
 * dashboard page, in both languages: every section of sections.ts (so a new one is checked too),
 * the edit pages with a record of the demo seed, and the main dialogs open. One test per language
 * walks them all in one logged-in page, to keep the run short.
 */

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
    await loginAs(page, ADMIN);
    const prefix = lang === 'en' ? '/en' : '';
    // the id of a real record per list with an editor, read from the list's first edit link
    const editable = dashboardSections.flatMap((s) =>
      'parent' in s && s.key.endsWith('Edit') ? [s.parent as string] : [],
    );
    const ids: Record<string, string> = {};
    const found: string[] = [];
    for (const section of dashboardSections) {
      let path = prefix + dashboardPath(section);
      if (section.key.endsWith('Edit') && 'parent' in section) {
        const id = ids[section.parent];
        expect(id, `a record to edit in ${section.parent}`).toBeTruthy();
        path += `?id=${encodeURIComponent(id)}`;
      }
      // a tournament's match reports: the queue of the tournament the list's first edit link names
      if (section.key === 'tournamentsReports') path += `?id=${encodeURIComponent(ids.tournaments!)}`;
      await page.goto(path);
      await settled(page);
      const edit = page.locator('main a[href*="/edit?id="]').first();
      if (editable.includes(section.key) && (await edit.count()))
        ids[section.key] = new URL((await edit.getAttribute('href'))!, page.url()).searchParams.get('id')!;
      found.push(...(await seriousViolations(page, path)));

      if (section.key === 'users')
        await withDialog(page, `${path} wallet`, () => page.getByTestId('wallet-row-details').first().click(), found);
      if (section.key === 'purchases')
        await withDialog(
          page,
          `${path} purchase`,
          () => page.getByTestId('purchase-row-details').first().click(),
          found,
        );
      if (section.key === 'news')
        await withDialog(
          page,
          `${path} delete`,
          () => page.locator('main [data-testid$="-row-delete"]').first().click(),
          found,
        );
    }
    // every list with an editor gave a record to edit
    expect(Object.keys(ids).sort()).toEqual([...editable].sort());
    expect(found).toEqual([]);
  });
}
