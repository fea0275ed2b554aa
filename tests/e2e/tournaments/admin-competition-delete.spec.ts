import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { goto, unique, ADMIN, loginAs, toast } from '../helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/** What the dialog says about the tournaments that point to the competition, in each language. */
const tournamentsStay = {
  it: /2 tornei fanno parte di questa competizione: resteranno, senza competizione/,
  en: /2 tournaments belong to it: they will stay, without a competition/,
};

for (const lang of ['it', 'en'] as const) {
  test.describe(`deleting a competition in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`the dialog says how many tournaments point to it; they stay without a competition (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const name = unique(`E2E Doomed league ${lang} `);
      const created = await call(page.request, admin.token, 'POST', '/tournaments/competitions', {
        name,
        game: 'Fortnite',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const competitionId = created.body.data.id as string;
      const tournamentIds: string[] = [];
      for (const n of [1, 2]) {
        const t = await call(page.request, admin.token, 'POST', '/tournaments', {
          name: `${name} cup ${n}`,
          game: 'Fortnite',
          console: ['PC'],
          maxPartecipants: 8,
          competitionId,
        });
        expect(t.status, JSON.stringify(t.body)).toBe(201);
        tournamentIds.push(t.body.data.id);
      }

      await goto(page, at(lang, '/dashboard/competitions'));
      await page.getByTestId('competitions-search').fill(name);
      const rows = page.getByTestId('competitions-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows).toHaveAttribute('data-testid', `competition-row-${competitionId}`);

      // asked first: the dialog names the competition and the tournaments that stay
      await rows.getByTestId('competition-row-delete').click();
      const dialog = page.getByTestId('competition-delete-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(name);
      await expect(dialog).toContainText(tournamentsStay[lang]);
      // cancelling keeps it
      await page.getByTestId('competition-delete-dialog-cancel').click();
      await expect(dialog).toBeHidden();
      await expect(rows).toHaveCount(1);
      expect((await call(page.request, admin.token, 'GET', `/tournaments/competitions/${competitionId}`)).status).toBe(
        200,
      );

      await rows.getByTestId('competition-row-delete').click();
      await page.getByTestId('competition-delete-dialog-confirm').click();
      await expect(toast(page)).toContainText(name);
      await expect(dialog).toBeHidden();
      await expect(rows).toHaveCount(0);

      // gone from the API; its tournaments stay, without a competition
      expect((await call(page.request, admin.token, 'GET', `/tournaments/competitions/${competitionId}`)).status).toBe(
        404,
      );
      for (const id of tournamentIds) {
        const t = await call(page.request, admin.token, 'GET', `/tournaments/${id}`);
        expect(t.status).toBe(200);
        expect(t.body.data.competitionId).toBeNull();
      }
      // the other specs' tournament lists stay as they were
      for (const id of tournamentIds)
        expect((await call(page.request, admin.token, 'DELETE', `/tournaments/${id}`)).status).toBe(200);
    });
  });
}
