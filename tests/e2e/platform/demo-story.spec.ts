import { expect, test } from '../fixtures.ts';
import { goto, keepShot, localeTexts } from '../helpers.ts';

/**
 * The demo as a newcomer sees it: the seeded news in the page's language, the home page's partners
 * with their marks (SVGs committed under public/partners), the finished double elimination with its
 * grand final's reset, and giulia's page with the tournaments she played.
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

/** The id of a seeded tournament, by its name. */
async function seededId(page: import('@playwright/test').Page, name: string): Promise<string> {
  const list = (await (await page.request.get('/api/tournaments?limit=100')).json()).data as {
    id: string;
    name: string;
  }[];
  const found = list.find((x) => x.name === name);
  expect(found, name).toBeDefined();
  return found!.id;
}

for (const lang of ['it', 'en'] as const) {
  test(`the demo's double elimination went to the grand final's reset, and giulia's page lists it (${lang})`, async ({
    page,
  }, info) => {
    const brackets = localeTexts(lang, 'brackets');
    const players = localeTexts(lang, 'players');
    const id = await seededId(page, 'EAFC25 Double Trouble');
    await goto(page, at(lang, `/tournament/${id}/bracket`));
    await expect(page.getByTestId('bracket')).toHaveAttribute('data-format', 'double_elimination');
    // alex came back through the losers' bracket and beat giulia twice
    await expect(page.getByTestId('bracket-champion')).toContainText('alex');
    const grandFinal = page.locator('[data-testid="bracket-part"][data-part="grandFinal"]');
    await expect(grandFinal.getByRole('heading', { level: 2 })).toHaveText(brackets.part.grandFinal);
    await expect(grandFinal).toContainText(brackets.round.reset);
    const finals = grandFinal.getByTestId('bracket-match');
    await expect(finals).toHaveCount(2);
    for (const state of await finals.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))
      expect(state).toBe('confirmed');
    await expect(page.getByTestId('bracket-not-needed')).toHaveCount(0);
    await keepShot(page, { path: info.outputPath(`demo-double-elimination-${lang}.png`), fullPage: true });

    await goto(page, at(lang, '/player/giulia'));
    const entry = page.locator(`[data-testid="history-entry"][data-id="${id}"]`);
    // newest first, a page at a time: the tournaments other specs put giulia in come before it
    for (let pages = 0; pages < 10 && (await entry.count()) === 0; pages++) {
      const more = page.getByTestId('history-more');
      if ((await more.count()) === 0) break;
      await goto(page, (await more.getAttribute('href'))!);
    }
    await expect(entry.getByRole('link')).toHaveText('EAFC25 Double Trouble');
    await expect(entry.getByTestId('history-placing')).toHaveText(players.history.rank.replace('{rank}', '2'));
    await expect(entry.getByTestId('history-prize')).toHaveText(players.history.credits.replace('{amount}', '150'));
    await keepShot(page, { path: info.outputPath(`demo-player-giulia-${lang}.png`), fullPage: true });
  });
}
