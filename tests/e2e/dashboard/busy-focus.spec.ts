import { expect, test } from '../fixtures.ts';
import { ADMIN, goto, localeTexts, loginAs, toast } from '../helpers.ts';

/**
 * A dashboard action keeps the keyboard's focus on its button while it runs: a disabled button would drop it to
 * the page's start, and an admin who pressed Enter would have to find their way back to try again.
 */
test('a refused "generate bracket" pressed with the keyboard leaves the focus on the button for the next try', async ({
  page,
}) => {
  await loginAs(page, ADMIN);
  const list = (await (await page.request.get('/api/tournaments?limit=100')).json()).data as {
    id: string;
    name: string;
  }[];
  // the demo's live duo tournament: check-in is over and no team was formed, so there is nothing to draw
  const live = list.find((x) => x.name === 'Brawl Stars Showdown');
  expect(live).toBeDefined();
  await goto(page, `/en/dashboard/tournaments/edit?id=${live!.id}#bracket`);
  const generate = page.getByTestId('bracket-generate');
  await generate.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'error')).toHaveText(localeTexts('en', 'errors').BRACKET_TOO_FEW_ENTRANTS);
  await expect(generate).toBeEnabled();
  await expect(generate).toBeFocused();
});
