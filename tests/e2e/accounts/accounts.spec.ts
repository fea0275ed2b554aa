import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  authenticate,
  decodeQuotedPrintable,
  goto,
  hydrated,
  keepShot,
  latestMailTo,
  localeTexts,
  loginAs,
  unique,
} from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : path === '/' ? '/en/' : `/en${path}`);
const homeUrl = (lang: 'it' | 'en') => (lang === 'it' ? /\/$/ : /\/en\/?$/);

async function openProfileMenu(page: Page) {
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-logout')).toBeVisible();
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`accounts in ${lang}`, () => {
    // the browser speaks the page's language here (the page's language decides: see below)
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`a visitor signs up, edits settings, logs out and logs back in (${lang})`, async ({ page }) => {
      const username = unique(`p${lang}`);
      const email = `${username}@example.com`;
      const password = 'correct horse battery';

      await goto(page, at(lang, '/signup'));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // under the form: the terms and the privacy policy, in the page's language
      const signupTexts = localeTexts(lang, 'accounts').signup;
      await expect(page.getByTestId('signup-legal')).toHaveText(
        `${signupTexts.legalLead} ${signupTexts.terms} ${signupTexts.legalMiddle} ${signupTexts.privacy}.`,
      );
      const legalLinks = page.getByTestId('signup-legal').getByRole('link');
      await expect(legalLinks.nth(0)).toHaveText(signupTexts.terms);
      await expect(legalLinks.nth(0)).toHaveAttribute('href', at(lang, '/terms'));
      await expect(legalLinks.nth(1)).toHaveText(signupTexts.privacy);
      await expect(legalLinks.nth(1)).toHaveAttribute('href', at(lang, '/privacy-policy'));
      // the birth date is written day first, as people of both languages write it
      await expect(page.getByTestId('signup-birth-date')).toHaveAttribute(
        'placeholder',
        lang === 'it' ? 'gg/mm/aaaa' : 'dd/mm/yyyy',
      );
      await page.getByTestId('signup-username').fill(username);
      await page.getByTestId('signup-nickname').fill(`Nick ${lang}`);
      await page.getByTestId('signup-email').fill(email);
      await page.getByTestId('signup-password').fill(password);
      // the birth date through the calendar: month and year dropdowns, then a day
      await page.getByTestId('signup-birth-date-toggle').click();
      const calendar = page.getByTestId('signup-birth-date-calendar');
      await calendar.locator('select').nth(0).selectOption({ index: 2 });
      await calendar.locator('select').nth(1).selectOption('2001');
      await calendar.getByRole('button', { name: /15/ }).first().click();
      await expect(page.getByTestId('signup-birth-date')).toHaveValue('15/03/2001');
      await page.getByTestId('signup-gender').selectOption('female');
      await page.getByTestId('signup-submit').click();

      await expect(page).toHaveURL(homeUrl(lang));
      await hydrated(page);
      // the registration badge greets the new player (rewards.spec.ts checks it in detail)
      await page.getByTestId('badge-earned-ok').click();
      await expect(page.getByTestId('profile-username')).toHaveText(username);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(stored).toMatchObject({ username, email, language: lang, birth_date: '2001-03-15', gender: 'female' });

      // settings: the account tab and a game account, saved only once something changed
      await openProfileMenu(page);
      await page.getByTestId('menu-settings').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/settings')}$`));
      await hydrated(page);
      await expect(page.getByTestId('settings-save')).toBeDisabled();
      await page.getByTestId('settings-nickname').fill(`Renamed ${lang}`);
      await page.getByTestId('settings-epic-id').fill('EpicPlayer42');
      await page.getByTestId('settings-tab-games').click();
      await page.getByTestId('game-account-add').click();
      await page.getByTestId('game-account-0-username').fill('ValoMain');
      await page.getByTestId('game-account-0-id').fill('VM#123');
      await page.getByTestId('game-account-0-game').selectOption('Valorant');
      await page.getByTestId('game-account-0-console').selectOption('PC');
      // the platforms read as the join dialog and the tournament pages write them, not as stored codes
      await expect(page.getByTestId('game-account-0-console').locator('option[value="XBOX"]')).toHaveText('Xbox');
      await expect(page.getByTestId('settings-save')).toBeEnabled();
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      await expect(page.getByTestId('settings-save')).toBeDisabled();

      // what was saved is what the server holds after a reload
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId('settings-nickname')).toHaveValue(`Renamed ${lang}`);
      await expect(page.getByTestId('settings-epic-id')).toHaveValue('EpicPlayer42');
      await page.getByTestId('settings-tab-games').click();
      await expect(page.getByTestId('game-account-0-username')).toHaveValue('ValoMain');

      // logout from the profile menu revokes the token and returns home as a guest
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await openProfileMenu(page);
      await page.getByTestId('menu-logout').click();
      await expect(page).toHaveURL(homeUrl(lang));
      await expect(page.getByTestId('guest-menu-button')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);

      // log back in through the guest menu
      await page.getByTestId('guest-menu-button').click();
      await page.getByTestId('menu-login').click();
      await hydrated(page);
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(homeUrl(lang));
      await hydrated(page);
      await expect(page.getByTestId('profile-username')).toHaveText(username);
    });

    test(`a wrong password shows the translated error (${lang})`, async ({ page }) => {
      await goto(page, at(lang, '/login'));
      await page.getByTestId('login-email').fill('giulia@demo.arena');
      await page.getByTestId('login-password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toHaveText(
        lang === 'it' ? 'Credenziali non valide.' : 'Invalid credentials.',
      );
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/login')}$`));
    });

    test(`a forgotten password is reset through the e-mailed link (${lang})`, async ({ page, request }) => {
      const username = unique(`r${lang}`);
      const email = `${username}@example.com`;
      const created = await request.post('/api/users/pp', {
        data: { username, email, password: 'old-password-1', nickname: username, gender: 'male', language: lang },
      });
      expect(created.status()).toBe(201);

      await goto(page, at(lang, '/resetPassword'));
      await page.getByTestId('reset-email').fill(email);
      await page.getByTestId('reset-submit').click();
      await expect(page.getByTestId('reset-sent')).toBeVisible();

      const mail = decodeQuotedPrintable(await latestMailTo(email));
      expect(mail).toContain(lang === 'it' ? 'Reimposta la tua password' : 'Reset your password');
      const link = /https?:\/\/\S+\/resetPassword\?token=[\w-]+/.exec(mail)?.[0];
      expect(link, 'reset link in the mail').toBeTruthy();
      expect(new URL(link!).pathname).toBe(at(lang, '/resetPassword'));

      await goto(page, new URL(link!).pathname + new URL(link!).search);
      await page.getByTestId('reset-new-password').fill('new-password-2');
      await page.getByTestId('reset-confirm-password').fill('new-password-2');
      await page.getByTestId('reset-new-submit').click();
      await expect(page.getByTestId('reset-done')).toBeVisible();

      // the used link says so as soon as it is opened again, and offers a new one
      await goto(page, new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByTestId('reset-link-gone')).toHaveText(
        `${localeTexts(lang, 'accounts').reset.gone}${localeTexts(lang, 'accounts').reset.requestNew}`,
      );
      await expect(page.getByTestId('reset-new-password')).toHaveCount(0);
      await page.getByTestId('reset-request-new').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/resetPassword') && !u.search);
      await expect(page.getByTestId('reset-email')).toBeVisible();

      // the link works once, the old password is gone, the new one logs in
      const again = await request.post('/api/users/reset', {
        data: { token: new URL(link!).searchParams.get('token'), password: 'third-password-3' },
      });
      expect(again.status()).toBe(400);
      expect(
        (await request.post('/api/users/authenticate', { data: { email, password: 'old-password-1' } })).status(),
      ).toBe(401);
      await goto(page, at(lang, '/login'));
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill('new-password-2');
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(homeUrl(lang));
    });
  });
}

test("logging in keeps the page's language, not the account's", async ({ page }) => {
  // alex's account is English; he logs in from the Italian page and stays in Italian
  await goto(page, '/login');
  await page.getByTestId('login-email').fill('alex@demo.arena');
  await page.getByTestId('login-password').fill('demo-player-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('a next under /en keeps English after login, whatever the account says', async ({ page }) => {
  // giulia's account is Italian; an English page that sent her to log in gets her back in English
  await goto(page, `/en/login?next=${encodeURIComponent('/en/my-orders')}`);
  await page.getByTestId('login-email').fill('giulia@demo.arena');
  await page.getByTestId('login-password').fill('demo-player-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/en\/my-orders$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

for (const lang of ['it', 'en'] as const) {
  const other = lang === 'it' ? 'en' : 'it';
  test.describe(`the page's language decides, not the browser's (${lang} page)`, () => {
    test.use({ locale: other === 'it' ? 'it-IT' : 'en-US' });

    test(`an ${other} browser signing up here makes a ${lang} account and lands in ${lang}`, async ({ page }) => {
      const username = unique(`l${lang}`);
      await goto(page, at(lang, '/signup'));
      await page.getByTestId('signup-username').fill(username);
      await page.getByTestId('signup-nickname').fill(username);
      await page.getByTestId('signup-email').fill(`${username}@example.com`);
      await page.getByTestId('signup-password').fill('correct horse battery');
      await page.getByTestId('signup-gender').selectOption('male');
      await page.getByTestId('signup-submit').click();
      await expect(page).toHaveURL(homeUrl(lang));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(stored).toMatchObject({ username, language: lang, birth_date: null });
    });
  });

  test.describe(`sessions and the birth date in ${lang}`, () => {
    const password = 'correct horse battery';
    async function newPlayer(page: Page) {
      const username = unique(`s${lang}`);
      const who = { email: `${username}@example.com`, password };
      const res = await page.request.post('/api/users/pp', {
        data: { username, ...who, nickname: username, gender: 'female', language: lang },
      });
      expect(res.status()).toBe(201);
      return who;
    }

    test(`a session ended on another device ends here too, and the page says so (${lang})`, async ({ page }) => {
      const who = await newPlayer(page);
      await loginAs(page, who, at(lang, '/privacy-policy'));
      await goto(page, at(lang, '/privacy-policy'));
      await expect(page.getByTestId('profile-username')).toBeVisible();
      // the other device logs out everywhere
      const other = await authenticate(page.request, who);
      const out = await page.request.post('/api/users/logoutAll', {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(out.status()).toBe(200);

      await page.goto(at(lang, '/my-tournaments'));
      await expect(page.getByTestId('flash')).toHaveText(localeTexts(lang, 'common').flash.sessionExpired);
      await expect(page.getByTestId('guest-menu-button')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-session', 'guest');
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
        null,
        null,
      ]);
    });

    test(`a birth date skipped at signup is added in settings, checked as at signup (${lang})`, async ({ page }) => {
      const who = await newPlayer(page);
      const texts = localeTexts(lang, 'errors');
      await loginAs(page, who, at(lang, '/privacy-policy'));
      await goto(page, at(lang, '/settings'));
      await expect(page.getByTestId('settings-birth-date')).toHaveValue('');
      await expect(page.getByTestId('settings-birth-date')).toHaveAttribute(
        'placeholder',
        lang === 'it' ? 'gg/mm/aaaa' : 'dd/mm/yyyy',
      );
      await page.getByTestId('settings-birth-date').fill('30/02/2001');
      await page.getByTestId('settings-save').click();
      await expect(page.locator('#settings-birth-date-error')).toHaveText(texts.validation.birthDateNoSuchDay);
      await page.getByTestId('settings-birth-date').fill('30/02');
      await page.getByTestId('settings-save').click();
      await expect(page.locator('#settings-birth-date-error')).toHaveText(texts.validation.birthDateInvalid);
      await page.getByTestId('settings-birth-date').fill('31/12/1899');
      await page.getByTestId('settings-save').click();
      await expect(page.locator('#settings-birth-date-error')).toHaveText(texts.BIRTH_DATE_TOO_EARLY);
      await page.getByTestId('settings-birth-date').fill('15/03/2001');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();

      // shown day first, stored as yyyy-MM-dd
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId('settings-birth-date')).toHaveValue('15/03/2001');
      const { token } = await authenticate(page.request, who);
      const stored = async () => {
        const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
        return (await me.json()).data.birth_date;
      };
      expect(await stored()).toBe('2001-03-15');
      // the API's own order is still understood
      await page.getByTestId('settings-birth-date').fill('2001-03-16');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      await expect(page.getByTestId('settings-birth-date')).toHaveValue('16/03/2001');
      expect(await stored()).toBe('2001-03-16');
    });

    test(`every settings tab is visible on a phone and on a desktop (${lang})`, async ({ page }, testInfo) => {
      const who = await newPlayer(page);
      await loginAs(page, who, at(lang, '/privacy-policy'));
      const tabs = ['account', 'games', 'security', 'notifications'].map((n) => page.getByTestId(`settings-tab-${n}`));
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await goto(page, at(lang, '/settings'));
        await hydrated(page);
        const boxes = [];
        for (const tab of tabs) {
          await expect(tab).toBeVisible();
          const box = (await tab.boundingBox())!;
          // the whole tab is on screen, not scrolled out of a row
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          boxes.push(box);
        }
        // two rows of two on a phone, one row on a desktop
        const rows = new Set(boxes.map((b) => Math.round(b.y))).size;
        expect(rows).toBe(width === 390 ? 2 : 1);
        await keepShot(page, { path: testInfo.outputPath(`settings-tabs-${lang}-${width}.png`), fullPage: false });
        await tabs[3].click();
        await expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
      }
    });
  });
}

test('a stored redeem token sends the player on to redeem it after login', async ({ page }) => {
  await goto(page, '/login');
  await page.evaluate(() => localStorage.setItem('redeemToken', 'WINTER-2026'));
  await page.getByTestId('login-email').fill('giulia@demo.arena');
  await page.getByTestId('login-password').fill('demo-player-2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/marketplace\/redeem\?token=WINTER-2026$/);
  expect(await page.evaluate(() => localStorage.getItem('redeemToken'))).toBeNull();
});

test('the language switch keeps the page', async ({ page }) => {
  await goto(page, '/privacy-policy');
  await page.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/privacy-policy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-it').click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  for (const [url, lang] of [
    ['/no-such-page', 'it'],
    ['/en/no-such-page', 'en'],
  ] as const) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator(`main a[href="${lang === 'it' ? '/' : '/en/'}"]`).first()).toBeVisible();
  }
});
