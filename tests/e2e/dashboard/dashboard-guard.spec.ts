import { expect, test } from '../fixtures.ts';
import { authenticate, goto, hydrated, ADMIN, GIULIA, localeTexts, loginAs, storeSession } from '../helpers.ts';

test('a visitor who never logged in is sent from any dashboard page to login without a message', async ({ page }) => {
  for (const [i, path] of ['/dashboard', '/en/dashboard/tournaments'].entries()) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await hydrated(page);
    // neither left for the page nor already shown: they never had a session that could expire
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('flash'),
        document.getElementById('flash')!.textContent!.trim(),
      ]),
    ).toEqual([null, '']);
    // the guard replaced the history entry: going back does not return to the dashboard
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2 + i);
  }
});

test('an admin whose stored token the server refuses is sent to login with the session-expired message', async ({
  page,
}) => {
  const { user } = await authenticate(page.request, ADMIN);
  await storeSession(page, { user, token: 'refused-token' }, '/robots.txt');
  await page.goto('/en/dashboard/tournaments');
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(localeTexts('en', 'common').flash.sessionExpired);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a player who opens /dashboard is sent home with the unauthorised message', async ({ page }) => {
  await loginAs(page, GIULIA);
  await page.goto('/en/dashboard/products');
  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(page.getByTestId('flash')).toBeVisible();
});

test('an admin enters the dashboard, sees the shell and the menu link, and logs out', async ({ page }) => {
  await loginAs(page, ADMIN);
  await goto(page, '/');
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-dashboard')).toBeVisible();
  await page.getByTestId('menu-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-shell')).toBeVisible();
  await expect(page.getByTestId('dashboard-username')).toHaveText('admin');
  await page.getByTestId('dashboard-nav-products').click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByTestId('dashboard-section-title')).toBeVisible();
  await page.getByTestId('dashboard-logout').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a player does not see the dashboard link in the profile menu', async ({ page }) => {
  await loginAs(page, GIULIA);
  await goto(page, '/');
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  await expect(page.getByTestId('menu-dashboard')).toBeHidden();
});

for (const lang of ['it', 'en'] as const) {
  test(`a dashboard page names an icon that exists and loads without a 404 (${lang})`, async ({ page }) => {
    await loginAs(page, ADMIN);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await goto(page, lang === 'it' ? '/dashboard/products' : '/en/dashboard/products');
    await expect(page.getByTestId('dashboard-section-title')).toBeVisible();
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    const icon = await page.request.get(href!);
    expect([icon.status(), icon.headers()['content-type']]).toEqual([200, expect.stringContaining('image/svg+xml')]);
    expect(missing).toEqual([]);
  });
}
