import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, hydrated, minutes, searchShop, unique } from '../helpers.ts';

/**
 * Small promises the pages make, in both languages: the
 * check-out dialog's two buttons say different things, a count of one is singular, a word in
 * place of a tournament id is an invalid id (page and API), a reversed price range is said, and
 * the address dialog names the country in the page's language.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : `/en${path}`);
const ADMIN = { email: 'admin@demo.arena', password: 'demo-admin-2026' };
const AGENCY = process.env.AGENCY_NAME || 'Nexus';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const text = {
  it: {
    keep: 'Mantieni il check-in',
    cancelCheckIn: 'Sì, annulla il check-in',
    day: 'giorno',
    invalidId: "L'indirizzo di questo torneo non è valido.",
    priceRange: 'Il prezzo minimo è più alto del massimo: correggi uno dei due.',
    country: 'Italia',
  },
  en: {
    keep: 'Keep my check-in',
    cancelCheckIn: 'Yes, cancel check-in',
    day: 'day',
    invalidId: 'This tournament address is not valid.',
    priceRange: 'The minimum price is above the maximum: correct one of them.',
    country: 'Italy',
  },
} as const;

const HOUR = 60;
const DAY = 24 * HOUR;

let adminToken: string | null = null;
async function admin(request: APIRequestContext): Promise<string> {
  if (adminToken) return adminToken;
  const res = await request.post('/api/users/authenticate', { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  adminToken = (await res.json()).data.token as string;
  return adminToken;
}

async function createTournament(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post('/api/tournaments', {
    headers: { authorization: `Bearer ${await admin(request)}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string };
}

async function updateTournament(request: APIRequestContext, id: string, body: Record<string, unknown>) {
  const res = await request.put(`/api/tournaments/${id}`, {
    headers: { authorization: `Bearer ${await admin(request)}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A fresh player, signed up through the API (country left to the signup default) and logged in in this page. */
async function newPlayer(page: Page, lang: Lang) {
  const username = unique(`ps${lang}`);
  const password = 'promises-pass-1';
  const signup = await page.request.post('/api/users/pp', {
    data: {
      username,
      email: `${username}@example.com`,
      password,
      nickname: `Nick${username}`,
      gender: 'female',
      language: lang,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await page.request.post('/api/users/authenticate', {
    data: { email: `${username}@example.com`, password },
  });
  expect(login.ok()).toBe(true);
  const { user, token } = (await login.json()).data;
  await page.goto(at(lang, '/privacy-policy'));
  await page.evaluate(
    ([u, t]) => {
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('token', t);
    },
    [user, token] as const,
  );
  return { user: user as { country: string } };
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`small promises in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US', timezoneId: 'Europe/Rome' });
    const tx = text[lang];

    test(`a one-day countdown is singular, and the check-out dialog's buttons cannot be confused (${lang})`, async ({
      page,
      request,
    }) => {
      // check-in opens in one day and a few hours, the instant registration closes (one timestamp for both: two
      // calls of the clock can be a millisecond apart, and the countdown would then name the earlier one)
      const checkinOpens = minutes(DAY + 3 * HOUR);
      const t = await createTournament(request, {
        name: unique(`Promises ${lang} `),
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 20,
        start_registration: minutes(-HOUR),
        end_registration: checkinOpens,
        start_checkin: checkinOpens,
        end_checkin: minutes(DAY + 4 * HOUR),
        start_tournament: minutes(DAY + 5 * HOUR),
        end_tournament: minutes(DAY + 8 * HOUR),
      });
      await newPlayer(page, lang);
      await goto(page, at(lang, `/tournament/${t.id}`));
      await expect(page.getByTestId('tournament-countdown')).toHaveAttribute('data-kind', 'checkinOpens');
      await expect(page.getByTestId('countdown-days')).toHaveText('01');
      await expect(page.getByTestId('countdown-days-label')).toHaveText(tx.day);

      // join, then the check-in window opens: check in, and open the check-out confirmation
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('join-discord-id').fill('promises_player');
      await page.getByTestId('join-epic-id').fill('PromisesEpic');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await updateTournament(request, t.id, {
        start_registration: minutes(-3 * HOUR),
        end_registration: minutes(-5),
        start_checkin: minutes(-5),
        end_checkin: minutes(HOUR),
        start_tournament: minutes(HOUR + 15),
        end_tournament: minutes(4 * HOUR),
      });
      await goto(page, at(lang, `/tournament/${t.id}`));
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkIn');
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkOut');
      // the first check-in earns the seeded check-in badge: its modal is closed first
      await page.getByTestId('badge-earned-ok').click();
      await page.getByTestId('tournament-action').click();
      const cancel = page.getByTestId('tournament-confirm-cancel');
      const confirm = page.getByTestId('tournament-confirm-confirm');
      await expect(cancel).toHaveText(tx.keep);
      await expect(confirm).toHaveText(tx.cancelCheckIn);
      // keeping the check-in keeps it
      await cancel.click();
      await expect(page.getByTestId('tournament-confirm')).toHaveCount(0);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkOut');
    });

    test(`a word in place of a tournament id is the invalid-id message, on the page and in the API (${lang})`, async ({
      page,
      request,
    }) => {
      const res = await page.goto(at(lang, '/tournament/abc'));
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('tournament-error')).toHaveAttribute('data-kind', 'invalid');
      await expect(page.getByTestId('tournament-error').getByRole('alert')).toHaveText(tx.invalidId);
      const api = await request.get('/api/tournaments/abc');
      expect(api.status()).toBe(400);
      expect((await api.json()).error.code).toBe('INVALID_TOURNAMENT_ID');
    });

    // the address dialog names the country
    test(`a minimum price above the maximum is said; the country is named in the page's language (${lang})`, async ({
      page,
      request,
    }) => {
      const headers = { authorization: `Bearer ${await admin(request)}` };
      const upload = await request.post(`/api/media/${AGENCY}`, {
        headers,
        multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: PNG } },
      });
      expect(upload.status()).toBe(201);
      const name = unique(`Free cap ${lang} `);
      const created = await request.post('/api/marketplace/products', {
        headers,
        data: { name, description: '', price: 0, quantity: 5, image: (await upload.json()).data.url },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { user } = await newPlayer(page, lang);
      expect(user.country).toBe('Italy'); // the signup default, stored in English

      await goto(page, at(lang, '/marketplace'));
      await page.getByTestId('market-min-price').fill('500');
      await page.getByTestId('market-max-price').fill('100');
      await expect(page.getByTestId('market-price-range-error')).toHaveText(tx.priceRange);
      await expect(page.getByTestId('market-max-price')).toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('market-max-price').fill('1000');
      await expect(page.getByTestId('market-price-range-error')).toHaveCount(0);

      await page.getByTestId('market-reset').click();
      await hydrated(page);
      await searchShop(page, name);
      const card = page.getByTestId('product-card').filter({ hasText: name });
      await card.getByTestId('product-redeem').click();
      await expect(page.getByTestId('shipping-dialog')).toBeVisible();
      await expect(page.getByTestId('shipping-country')).toHaveValue(tx.country);
    });
  });
}
