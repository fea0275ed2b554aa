import { expect, test } from '../fixtures.ts';
import { goto } from '../helpers.ts';

/**
 * The demo as a newcomer sees it: the seeded news in the page's language, and
 * the home page's partners with their marks (SVGs committed under public/partners).
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : path === '/' ? '/en/' : `/en${path}`);
const seededNews = {
  it: ['Il campionato Bomber entra nel vivo', 'Badge e crediti: come funzionano'],
  en: ['The Bomber Championship heats up', 'Badges and credits: how they work'],
};
const partnerNames = ['Volt Energy', 'Pixel Forge', 'Games Week Milano', 'StreamHub'];
const partnerRole = { it: 'Sede della finale dal vivo', en: 'Home of the live finals' };

for (const lang of ['it', 'en'] as const) {
  test(`the demo's news are published in the page's language (${lang})`, async ({ page }) => {
    await goto(page, at(lang, '/news'));
    const titles = await page.getByTestId('news-item-title').allTextContents();
    for (const title of seededNews[lang]) expect(titles.map((s) => s.trim())).toContain(title);
    // the other language's titles are not on this page
    for (const title of seededNews[lang === 'it' ? 'en' : 'it'])
      expect(titles.map((s) => s.trim())).not.toContain(title);
  });

  test(`the home page shows the partners with their marks (${lang})`, async ({ page }) => {
    await goto(page, at(lang, '/#partners'));
    const partners = page.getByTestId('partner');
    await expect(partners).toHaveCount(4);
    const marks = partners.locator('img');
    expect(await marks.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(partnerNames);
    await expect(page.getByTestId('partners-list')).toContainText(partnerRole[lang]);
    for (const src of await marks.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))) {
      expect(src).toMatch(/^\/partners\/[a-z-]+\.svg$/);
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type']).toContain('svg');
    }
    // drawn, not broken: the browser decoded each mark
    await marks.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        marks.evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
  });
}
