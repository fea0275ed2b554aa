import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ADMIN, authenticate } from '../campaign/campaign-helpers.ts';
import { goto, hydrated, registrationOpenSchedule, unique } from '../helpers.ts';

/**
 * Logging in returns to where it started: an anonymous "Iscriviti" on a
 * tournament comes back to that tournament through a same-site `next`; a `next` that would leave
 * the site is ignored; a redeem link opened while logged out says on the login page why.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : path === '/' ? '/en/' : `/en${path}`);
const reason = {
  it: 'Per riscattare il tuo codice accedi prima: poi tornerai subito al riscatto.',
  en: 'To redeem your code, log in first: you will come straight back to it.',
};

async function createTournament(request: APIRequestContext) {
  const { token } = await authenticate(request, ADMIN);
  const res = await request.post('/api/tournaments', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: unique('Return Cup '),
      game: 'Warzone',
      console: ['PC'],
      maxPartecipants: 40,
      ...registrationOpenSchedule(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string };
}

/** A player whose own language is `lang`, with the e-mail and password to type into the form. */
async function newPlayer(request: APIRequestContext, lang: Lang) {
  const username = unique(`ret${lang}`).toLowerCase().slice(0, 30);
  const who = { email: `${username}@e2e.arena`, password: 'return-trip-2026' };
  const res = await request.post('/api/users/pp', {
    data: { username, ...who, nickname: username, gender: 'female', language: lang },
  });
  expect(res.status(), await res.text()).toBe(201);
  return who;
}

async function logIn(page: import('@playwright/test').Page, who: { email: string; password: string }) {
  await hydrated(page);
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`login returns in ${lang}`, () => {
    test('an anonymous Iscriviti logs in and comes back to the tournament', async ({ page }) => {
      const t = await createTournament(page.request);
      const who = await newPlayer(page.request, lang);
      await goto(page, at(lang, `/tournament/${t.id}`));
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'signup');
      await page.getByTestId('tournament-action').click();
      await expect(page).toHaveURL(
        (u) => u.pathname === at(lang, '/login') && u.searchParams.get('next') === `/tournament/${t.id}`,
      );
      await expect(page.getByTestId('login-reason')).toHaveCount(0);
      await logIn(page, who);
      await expect(page).toHaveURL((u) => u.pathname === at(lang, `/tournament/${t.id}`));
      // logged in now: the button offers to join, not to sign up
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
    });

    test('an anonymous Iscriviti that signs up instead comes back to the tournament', async ({ page }) => {
      const t = await createTournament(page.request);
      await goto(page, at(lang, `/tournament/${t.id}`));
      await page.getByTestId('tournament-action').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/login'));
      await hydrated(page);
      // the login page's "Sign up" carries the tournament on
      await page.getByTestId('link-signup').click();
      await expect(page).toHaveURL(
        (u) => u.pathname === at(lang, '/signup') && u.searchParams.get('next') === `/tournament/${t.id}`,
      );
      await hydrated(page);
      // and the signup page's "Log in" carries it back
      await expect(page.getByTestId('link-login')).toHaveAttribute(
        'href',
        `${at(lang, '/login')}?next=${encodeURIComponent(`/tournament/${t.id}`)}`,
      );
      const username = unique(`new${lang}`).toLowerCase().slice(0, 30);
      await page.getByTestId('signup-username').fill(username);
      await page.getByTestId('signup-nickname').fill(username);
      await page.getByTestId('signup-email').fill(`${username}@e2e.arena`);
      await page.getByTestId('signup-password').fill('return-trip-2026');
      await page.getByTestId('signup-gender').selectOption('male');
      await page.getByTestId('signup-submit').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, `/tournament/${t.id}`));
      await hydrated(page);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
    });

    test("the header's guest menu carries the page on: logging in from it comes back here", async ({ page }) => {
      const t = await createTournament(page.request);
      const who = await newPlayer(page.request, lang);
      const here = at(lang, `/tournament/${t.id}`);
      await goto(page, `${here}?tab=rules`);
      await hydrated(page);
      await page.getByTestId('guest-menu-button').click();
      const next = encodeURIComponent(`${here}?tab=rules`);
      await expect(page.getByTestId('menu-login')).toHaveAttribute('href', `${at(lang, '/login')}?next=${next}`);
      await expect(page.getByTestId('menu-signup')).toHaveAttribute('href', `${at(lang, '/signup')}?next=${next}`);
      await page.getByTestId('menu-login').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/login'));
      await hydrated(page);
      // on the login page the menu keeps the page's own next, as its "Sign up" link does
      await page.getByTestId('guest-menu-button').click();
      await expect(page.getByTestId('menu-signup')).toHaveAttribute('href', `${at(lang, '/signup')}?next=${next}`);
      await page.keyboard.press('Escape');
      await logIn(page, who);
      await expect(page).toHaveURL((u) => u.pathname === here && u.searchParams.get('tab') === 'rules');
    });

    test('a next that leaves the site is ignored', async ({ page }) => {
      const who = await newPlayer(page.request, lang);
      await goto(page, `${at(lang, '/login')}?next=${encodeURIComponent('//evil.example/steal')}`);
      await logIn(page, who);
      await expect(page).toHaveURL((u) => u.host !== 'evil.example' && u.pathname === at(lang, '/'));
    });

    test('a redeem link opened while logged out says why on the login page', async ({ page }) => {
      await page.goto(at(lang, '/marketplace/redeem?token=RETURNCODE1'));
      await expect(page).toHaveURL(
        (u) => u.pathname === at(lang, '/login') && u.searchParams.get('reason') === 'redeem',
      );
      await hydrated(page);
      await expect(page.getByTestId('login-reason')).toHaveText(reason[lang]);
    });
  });
}
