import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { ADMIN, authenticate, fillText, goto, localeTexts, minutes, unique } from '../helpers.ts';

/**
 * The search and filters of /tournaments, in both languages: they narrow the grid, live in the
 * address (a shared link shows the same list, Back returns to it), an empty answer offers to clear
 * them, and the form is labelled and fits a phone and a desktop. Every tournament here is created
 * through the admin API with a name tag of its own, which the search narrows the list to.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : `/en${path}`);
const registrationOpen = () => ({
  start_registration: minutes(-60),
  start_checkin: minutes(24 * 60),
  end_checkin: minutes(24 * 60 + 45),
  start_tournament: minutes(24 * 60 + 60),
  end_tournament: minutes(24 * 60 + 240),
});
const checkInOpen = () => ({
  start_registration: minutes(-180),
  start_checkin: minutes(-5),
  end_checkin: minutes(60),
  start_tournament: minutes(75),
  end_tournament: minutes(240),
});

let adminToken: string | null = null;
async function create(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  adminToken ??= (await authenticate(request, ADMIN)).token;
  const res = await request.post('/api/tournaments', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { maxPartecipants: 16, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

const cards = (page: Page) => page.getByTestId('tournament-grid-list').locator('[data-tournament-id]');
const field = (page: Page, name: string) => page.getByTestId(`tournament-filter-${name}`);
/** The grid's cards, once it has settled on them. */
async function expectCards(page: Page, ids: string[]) {
  await expect(cards(page)).toHaveCount(ids.length);
  expect(
    (await cards(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tournamentId))).sort(),
  ).toEqual([...ids].sort());
}
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

for (const lang of ['it', 'en'] as const) {
  test.describe(`tournament filters in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US', timezoneId: 'Europe/Rome' });
    const texts = localeTexts(lang, 'tournaments').filters;

    test(`the filters narrow the list, live in the address and come back with Back (${lang})`, async ({
      page,
      request,
    }) => {
      const tag = unique(`Filtri${lang}`);
      const trio = await create(request, {
        name: `${tag} trio`,
        game: 'Warzone',
        console: ['PS4', 'XBOX'],
        teamSize: 3,
        ...registrationOpen(),
      });
      const duo = await create(request, {
        name: `${tag} duo`,
        game: 'Warzone',
        console: ['PS5'],
        teamSize: 2,
        ...checkInOpen(),
      });
      const five = await create(request, {
        name: `${tag} five`,
        game: 'Valorant',
        console: ['PC'],
        teamSize: 5,
        ...registrationOpen(),
      });

      await goto(page, at(lang, '/tournaments'));
      const form = page.getByRole('search', { name: texts.label });
      await expect(form.getByLabel(texts.search)).toBeVisible();
      await expect(form.getByLabel(texts.game)).toHaveValue('');
      await expect(form.getByLabel(texts.phase).locator('option')).toHaveText([
        texts.allPhases,
        ...['registration', 'checkin', 'live', 'ended', 'upcoming'].map((p) => texts.phases[p]),
      ]);

      await field(page, 'q').fill(tag);
      await expect(page).toHaveURL((u) => u.searchParams.get('q') === tag);
      await expectCards(page, [trio, duo, five]);
      await field(page, 'game').selectOption('Warzone');
      await expectCards(page, [trio, duo]);
      // what a screen reader hears after each answer
      await expect(page.getByTestId('tournament-grid-found')).toHaveText(fillText(texts.found, { count: 2 }));
      await field(page, 'platform').selectOption('PS5');
      await expectCards(page, [duo]);
      await field(page, 'phase').selectOption('checkin');
      await expectCards(page, [duo]);
      expect(query(page)).toEqual({ q: tag, game: 'Warzone', platform: 'PS5', phase: 'checkin' });

      // a shared link shows the same list, its values in the form
      await goto(page, at(lang, `/tournaments?q=${encodeURIComponent(tag)}&game=Warzone&teamSize=trio`));
      await expectCards(page, [trio]);
      await expect(field(page, 'q')).toHaveValue(tag);
      await expect(field(page, 'game')).toHaveValue('Warzone');
      await expect(field(page, 'teamSize')).toHaveValue('trio');
      await expect(field(page, 'platform')).toHaveValue('');

      // Back from a tournament returns to the filtered list
      await cards(page).first().locator('a').first().click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, `/tournament/${trio}`));
      await page.goBack();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/tournaments'));
      expect(query(page)).toEqual({ q: tag, game: 'Warzone', teamSize: 'trio' });
      await expectCards(page, [trio]);
      await expect(field(page, 'teamSize')).toHaveValue('trio');

      // values the form does not offer are no filter, and leave the address
      await goto(page, at(lang, `/tournaments?q=${encodeURIComponent(tag)}&game=Tetris&phase=soon&page=9`));
      await expectCards(page, [trio, duo, five]);
      await expect(field(page, 'game')).toHaveValue('');
      await expect(page).toHaveURL((u) => u.search === `?q=${encodeURIComponent(tag)}`);
    });

    test(`the search ignores accents and case in either language's name (${lang})`, async ({ page, request }) => {
      const tag = unique(`Accenti${lang}`);
      const accented = await create(request, {
        name: `${tag} Città eSport`,
        translations: { en: { name: `${tag} Crème Brûlée` } },
        game: 'Valorant',
        console: ['PC'],
        ...registrationOpen(),
      });
      await goto(page, at(lang, '/tournaments'));
      // no accents and another case, in the reader's language's name and in the other one
      for (const typed of [`${tag.toLowerCase()} citta esport`, `${tag.toUpperCase()} CREME BRULEE`]) {
        await field(page, 'q').fill(typed);
        await expect(page).toHaveURL((u) => u.searchParams.get('q') === typed);
        await expectCards(page, [accented]);
      }
      await expect(cards(page).first()).toContainText(lang === 'it' ? 'Città eSport' : 'Crème Brûlée');
    });

    // the form is checked for accessibility on a phone and on a desktop
    test(`an empty answer says so and clears the filters; the form is accessible (${lang})`, async ({
      page,
      request,
    }) => {
      const tag = unique(`Vuoto${lang}`);
      const solo = await create(request, {
        name: `${tag} solo`,
        game: 'Fortnite',
        console: ['PC'],
        ...registrationOpen(),
      });
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await goto(page, at(lang, `/tournaments?q=${encodeURIComponent(tag)}&teamSize=squad`));
        const noMatch = page.getByTestId('tournament-grid-nomatch');
        await expect(noMatch).toBeVisible();
        await expect(noMatch).toContainText(texts.noMatch);
        await expect(page.getByTestId('tournament-grid-found')).toHaveText(texts.noMatch);
        await expect(page.getByTestId('tournament-grid-empty')).toBeHidden();
        for (const name of ['q', 'game', 'platform', 'phase', 'teamSize'])
          await expect(field(page, name)).toBeVisible();
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await seriousViolations(page, `${viewport.width}px no match`)).toEqual([]);

        await field(page, 'teamSize').selectOption('solo');
        await expectCards(page, [solo]);
        expect(await seriousViolations(page, `${viewport.width}px list`)).toEqual([]);
        await field(page, 'teamSize').selectOption('squad');
        await expect(noMatch).toBeVisible();

        const clear = page.getByTestId('tournament-grid-clear');
        await expect(clear).toHaveText(texts.clear);
        await expect(clear).toHaveAttribute('href', at(lang, '/tournaments'));
        await clear.click();
        await expect(page).toHaveURL((u) => u.pathname === at(lang, '/tournaments') && u.search === '');
        await expect(field(page, 'q')).toHaveValue('');
        await expect(field(page, 'q')).toBeFocused();
        await expect(field(page, 'teamSize')).toHaveValue('');
        await expect(cards(page).first()).toBeVisible();
        await expect(noMatch).toBeHidden();
      }
    });

    test(`"load more" counts the pages in the address, and a link with them shows as many (${lang})`, async ({
      page,
      request,
    }) => {
      const tag = unique(`Pagine${lang}`);
      // ended ones, which the list shows last: 25 fill a page of 24 and one more
      const ended = {
        start_registration: minutes(-900),
        start_tournament: minutes(-600),
        end_tournament: minutes(-300),
      };
      const ids = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          create(request, { name: `${tag} ${i}`, game: 'Fortnite', console: ['PC'], ...ended }),
        ),
      );
      await goto(page, at(lang, `/tournaments?q=${encodeURIComponent(tag)}&phase=ended`));
      await expect(cards(page)).toHaveCount(24);
      await page.getByTestId('tournament-grid-more').click();
      await expectCards(page, ids);
      await expect(page).toHaveURL((u) => u.searchParams.get('page') === '2');
      await expect(page.getByTestId('tournament-grid-more')).toBeHidden();

      await page.reload();
      await expectCards(page, ids);
      expect(query(page)).toEqual({ q: tag, phase: 'ended', page: '2' });
      // more pages than the list has now: as many as it has
      await goto(page, at(lang, `/tournaments?q=${encodeURIComponent(tag)}&phase=ended&page=5`));
      await expectCards(page, ids);
      await expect(page).toHaveURL((u) => u.searchParams.get('page') === '2');
      // a changed filter starts again from the first page
      await field(page, 'game').selectOption('Fortnite');
      await expect(cards(page)).toHaveCount(24);
      expect(query(page)).toEqual({ q: tag, game: 'Fortnite', phase: 'ended' });
    });
  });
}
