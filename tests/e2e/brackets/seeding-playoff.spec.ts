import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { fillText, goto, loginAs, ADMIN, type Session } from '../helpers.ts';
import { at, call, fieldOfFour, shots, texts } from './swiss-field.ts';

/**
 * Seeding by hand and a playoff in the browser: the admin orders a Swiss field's seeds in the
 * editor's Bracket tab (a typed seed number and a move button, from the keyboard) and generates;
 * the page says it was seeded by the organisers and shows the seeds; once the Swiss stage is
 * played the admin creates a two-entrant playoff, which the page shows under the stage, in
 * Italian and English, on a phone and a desktop.
 */

/** The public bracket page, reloaded until `ready` shows (the browser may keep a copy for 10 s). */
async function openPage(page: Page, lang: 'it' | 'en', id: string, ready: string) {
  await expect(async () => {
    await page.goto(at(lang, `/tournament/${id}/bracket`));
    await page.reload();
    await expect(page.getByTestId(ready)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('manual seeds from the keyboard, a Swiss stage played, its playoff created and shown', async ({ page }, info) => {
  const { id, admin, people } = await fieldOfFour(page.request, 'E2E Playoff ');
  const [giulia, alex, third, fourth] = people as [Session, Session, Session, Session];
  const names = (ss: Session[]) => ss.map((s) => s.user.username);

  // the admin picks the manual seeding: the checked-in field is listed in check-in order
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await page.getByTestId('bracket-seeding').selectOption('manual');
  const items = page.getByTestId('bracket-order-item');
  await expect(items).toHaveCount(4);
  await expect(items).toHaveText(names(people).map((n) => new RegExp(n)));
  await expect(page.getByTestId('bracket-order')).toContainText(texts.it.admin.orderHint);

  // the fourth is typed to seed 1; Alex goes down one place with the keyboard
  const fourthSeed = items.nth(3).getByTestId('bracket-order-seed');
  await fourthSeed.fill('1');
  await fourthSeed.press('Enter');
  await expect(items).toHaveText(names([fourth, giulia, alex, third]).map((n) => new RegExp(n)));
  const down = page.getByRole('button', { name: fillText(texts.it.admin.moveDown, { name: alex.user.username }) });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveText(names([fourth, giulia, third, alex]).map((n) => new RegExp(n)));
  // Alex is last now: the focus moved to his other button, still on him
  await expect(page.locator(':focus')).toHaveAccessibleName(
    fillText(texts.it.admin.moveUp, { name: alex.user.username }),
  );
  await expect(items.nth(0).getByTestId('bracket-order-seed')).toHaveValue('1');
  await expect(items.nth(0).getByText(fourth.user.username)).toBeVisible();
  await shots(page, info, 'seed-order-it');

  await page.getByTestId('bracket-rounds').fill('2');
  await page.getByTestId('bracket-generate').click();
  // check-in is still open: the panel asks first
  await page.getByTestId('bracket-generate-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.it.admin.generated);
  // the stage is not played yet: the playoff waits
  await expect(page.getByTestId('bracket-playoff-waiting')).toHaveText(texts.it.admin.playoffWaiting);

  const b = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
  expect(b.seeding).toBe('manual');
  // round one by seed halves: 1 v 3, 2 v 4
  expect(
    b.rounds[0].matches.map((m: { sideA: { id: string }; sideB: { id: string } }) => [m.sideA.id, m.sideB.id]),
  ).toEqual([
    [fourth.user.id, third.user.id],
    [giulia.user.id, alex.user.id],
  ]);

  // the page says how it was seeded and shows each side's seed
  await openPage(page, 'it', id, 'bracket-seeding');
  await expect(page.getByTestId('bracket-seeding')).toHaveText(texts.it.page.seededBy.manual);
  const firstSide = page.getByTestId('bracket-match').first().getByTestId('bracket-side').first();
  await expect(firstSide).toContainText(fourth.user.username);
  await expect(firstSide).toContainText('1');
  expect(await seriousViolations(page)).toEqual([]);

  // the stage is played through the admin's results: the better seed wins every match
  for (let round = 1; round <= 2; round++) {
    const now = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
    for (const m of now.rounds[round - 1].matches) {
      const aBetter = m.sideA.seed < m.sideB.seed;
      await call(page.request, admin.token, 'POST', `/tournaments/${id}/bracket/matches/${m.id}/override`, {
        scoreA: aBetter ? 2 : 0,
        scoreB: aBetter ? 0 : 2,
      });
    }
  }

  // the admin makes a two-entrant playoff in English
  await goto(page, `/en/dashboard/tournaments/edit?id=${id}#bracket`);
  const panel = page.getByTestId('bracket-playoff-admin');
  await expect(panel).toContainText(texts.en.admin.playoffIntro);
  await panel.getByTestId('playoff-format').selectOption('single_elimination');
  await panel.getByTestId('playoff-size').fill('2');
  await panel.getByTestId('playoff-create').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(
    texts.en.admin.playoffCreated,
  );
  await expect(panel.getByTestId('bracket-playoff-made')).toHaveText(texts.en.admin.playoffMade);
  // the playoff's one match is its final, named as the bracket page names it
  await expect(page.locator('[data-testid="bracket-admin-match"][data-state="awaiting"]')).toContainText(
    fillText(texts.en.admin.playoffRound, { where: texts.en.round.final }),
  );
  await shots(page, info, 'playoff-admin-en');

  const made = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
  const [top, second] = made.tables[0].rows as { entrantId: string; name: string }[];
  expect(made.playoff.rounds[0].matches[0].sideA.id).toBe(top!.entrantId);
  expect(made.playoff.rounds[0].matches[0].sideB.id).toBe(second!.entrantId);

  for (const lang of ['it', 'en'] as const) {
    await openPage(page, lang, id, 'bracket-playoff');
    const playoff = page.getByTestId('bracket-playoff');
    await expect(playoff.getByRole('heading', { level: 2 }).first()).toHaveText(texts[lang].playoff.title);
    await expect(playoff).toContainText(
      fillText(texts[lang].playoff.intro, { n: 2, format: texts[lang].format.single_elimination }),
    );
    // the stage's table and rounds come first, then the playoff's final between the table's top two
    await expect(page.getByTestId('bracket-table-row')).toHaveCount(4);
    const final = playoff.getByTestId('bracket-match');
    await expect(final).toHaveCount(1);
    await expect(final).toContainText(top!.name);
    await expect(final).toContainText(second!.name);
    await expect(page.getByTestId('bracket-seeding')).toHaveText(texts[lang].page.seededBy.manual);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `playoff-page-${lang}`);
  }
});
