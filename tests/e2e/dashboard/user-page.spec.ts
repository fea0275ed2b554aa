import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  fillText,
  goto,
  keepShot,
  localeTexts,
  registrationOpenSchedule,
  unique,
  ADMIN,
  authenticate,
  loginAs,
  toast,
} from '../helpers.ts';

// A user's page in the browser: opened from the users list, their data, block
// and unblock, grant and revoke a role, each asking first.

const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const PASSWORD = 'Correct-Horse-Battery-42';

/** A fresh player with one session and one admin credit, set up through the API. */
async function player(request: APIRequestContext, lang: 'it' | 'en', adminToken: string) {
  const username = unique(`up_${lang}_`).slice(0, 30);
  const email = `${username}@example.com`;
  const created = await request.post('/api/users/pp', {
    data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language: lang },
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = await authenticate(request, { email, password: PASSWORD });
  const credit = await request.post(`/api/marketplace/wallets/${session.user.id}/adjust`, {
    data: { amount: 40, reason: 'e2e welcome' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  // the signup may have paid a welcome badge too: the balance is the wallet's after the credit
  const balance: number = (await credit.json()).data.wallet.balance;
  return { ...session, email, username, balance };
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`user page in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    // the admin opens the user from the users list and sees their data
    test(`an admin blocks and unblocks a user and grants and revokes a role on the user page (${lang})`, async ({
      page,
      browser,
    }) => {
      const texts = localeTexts(lang, 'accounts').userPage;
      const errors = localeTexts(lang, 'errors');
      const admin = await loginAs(page, ADMIN);
      const p = await player(page.request, lang, admin.token);

      await goto(page, at(lang, '/dashboard/users'));
      await page.getByTestId('wallets-search').fill(p.username);
      const row = page.getByTestId(`wallet-row-${p.user.id}`);
      await row.getByTestId('user-page-link').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/users/view')}\\?id=${p.user.id}$`));
      await expect(page.getByTestId('dashboard-section-title')).toHaveText(
        localeTexts(lang, 'dashboard').sections.usersView,
      );
      await expect(page.getByTestId('user-page-username')).toHaveText(p.username);
      await expect(page.getByTestId('user-page-email')).toHaveText(p.email);
      await expect(page.getByTestId('user-page-language')).toHaveText(texts.languages[lang]);
      await expect(page.getByTestId('user-page-balance')).toHaveText(
        new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-GB', { useGrouping: true }).format(p.balance),
      );
      await expect(page.getByTestId('user-page-transactions')).toContainText('e2e welcome');
      await expect(page.getByTestId('user-page-sessions').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByTestId('user-page-purchases')).toContainText(texts.purchases.none);

      // block: Cancel keeps the account as it is, Confirm blocks it and ends its session
      await page.getByTestId('user-page-block').click();
      await expect(page.getByTestId('user-page-confirm')).toContainText(
        fillText(texts.block.blockTitle, { name: p.username }),
      );
      await page.getByTestId('user-page-confirm-cancel').click();
      await expect(page.getByTestId('user-page-status')).toHaveAttribute('data-blocked', 'false');
      await page.getByTestId('user-page-block').click();
      await page.getByTestId('user-page-confirm-confirm').click();
      await expect(toast(page)).toHaveText(fillText(texts.block.blocked, { name: p.username }));
      await expect(page.getByTestId('user-page-status')).toHaveAttribute('data-blocked', 'true');
      await expect(page.getByTestId('user-page-sessions')).toContainText(texts.sessions.none);
      expect(
        (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${p.token}` } })).status(),
      ).toBe(401);

      // the login form says why, in the page's language
      const visitor = await browser.newContext({ locale: lang === 'it' ? 'it-IT' : 'en-US' });
      const login = await visitor.newPage();
      await goto(login, at(lang, '/login'));
      await login.locator('#login-email').fill(p.email);
      await login.locator('#login-password').fill(PASSWORD);
      await login.locator('#login-password').press('Enter');
      await expect(login.getByTestId('login-error')).toHaveText(errors.ACCOUNT_BLOCKED);
      await visitor.close();

      await page.getByTestId('user-page-unblock').click();
      await page.getByTestId('user-page-confirm-confirm').click();
      await expect(toast(page)).toHaveText(fillText(texts.block.unblocked, { name: p.username }));
      await expect(page.getByTestId('user-page-status')).toHaveAttribute('data-blocked', 'false');
      expect(
        (await page.request.post('/api/users/authenticate', { data: { email: p.email, password: PASSWORD } })).status(),
      ).toBe(200);

      // roles: grant the agency admin role, then revoke it (asking first each time)
      const agencyRole = page.locator('[data-testid^="user-page-role-"][data-held]').nth(1);
      await expect(agencyRole).toHaveAttribute('data-held', 'false');
      await agencyRole.getByTestId('user-page-role-grant').click();
      await expect(page.getByTestId('user-page-confirm')).toContainText(
        fillText(texts.roles.grantTitle, { role: texts.roles.names.agencyAdmin, name: p.username }),
      );
      await page.getByTestId('user-page-confirm-confirm').click();
      await expect(toast(page)).toHaveText(
        fillText(texts.roles.granted, { role: texts.roles.names.agencyAdmin, name: p.username }),
      );
      await expect(agencyRole).toHaveAttribute('data-held', 'true');
      await agencyRole.getByTestId('user-page-role-revoke').click();
      await page.getByTestId('user-page-confirm-confirm').click();
      await expect(agencyRole).toHaveAttribute('data-held', 'false');
      const stored = await page.request.get(`/api/admin/users/${p.user.id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect((await stored.json()).data.user).toMatchObject({ roles: [], blockedAt: null });
    });

    test(`a refused deletion tells the admin about the player, not as the player's own (${lang})`, async ({ page }) => {
      const texts = localeTexts(lang, 'accounts').userPage.closing;
      const admin = await loginAs(page, ADMIN);
      const p = await player(page.request, lang, admin.token);
      // the player is in a tournament whose registration is open
      const created = await page.request.post('/api/tournaments', {
        data: {
          name: unique('E2E Closing '),
          game: 'Valorant',
          console: ['PC'],
          maxPartecipants: 8,
          ...registrationOpenSchedule(),
        },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(created.status(), await created.text()).toBe(201);
      const id = (await created.json()).data.id as string;
      const joined = await page.request.post(`/api/tournaments/${id}/register?userID=${p.user.id}`, {
        data: {
          gameAccounts: [
            { userId: p.user.id, gameAccount: { username: p.username, id: '', game: 'Valorant', console: 'PC' } },
          ],
        },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(joined.ok(), await joined.text()).toBe(true);

      await goto(page, at(lang, `/dashboard/users/view?id=${p.user.id}`));
      await page.getByTestId('user-page-close-account').click();
      await page.getByTestId('user-page-close-confirm-confirm').click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveText(
        `${texts.error} ${fillText(texts.refused.STILL_IN_TOURNAMENT, { name: p.username })}`,
      );
      await expect(page.getByTestId('user-page-username')).toHaveText(p.username);
    });

    // the account is deleted at the player's request
    test(`an admin deletes a player's account: the page shows the stand-in and offers it no more (${lang})`, async ({
      page,
    }) => {
      if (lang === 'it') await page.setViewportSize({ width: 390, height: 844 });
      const texts = localeTexts(lang, 'accounts').userPage.closing;
      const admin = await loginAs(page, ADMIN);
      const p = await player(page.request, lang, admin.token);

      await goto(page, at(lang, `/dashboard/users/view?id=${p.user.id}`));
      await expect(page.getByTestId('user-page-username')).toHaveText(p.username);
      const panel = page.getByTestId('user-page-closing');
      await expect(panel).toContainText(texts.text);
      await panel.getByTestId('user-page-close-account').click();
      const dialog = page.getByTestId('user-page-close-confirm');
      await expect(dialog).toContainText(fillText(texts.confirmTitle, { name: p.username }));
      await keepShot(page, { path: `test-results/shots/user-page-closing-${lang}.png` });
      await dialog.getByTestId('user-page-close-confirm-confirm').click();
      await expect(toast(page)).toHaveText(fillText(texts.done, { name: p.username }));
      await expect(page.getByTestId('user-page-username')).toHaveText(/^~deleted-[0-9a-f]{12}$/);
      await expect(page.getByTestId('user-page-email')).toHaveText(`${p.user.id}@deleted.invalid`);
      await expect(panel).toHaveCount(0);
      const login = await page.request.post('/api/users/authenticate', {
        data: { email: p.email, password: PASSWORD },
      });
      expect(login.status()).toBe(401);
    });
  });
}
