import { expect, test } from '../fixtures.ts';
import auth from '../../../locales/en/accounts.json' with { type: 'json' };
import errors from '../../../locales/en/errors.json' with { type: 'json' };
import { goto } from '../helpers.ts';
import errorsItCatalogue from '../../../locales/it/errors.json' with { type: 'json' };
import { PASSWORD_MIN_LENGTH } from '../../../src/features/accounts/rules.ts';
const errorsItValidation = errorsItCatalogue.validation;

const settings = auth.settings;

/**
 * The account forms check their fields in the browser with the server's own schemas, loaded on
 * first use (so they stay out of the page's JavaScript budget before interaction): errors show on submit,
 * translated, the first invalid field takes the focus, and each field re-checks as it changes.
 */
const v = errors.validation;

test('login: errors on submit, then re-checked while typing, and nothing is sent until valid', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (r) => r.url().includes('/api/users/authenticate') && logins.push(r.url()));
  await goto(page, '/en/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-email-error')).toHaveText(v.required);
  await expect(page.getByTestId('login-password-error')).toHaveText(v.required);
  await expect(page.getByTestId('login-email')).toBeFocused();
  await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('login-email').fill('not-an-email');
  await expect(page.getByTestId('login-email-error')).toHaveText(v.email);
  await page.getByTestId('login-email').fill('giulia@demo.arena');
  await expect(page.getByTestId('login-email-error')).toBeEmpty();
  await expect(page.getByTestId('login-email')).not.toHaveAttribute('aria-invalid', 'true');
  // the password's error stays until the password itself changes
  await expect(page.getByTestId('login-password-error')).toHaveText(v.required);
  expect(logins).toEqual([]);

  // the e-mail is sent as the schema leaves it: trimmed and lower-cased
  await page.getByTestId('login-email').fill('  Giulia@Demo.Arena ');
  await page.getByTestId('login-password').fill('demo-player-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  expect(logins).toHaveLength(1);
});

test('signup: client rules and a taken e-mail (from the server) show on their fields, in either language', async ({
  page,
}) => {
  await goto(page, '/en/signup');
  await page.getByTestId('signup-username').fill('a b');
  await page.getByTestId('signup-password').fill('short');
  await page.getByTestId('signup-birth-date').fill('2999-01-01');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-username-error')).toHaveText(v.usernameFormat);
  await expect(page.getByTestId('signup-password-error')).toHaveText(
    v.passwordMin.replace('{min}', String(PASSWORD_MIN_LENGTH)),
  );
  await expect(page.getByTestId('signup-birth-date-error')).toHaveText(v.birthDateFuture);
  await expect(page.getByTestId('signup-gender-error')).toHaveText(v.required);
  await expect(page.getByTestId('signup-username')).toBeFocused();

  const name = `taken${Date.now().toString(36)}`;
  await page.getByTestId('signup-username').fill(name);
  await page.getByTestId('signup-nickname').fill(name);
  await page.getByTestId('signup-email').fill('giulia@demo.arena');
  await page.getByTestId('signup-password').fill('long enough password');
  await page.getByTestId('signup-birth-date').fill('');
  await page.getByTestId('signup-gender').selectOption('female');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-email-error')).toHaveText(errors.EMAIL_TAKEN);
  await expect(page.getByTestId('signup-email')).toBeFocused();
  await expect(page.getByTestId('signup-birth-date-error')).toBeEmpty();

  await goto(page, '/signup');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-username-error')).toHaveText(errorsItValidation.required);
});

test('signup: a birth date typed right but missing from the calendar says so, not that the format is wrong', async ({
  page,
}) => {
  await goto(page, '/signup');
  await page.getByTestId('signup-birth-date').fill('31/02/2000');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-birth-date-error')).toHaveText(errorsItValidation.birthDateNoSuchDay);
  await page.getByTestId('signup-birth-date').fill('31/02/00');
  await expect(page.getByTestId('signup-birth-date-error')).toHaveText(errorsItValidation.birthDateInvalid);

  // the server refuses the day on its own
  const name = `noday${Date.now().toString(36)}`;
  const res = await page.request.post('/api/users/pp', {
    data: {
      username: name,
      email: `${name}@example.com`,
      password: 'long enough password',
      nickname: name,
      gender: 'female',
      birth_date: '2000-02-31',
    },
  });
  expect(res.status()).toBe(400);
});

test('reset: the new password must be confirmed', async ({ page }) => {
  // the form shows only for a link the server says still works: this one does, as far as the page knows
  await page.route('**/api/users/reset/status?*', (route) =>
    route.fulfill({ json: { status: 'SUCCESS', data: { valid: true } } }),
  );
  await goto(page, '/en/resetPassword?token=not-a-real-token-0000');
  await page.getByTestId('reset-new-password').fill('new-password-2');
  await page.getByTestId('reset-confirm-password').fill('new-password-3');
  await page.getByTestId('reset-new-submit').click();
  await expect(page.getByTestId('reset-confirm-password-error')).toHaveText(v.passwordMismatch);
  await page.getByTestId('reset-confirm-password').fill('new-password-2');
  await expect(page.getByTestId('reset-confirm-password-error')).toBeEmpty();
});

test('settings: a game account row is checked, removed, and the form knows when it is back as saved', async ({
  page,
}) => {
  // on alex's first login in a fresh database the badges his demo history earned are celebrated; not this test's
  // subject
  await page.addLocatorHandler(
    page.getByTestId('badge-earned-modal'),
    (modal) => modal.getByTestId('badge-earned-ok').click(),
    { noWaitAfter: true },
  );
  await goto(page, '/en/login');
  await page.getByTestId('login-email').fill('alex@demo.arena');
  await page.getByTestId('login-password').fill('demo-player-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await goto(page, '/en/settings');
  await expect(page.getByTestId('settings-save')).toBeDisabled();

  await page.getByTestId('settings-tab-games').click();
  const rows = page.getByTestId('game-account-row');
  const before = await rows.count();
  await page.getByTestId('game-account-add').click();
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByTestId('settings-save')).toBeEnabled();
  // an empty username on the new row: the games tab stays open with the error on that field
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId(`game-account-${before}-username-error`)).toHaveText(v.required);
  await expect(page.getByTestId(`game-account-${before}-username`)).toBeFocused();

  await page.getByTestId(`game-account-${before}-remove`).click();
  await expect(rows).toHaveCount(before);
  await expect(page.getByTestId('settings-save')).toBeDisabled();

  // an account error switches back to the account tab and focuses the field
  await page.getByTestId('settings-tab-account').click();
  await page.getByTestId('settings-email').fill('nope');
  await page.getByTestId('settings-tab-games').click();
  await page.getByTestId('settings-save').click();
  await expect(page.locator('#settings-panel-account')).toBeVisible();
  await expect(page.getByTestId('settings-email-error')).toHaveText(v.email);
  await expect(page.getByTestId('settings-email')).toBeFocused();
});

test('settings: a save is confirmed by the toast, whose library loads only then', async ({ page, request }) => {
  const name = `toast${Date.now().toString(36)}`;
  const created = await request.post('/api/users/pp', {
    data: {
      username: name,
      email: `${name}@example.com`,
      password: 'long enough password',
      nickname: name,
      gender: 'male',
      language: 'en',
    },
  });
  expect(created.status()).toBe(201);
  await goto(page, '/en/login');
  await page.getByTestId('login-email').fill(`${name}@example.com`);
  await page.getByTestId('login-password').fill('long enough password');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/en\/?$/);

  await goto(page, '/en/settings');
  await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
  await page.getByTestId('settings-nickname').fill(`${name} renamed`);
  await page.getByTestId('settings-save').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(settings.saved);
  await expect(page.getByTestId('settings-saved')).toBeVisible();
});
