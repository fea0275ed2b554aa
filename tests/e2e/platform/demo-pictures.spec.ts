import { expect, test } from '../fixtures.ts';
import { goto } from '../helpers.ts';

/**
 * The demo's tournament cards show a picture of their game, served from public/demo/games, not one shared placeholder.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

for (const lang of ['it', 'en'] as const) {
  test(`demo tournament cards show distinct game pictures that load (${lang})`, async ({ page }) => {
    await goto(page, at(lang, '/tournaments'));
    const images = page
      .getByTestId('tournament-grid-list')
      .locator('[data-testid="tournament-card"] img[data-field="thumbnail"]');
    await expect(images.first()).toBeVisible();
    const demo = (
      await images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).getAttribute('src') ?? ''))
    ).filter((s) => s.startsWith('/demo/games/'));
    expect(new Set(demo).size).toBeGreaterThanOrEqual(3);
    for (const src of new Set(demo)) {
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type']).toContain('svg');
    }
  });
}
