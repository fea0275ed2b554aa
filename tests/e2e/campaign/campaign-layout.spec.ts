import { expect, test } from '../fixtures.ts';
import { GIULIA, goto, loginAs } from '../helpers.ts';

/** The campaign's own shell, which has no site sidebar, and its standings on a phone. */
for (const lang of ['it', 'en'] as const) {
  const at = (path: string) => (lang === 'it' ? path : `/en${path}`);

  test(`the campaign page paints no sidebar column on a desktop (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await goto(page, at('/cortina'));
    await expect(page.getByTestId('campaign-header')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toBe('none');
    // a page of the main layout still paints its sidebar's column down the page
    await goto(page, at('/privacy-policy'));
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toContain('gradient');
  });

  test(`the standings fit a phone: whole names, the sending time under the name, the account menu (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, GIULIA);
    await goto(page, at('/cortina/standings/1'));
    const table = page.getByTestId('standings-table');
    await expect(table).toBeVisible();
    // no sideways scrolling: the table is as wide as its frame
    const [scroll, client] = await table.evaluate((t) => [t.parentElement!.scrollWidth, t.parentElement!.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    const player = page.getByTestId('standings-player').first();
    expect(await player.evaluate((e) => getComputedStyle(e).wordBreak)).not.toBe('break-all');
    await expect(page.getByTestId('standings-sent-phone').first()).toBeVisible();
    await expect(page.getByTestId('campaign-header-home')).toBeVisible();
    await expect(page.locator('session-menu')).toBeVisible();
  });
}
