import { expect, test } from '../fixtures.ts';
import { ADMIN, GIULIA, keepShot, loginAs, unique } from '../helpers.ts';

test('a visitor gets a login/signup dropdown that opens, closes on Escape and on an outside click', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const button = page.getByTestId('guest-menu-button');
  await expect(page.getByTestId('header-credits')).toBeHidden();
  await expect(page.getByTestId('profile-menu-button')).toBeHidden();

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // both carry the page the visitor is on, to come back to it
  await expect(page.getByTestId('menu-login')).toHaveAttribute('href', '/login?next=%2Fprivacy-policy');
  await expect(page.getByTestId('menu-signup')).toHaveAttribute('href', '/signup?next=%2Fprivacy-policy');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expect(page.getByTestId('menu-login')).toBeHidden();

  await button.click();
  await page.locator('h1').click();
  await expect(page.getByTestId('menu-login')).toBeHidden();
});

// the profile menu holds the dashboard link
test('an admin sees credits and the profile menu; logout clears the session and goes home', async ({ page }) => {
  await page.goto('/cookie-policy');
  await loginAs(page, ADMIN, null);
  await page.reload();

  // the balance is read from the wallet (rewards.spec.ts follows it through redemptions and purchases)
  await expect(page.getByTestId('header-credits')).toHaveAttribute('data-state', 'known');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('credits:update', { detail: { credits: 12345 } })));
  await expect(page.getByTestId('credits-amount')).toHaveText('12.345');
  // four digits are grouped too, as the wallet and the dashboard write them
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('credits:update', { detail: { credits: 1310 } })));
  await expect(page.getByTestId('credits-amount')).toHaveText('1.310');
  await expect(page.getByTestId('header-credits')).toContainText('crediti');

  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('profile-username')).toHaveText('admin');
  await expect(page.getByTestId('menu-dashboard')).toBeVisible();
  for (const [id, href] of [
    ['settings', '/settings'],
    ['my-tournaments', '/my-tournaments'],
    ['backpack', '/my-backpack'],
    ['wallet', '/my-wallet'],
    ['orders', '/my-orders'],
    ['redeem', '/marketplace/redeem'],
  ])
    await expect(page.getByTestId(`menu-${id}`)).toHaveAttribute('href', href);

  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL((u) => u.pathname === '/');
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
    null,
    null,
  ]);
  await expect(page.getByTestId('guest-menu-button')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toBeHidden();
});

test('a player has no dashboard link', async ({ page }) => {
  await page.goto('/cookie-policy');
  await loginAs(page, GIULIA, null);
  await page.reload();
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-settings')).toBeVisible();
  await expect(page.getByTestId('menu-dashboard')).toBeHidden();
});

test('a long username is cut short before the menu chevron on a desktop', async ({ page }) => {
  const username = unique('longname').padEnd(32, 'x');
  const email = `${username}@example.com`;
  const password = 'long-name-pass-2026';
  const signup = await page.request.post('/api/users/pp', {
    data: { username, email, password, nickname: 'Long', gender: 'female', language: 'en' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, { email, password });
  await page.goto('/en/cookie-policy');
  const name = page.getByTestId('profile-username');
  await expect(name).toHaveText(username);
  await expect(name).toHaveAttribute('title', username);
  const box = await name.boundingBox();
  const chevron = await page.getByTestId('profile-menu-button').locator('svg').last().boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(chevron!.x);
  // cut, not wrapped: one line as tall as a short name's
  expect(box!.height).toBeLessThan(24);
  await keepShot(page, { path: test.info().outputPath('long-username-1280.png') });
});

test('the language switch keeps the page and the English page is in English', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/en\/privacy-policy$/);
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/privacy-policy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(page.getByTestId('footer-cookie')).toHaveAttribute('href', '/en/cookie-policy');
  await page.getByTestId('language-it').click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy');
});

test('the language switch keeps the query and the fragment; /it/ leads to the Italian page', async ({ page }) => {
  // the list's search is kept in its address
  await page.goto('/tournaments?q=cup#list');
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/tournaments\?q=cup#list$/);
  await page.getByTestId('language-it').click();
  await expect(page).toHaveURL(/\/tournaments\?q=cup#list$/);
  await page.goto('/it/tournaments?q=cup');
  await expect(page).toHaveURL(/\/tournaments\?q=cup$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('the terms of service are a page in both languages, linked from every footer', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.getByTestId('footer-terms').click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Termini di servizio');
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await expect(page.getByTestId('legal-terms')).toContainText('no cash value');
});

test('a flash left by a redirect is shown once and disappears after 3 seconds', async ({ page }) => {
  await page.goto('/cookie-policy');
  await page.evaluate(() => sessionStorage.setItem('flash', 'sessionExpired'));
  await page.reload();
  const flash = page.getByTestId('flash');
  await expect(flash).toHaveAttribute('role', 'status');
  await expect(flash).toContainText('La tua sessione è scaduta');
  expect(await page.evaluate(() => sessionStorage.getItem('flash'))).toBeNull();
  await expect(flash.locator('p')).toBeHidden({ timeout: 4000 });
});

test('a hash target stays in view when the tournaments above it load late', async ({ page }) => {
  // the list answers only once the page has scrolled to the hash, so the cards push the FAQ down
  // after it has scrolled; with long names the cards are taller than their skeletons
  let release!: () => void;
  const scrolled = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tournaments?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const t of body.data) t.name = `${t.name} `.repeat(8);
    await scrolled;
    await route.fulfill({ response, json: body });
  });
  const faqTop = () => page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top);
  await page.goto('/#faq');
  await expect.poll(faqTop).toBeLessThan(200);
  await expect(page.getByTestId('home-tournament-grid-loading')).toBeVisible();
  release();
  await expect(page.getByTestId('home-tournament-grid-loading')).toBeHidden();
  await expect.poll(faqTop).toBeLessThan(200);
  await expect
    .poll(() => page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(-5);
});

test('the FAQ opens one question at a time and a hash scrolls to its section', async ({ page }) => {
  await page.goto('/#faq');
  await expect
    .poll(() => page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top))
    .toBeLessThan(200);
  await page.getByTestId('faq-eligibility').locator('summary').click();
  await page.getByTestId('faq-format').locator('summary').click();
  await expect(page.getByTestId('faq-eligibility')).not.toHaveAttribute('open');
  await expect(page.getByTestId('faq-format')).toHaveAttribute('open');
  // the finals' day is the championship's data (tests/e2e/tournaments/championship-facts.spec.ts): a date in words
  await expect(page.getByTestId('faq-format')).toContainText(/\d{1,2} \p{L}+ 20\d\d/u);
  await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/tournaments');
});

test('the sidebar becomes a drawer behind a menu button on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cookie-policy');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('nav-open').click();
  await expect(page.getByTestId('nav-home')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

test('an unknown path answers 404 with a localized page and a link home', async ({ page }) => {
  const it = await page.goto('/no-such-page');
  expect(it?.status()).toBe(404);
  await expect(page.getByTestId('not-found-home')).toHaveAttribute('href', '/');
  const en = await page.goto('/en/no-such-page');
  expect(en?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

// The English home is dist/client/en.html next to the folder dist/client/en/: both /en and /en/
// must still reach it.
test('the English home answers at /en/, where logging out of an English page lands', async ({ page }) => {
  expect((await page.goto('/en'))?.status()).toBe(200);
  const res = await page.goto('/en/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/en/tournaments');
});
