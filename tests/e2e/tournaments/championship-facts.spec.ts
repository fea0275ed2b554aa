import type { APIRequestContext } from '@playwright/test';
import { formatDate, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';
import { expect, test } from '../fixtures.ts';
import { goto } from '../helpers.ts';

/**
 * One source for the championship's name, year and dates: the home hero, the home FAQ and the championship
 * page all show the competition's own data (the demo seeds it after its qualifiers), and agree in both
 * languages.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

interface Championship {
  url: string;
  translations: Record<'it' | 'en', { name: string; finalsCity: string }>;
  playoffsAt: string;
  finalsAt: string;
  finalsCity: string;
}

async function championship(request: APIRequestContext): Promise<Championship> {
  const list = (await (await request.get('/api/tournaments/competitions')).json()).data as Championship[];
  const found = list.find((c) => c.url === '/arena-bomber-championship');
  expect(found, 'the seeded championship').toBeTruthy();
  return found!;
}

const day = (lang: 'it' | 'en', iso: string) => formatDate(iso, lang, { timeZone: SITE_TIME_ZONE });
const yearOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date(iso));

for (const lang of ['it', 'en'] as const) {
  test.describe(`the championship's dates in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`the home hero and FAQ and the championship page show the same year and dates (${lang})`, async ({
      page,
      request,
    }) => {
      const c = await championship(request);
      const year = yearOf(c.finalsAt);
      const playoffs = day(lang, c.playoffsAt);
      const finals = day(lang, c.finalsAt);
      // the city in the page's language (the demo names it in both: Milano, Milan)
      const city = c.translations[lang].finalsCity || c.translations.it.finalsCity;
      expect(city).toBe(lang === 'it' ? 'Milano' : 'Milan');

      await goto(page, at(lang, '/'));
      await expect(page.getByTestId('championship-facts')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId('hero-title-eyebrow')).toContainText(year);
      await page.getByTestId('faq-eligibility').locator('summary').click();
      await expect(page.getByTestId('faq-eligibility')).toContainText(year);
      await page.getByTestId('faq-format').locator('summary').click();
      const format = page.getByTestId('faq-format');
      await expect(format).toContainText(playoffs);
      await expect(format).toContainText(`${finals} ${lang === 'it' ? 'a' : 'in'} ${city}`);
      // no other year is left on the page's championship texts: only the years of its own dates (the playoffs may
      // fall in December and the finals in January, as they do for a demo seeded in early December)
      const ownYears = [yearOf(c.playoffsAt), year];
      for (const text of [
        await page.getByTestId('hero-title-eyebrow').innerText(),
        await format.innerText(),
        await page.getByTestId('faq-eligibility').innerText(),
      ])
        for (const y of text.match(/20\d\d/g) ?? []) expect(ownYears).toContain(y);

      await goto(page, at(lang, '/arena-bomber-championship'));
      await expect(page.getByTestId('championship-facts')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId('championship-title-eyebrow')).toContainText(year);
      await expect(page.locator('#championship-title')).toHaveText(c.translations[lang].name);
      await expect(page).toHaveTitle(new RegExp(`^${c.translations[lang].name} ${year} \\| `));
      await expect(page.getByTestId('championship-step-playoffs-when')).toHaveText(playoffs);
      await expect(page.getByTestId('championship-step-finals-when')).toHaveText(`${finals} · ${city}`);
    });
  });
}
