import { expect, test } from '../fixtures.ts';
import { ADMIN, goto, localeTexts, loginAs } from '../helpers.ts';

/**
 * A finalised bracket in the tournament editor: the results are final, so the Bracket tab says so and offers no
 * change the server would refuse (a match's result, a new bracket, a playoff).
 */
test('a finalised Swiss with its playoff: the Bracket tab says the results are final', async ({ page }) => {
  await loginAs(page, ADMIN);
  const list = (await (await page.request.get('/api/tournaments?limit=100')).json()).data as {
    id: string;
    name: string;
  }[];
  const swiss = list.find((x) => x.name === 'EAFC24 Swiss Series');
  expect(swiss).toBeDefined();
  await goto(page, `/en/dashboard/tournaments/edit?id=${swiss!.id}#bracket`);
  const panel = page.getByTestId('bracket-admin');
  await expect(panel.getByTestId('bracket-admin-match').first()).toBeVisible();
  await expect(panel.getByTestId('bracket-locked')).toHaveText(localeTexts('en', 'errors').TOURNAMENT_FINALIZED);
  await expect(panel.getByTestId('bracket-generate')).toBeDisabled();
  await expect(panel.getByTestId('bracket-admin-edit')).toHaveCount(0);
  await expect(panel.getByTestId('bracket-playoff-admin')).toHaveCount(0);
  // the stage's table is still there to read
  await expect(panel.getByTestId('bracket-admin-swiss')).toBeVisible();
});
