import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import auth from '../../../locales/en/accounts.json' with { type: 'json' };
import authIt from '../../../locales/it/accounts.json' with { type: 'json' };
import errors from '../../../locales/en/errors.json' with { type: 'json' };
import errorsIt from '../../../locales/it/errors.json' with { type: 'json' };
import { decodeQuotedPrintable, goto, hydrated, latestMailTo, unique } from '../helpers.ts';

const settings = auth.settings;

// Account security in the browser: the settings flow (current password, sessions) and the signup
// form's weak-password message.
const PASSWORD = 'settings-secret-2026';

async function createPlayer(request: APIRequestContext, language: 'it' | 'en') {
  const username = unique('sec');
  const email = `${username}@example.com`;
  const created = await request.post('/api/users/pp', {
    data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language },
  });
  expect(created.status()).toBe(201);
  return { username, email };
}

// the password a new e-mail asks for is the current one
test('settings: a new e-mail needs the password and a mailed link; log out everywhere ends every session (en)', async ({
  page,
  request,
}) => {
  const { email } = await createPlayer(request, 'en');
  // a second device, logged in through the API
  const other = (await (await request.post('/api/users/authenticate', { data: { email, password: PASSWORD } })).json())
    .data.token as string;

  await goto(page, '/en/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await goto(page, '/en/settings');

  // the current password is asked for only once the e-mail changes
  await expect(page.getByTestId('settings-current-password')).toHaveCount(0);
  const newEmail = `moved-${email}`;
  await page.getByTestId('settings-email').fill(newEmail);
  await expect(page.getByTestId('settings-current-password')).toBeVisible();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-current-password-error')).toHaveText(errors.validation.required);

  await page.getByTestId('settings-current-password').fill('not-my-password-1');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-current-password-error')).toHaveText(errors.CURRENT_PASSWORD_WRONG);

  await page.getByTestId('settings-current-password').fill(PASSWORD);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-email-pending')).toHaveText(
    settings.emailPending.replace('{email}', newEmail),
  );
  // the account keeps its address until the link is followed
  await expect(page.getByTestId('settings-email')).toHaveValue(email);

  const notice = decodeQuotedPrintable(await latestMailTo(email));
  expect(notice).toContain(newEmail);
  const mail = decodeQuotedPrintable(await latestMailTo(newEmail));
  const link = /https?:\/\/\S+\/confirmEmail\?token=[\w-]+/.exec(mail)?.[0];
  expect(link, 'confirmation link in the mail').toBeTruthy();
  expect(new URL(link!).pathname).toBe('/en/confirmEmail');

  await goto(page, new URL(link!).pathname + new URL(link!).search);
  await page.getByTestId('confirm-email-submit').click();
  await expect(page.getByTestId('confirm-email-done')).toHaveText(
    settings.confirmEmail.done.replace('{email}', newEmail),
  );
  // the token left the address bar
  expect(new URL(page.url()).search).toBe('');
  expect(
    (await request.post('/api/users/authenticate', { data: { email: newEmail, password: PASSWORD } })).status(),
  ).toBe(200);

  // log out everywhere: this browser goes to the login page, the other device's token stops working
  await goto(page, '/en/settings');
  await page.getByTestId('settings-tab-security').click();
  // it asks first: Cancel keeps the session
  await page.getByTestId('logout-all').click();
  await expect(page.getByTestId('logout-all-confirm')).toBeVisible();
  await expect(page.getByTestId('logout-all-confirm')).toContainText(settings.security.logoutAllConfirm);
  await page.getByTestId('logout-all-confirm-cancel').click();
  await expect(page.getByTestId('logout-all-confirm')).toBeHidden();
  expect((await request.get('/api/users/me', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(200);
  await page.getByTestId('logout-all').click();
  await page.getByTestId('logout-all-confirm-confirm').click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${other}` } });
  expect(me.status()).toBe(401);
});

test('settings: the Security tab changes the password with the current one (it)', async ({ page, request }) => {
  const { email } = await createPlayer(request, 'it');
  await goto(page, '/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await goto(page, '/settings');
  await page.getByTestId('settings-tab-security').click();

  await page.getByTestId('security-current-password').fill(PASSWORD);
  await page.getByTestId('security-new-password').fill('password1234');
  await page.getByTestId('security-confirm-password').fill('password1234');
  await page.getByTestId('password-change-submit').click();
  await expect(page.getByTestId('security-new-password-error')).toHaveText(errorsIt.PASSWORD_WEAK);

  await page.getByTestId('security-new-password').fill('a-much-better-secret-9');
  await page.getByTestId('security-confirm-password').fill('a-much-better-secret-9');
  await page.getByTestId('password-change-submit').click();
  await expect(page.getByTestId('password-changed')).toBeVisible();
  expect(
    (await request.post('/api/users/authenticate', { data: { email, password: 'a-much-better-secret-9' } })).status(),
  ).toBe(200);

  // log out everywhere asks first, in Italian; Annulla keeps this session
  await page.getByTestId('logout-all').click();
  await expect(page.getByTestId('logout-all-confirm')).toContainText(authIt.settings.security.logoutAllConfirm);
  await page.getByTestId('logout-all-confirm-cancel').click();
  await expect(page.getByTestId('logout-all-confirm')).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});

for (const [lang, text] of [
  ['en', errors.PASSWORD_WEAK],
  ['it', errorsIt.PASSWORD_WEAK],
] as const) {
  test(`signup: a guessable password shows the translated PASSWORD_WEAK message on its field (${lang})`, async ({
    page,
  }) => {
    const name = unique('weak');
    await goto(page, lang === 'en' ? '/en/signup' : '/signup');
    await page.getByTestId('signup-username').fill(name);
    await page.getByTestId('signup-nickname').fill(name);
    await page.getByTestId('signup-email').fill(`${name}@example.com`);
    // long enough for the form's own check: the server's estimator refuses it
    await page.getByTestId('signup-password').fill('password1234');
    await page.getByTestId('signup-gender').selectOption('male');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-password-error')).toHaveText(text);
  });
}
