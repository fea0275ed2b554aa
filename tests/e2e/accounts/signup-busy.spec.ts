import { expect, test } from '../fixtures.ts';
import { GIULIA, goto, localeTexts, unique } from '../helpers.ts';

/**
 * An advertising spike: the server answers the sign-up with 503 SERVICE_UNAVAILABLE and
 * Retry-After (its password-hash line is full). The form does not show "busy" and give up: it says
 * it is still trying, in the page's language, sends the sign-up again and the visitor lands home
 * signed in. The first answer is played by the test (the shape the server sends); the retry goes
 * to the real server, and is held until the "still trying" state has been seen.
 */
for (const lang of ['it', 'en'] as const) {
  test.describe(`a busy server at sign-up (${lang})`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`the signup form says it is still trying, retries after Retry-After and succeeds (${lang})`, async ({
      page,
    }) => {
      const username = unique(`busy${lang}`);
      const sent: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/users/pp', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        sent.push(route.request().postData() ?? '');
        if (sent.length === 1) {
          return route.fulfill({
            status: 503,
            headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
            body: JSON.stringify({
              status: 'ERROR',
              error: {
                code: 'SERVICE_UNAVAILABLE',
                message: 'The service is busy right now. Please try again in a few seconds.',
              },
            }),
          });
        }
        await released;
        return route.continue();
      });

      await goto(page, lang === 'it' ? '/signup' : '/en/signup');
      await page.getByTestId('signup-username').fill(username);
      await page.getByTestId('signup-nickname').fill(username);
      await page.getByTestId('signup-email').fill(`${username}@example.com`);
      await page.getByTestId('signup-password').fill('correct horse battery');
      await page.getByTestId('signup-gender').selectOption('female');
      await page.getByTestId('signup-submit').click();

      const retrying = page.getByTestId('signup-retrying');
      await expect(retrying).toHaveText(localeTexts(lang, 'errors').retrying);
      await expect(retrying).toHaveAttribute('role', 'status');
      // the retry has been sent (the same account) and waits on the route: still trying, no error
      await expect.poll(() => sent.length).toBe(2);
      expect(sent[1]).toBe(sent[0]);
      await expect(retrying).toBeVisible();
      await expect(page.getByTestId('signup-error')).toBeHidden();
      release();

      await expect(page).toHaveURL(lang === 'it' ? /\/$/ : /\/en\/?$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    });
  });
}

for (const lang of ['it', 'en'] as const) {
  test(`the login form rides out a busy server the same way (${lang})`, async ({ page }) => {
    let calls = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/authenticate', async (route) => {
      calls++;
      if (calls === 1) {
        return route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
          body: JSON.stringify({ status: 'ERROR', error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }),
        });
      }
      await released;
      return route.continue();
    });
    await goto(page, lang === 'it' ? '/login' : '/en/login');
    await page.getByTestId('login-email').fill(GIULIA.email);
    await page.getByTestId('login-password').fill(GIULIA.password);
    await page.getByTestId('login-submit').click();
    const retrying = page.getByTestId('login-retrying');
    await expect(retrying).toHaveText(localeTexts(lang, 'errors').retrying);
    await expect.poll(() => calls).toBe(2);
    await expect(page.getByTestId('login-error')).toBeHidden();
    release();
    // signed in: the form leaves the login page
    await expect(page).not.toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
}
