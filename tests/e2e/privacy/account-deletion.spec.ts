import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  ADMIN,
  authenticate,
  goto,
  keepShot,
  loginAs,
  localeTexts,
  registrationOpenSchedule,
  unique,
} from '../helpers.ts';

// A player closes their account from /settings, in both languages (Italian on a phone, English on a desktop): the
// password is asked, a tournament they are still in holds it back, and once they left it the account is gone.
const PASSWORD = 'deletion-secret-2026';

for (const lang of ['it', 'en'] as const) {
  test(`settings: a player deletes their account once no tournament holds it, and is logged out (${lang})`, async ({
    page,
  }) => {
    if (lang === 'it') await page.setViewportSize({ width: 390, height: 844 });
    const texts = localeTexts(lang, 'accounts').settings.deletion;
    const errors = localeTexts(lang, 'errors');
    const username = unique('del');
    const email = `${username}@example.com`;
    const created = await page.request.post('/api/users/pp', {
      data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language: lang },
    });
    expect(created.status()).toBe(201);
    const session = await loginAs(page, { email, password: PASSWORD });

    // a tournament the player joined, whose registration is still open
    const admin = await authenticate(page.request, ADMIN);
    const made = await page.request.post('/api/tournaments', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: {
        name: unique(`Deletion cup ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 16,
        ...registrationOpenSchedule(),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const tournament = `/api/tournaments/${(await made.json()).data.id}/register?userID=${session.user.id}`;
    const bearer = { authorization: `Bearer ${session.token}` };
    const account = { username: `${username}-vlr`, id: 'vlr-1', game: 'Valorant', console: 'PC' };
    const joined = await page.request.post(tournament, {
      headers: bearer,
      data: { gameAccounts: [{ userId: session.user.id, gameAccount: account }] },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    await goto(page, lang === 'en' ? '/en/settings' : '/settings');
    await page.getByTestId('settings-tab-notifications').click();
    await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
    const password = page.getByLabel(texts.password, { exact: true });
    const dialog = page.getByTestId('delete-account-dialog');
    const confirm = async () => {
      await page.getByTestId('delete-account').click();
      await expect(dialog.getByRole('heading', { name: texts.dialogTitle })).toBeVisible();
      await expect(dialog).toContainText(texts.kept);
      await dialog.getByTestId('delete-account-dialog-confirm').click();
    };

    // nothing typed: said under the field, no dialog
    await page.getByTestId('delete-account').click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeHidden();

    // a wrong password: the dialog asks, the server refuses, the field says why
    await password.fill('not-my-password');
    await page.getByTestId('delete-account').click();
    await expect(dialog.getByRole('heading', { name: texts.dialogTitle })).toBeVisible();
    // a stray Enter never confirms: the focus starts on Cancel
    await expect(dialog.getByTestId('delete-account-dialog-cancel')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await keepShot(page, { path: `test-results/shots/account-deletion-dialog-${lang}.png` });
    await dialog.getByTestId('delete-account-dialog-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('delete-account-form')).toContainText(errors.CURRENT_PASSWORD_WRONG);

    // the right one, while the tournament still holds the player: refused, told under the button
    await password.fill(PASSWORD);
    await confirm();
    await expect(page.getByTestId('delete-account-error')).toHaveText(errors.STILL_IN_TOURNAMENT);
    const look = page.getByTestId('delete-account-look');
    await expect(look).toHaveText(texts.seeTournaments);
    await expect(look).toHaveAttribute('href', lang === 'en' ? '/en/my-tournaments' : '/my-tournaments');
    await page.getByTestId('delete-account-error').scrollIntoViewIfNeeded();
    await keepShot(page, { path: `test-results/shots/account-deletion-refused-${lang}.png` });

    // out of the tournament, the account goes; the home page says so and nobody is logged in
    expect((await page.request.put(tournament, { headers: bearer })).ok()).toBe(true);
    await confirm();
    await expect(page).toHaveURL(lang === 'en' ? /\/en\/?$/ : /\/$/);
    await expect(page.getByTestId('flash')).toHaveText(localeTexts(lang, 'common').flash.accountDeleted);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await keepShot(page, { path: `test-results/shots/account-deletion-done-${lang}.png` });
    const again = await page.request.post('/api/users/authenticate', { data: { email, password: PASSWORD } });
    expect(again.status()).toBe(401);
  });
}
