import { expect, test } from '../fixtures.ts';
import { ADMIN, GIULIA, goto, localeTexts, loginAs, toast } from '../helpers.ts';

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

// The settings' tabs keep it too: a reminder save held by the test shows its busy text on the focused button, and
// when the server refuses, the player is still on the button to try again.
test('a settings save pressed with the keyboard keeps the focus while it runs and after it fails', async ({ page }) => {
  const texts = localeTexts('en', 'accounts').settings;
  await loginAs(page, GIULIA);
  await goto(page, '/en/settings');
  await page.getByTestId('settings-tab-notifications').click();
  await page.getByRole('checkbox', { name: texts.notifications.resultsFinal.label }).click();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/me/notifications', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'ERROR', error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }),
    });
  });
  const save = page.getByTestId('notifications-save');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await expect(save).toHaveText(texts.saving);
  await expect(save).toBeFocused();
  release();
  await expect(page.getByTestId('notifications-error')).toHaveText(localeTexts('en', 'errors').SERVICE_UNAVAILABLE);
  await expect(save).toBeEnabled();
  await expect(save).toBeFocused();
});
