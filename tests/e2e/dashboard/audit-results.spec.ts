import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import { ADMIN, authenticate, fillText, goto, localeTexts, storeSession, unique } from '../helpers.ts';

/**
 * "Who changed this tournament's results": the audit log's categories (matches, reports, scoring, brackets,
 * prizes and finalising) and its filter by one tournament, whose entries are labelled with its name.
 */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`the audit log of a tournament's results in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });
    const audit = localeTexts(lang, 'audit');

    // the entries of one tournament are filtered too
    test(`the scoring category shows the change under the tournament's name (${lang})`, async ({ page }) => {
      const admin = await authenticate(page.request, ADMIN);
      const name = unique(`Coppa Audit ${lang} `);
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name,
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 8,
        start_registration: iso(-60),
        start_checkin: iso(60),
        end_checkin: iso(90),
        start_tournament: iso(120),
        end_tournament: iso(240),
      });
      const id = created.id as string;
      const scoring = await call(page.request, admin.token, 'GET', `/tournaments/${id}/scoring`);
      await call(page.request, admin.token, 'PUT', `/tournaments/${id}/scoring`, { ...scoring, lobbySize: 60 });
      await storeSession(page, admin, '/privacy-policy');

      await goto(page, at(lang, '/dashboard/audit'));
      const filter = page.getByTestId('audit-action');
      // the results' categories are offered, each in the page's language
      for (const category of ['matches', 'reports', 'scoring', 'brackets', 'prizes'])
        await expect(filter.locator(`option[value="${category}"]`)).toHaveText(audit.categories[category]);
      await filter.selectOption('scoring');
      await expect(page).toHaveURL(/[?&]category=scoring/);
      const rows = page.getByTestId('audit-table').locator('tbody tr');
      const ours = rows.filter({ has: page.getByText(name, { exact: true }) });
      await expect(ours).toHaveCount(1);
      await expect(ours).toHaveAttribute('data-action', 'scoring.update');
      await expect(ours.getByTestId('audit-row-action')).toHaveText(audit.actions.scoring.update);
      await expect(ours.getByTestId('audit-row-object')).toHaveText(name);
      for (const row of await rows.all()) await expect(row).toHaveAttribute('data-action', 'scoring.update');

      // only this tournament: its creation and its scoring, whatever the category
      await ours.getByTestId('audit-row-tournament').click();
      await expect(page).toHaveURL(new RegExp(`[?&]tournament=${id}`));
      await expect(page.getByTestId('audit-tournament-filter')).toContainText(
        fillText(audit.tournamentFilter, { name }),
      );
      await expect(rows).toHaveCount(1);
      // the filter's chip and the rows' buttons are named for a screen reader
      expect(await seriousViolations(page)).toEqual([]);
      await filter.selectOption('');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute('data-action', 'scoring.update');
      await expect(rows.nth(1)).toHaveAttribute('data-action', 'tournament.create');

      // the filter is kept in the address: a reload shows the same entries, named from the rows
      await page.reload();
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId('audit-tournament-filter')).toContainText(name);
      await page.getByTestId('audit-tournament-clear').click();
      await expect(page.getByTestId('audit-tournament-filter')).toHaveCount(0);
      await expect(page).not.toHaveURL(/tournament=/);

      // the tournament's editor links to its history: the log filtered by it
      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}`));
      const history = page.getByTestId('tournament-editor-history');
      await expect(history).toHaveText(localeTexts(lang, 'dashboard').tournaments.detail.history);
      await history.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/audit\\?tournament=${id}`));
      await expect(page.getByTestId('audit-tournament-filter')).toContainText(name);
      await expect(rows).toHaveCount(2);
    });

    // teams formed anew take their players' lobby seats: the log names that move, lobby by lobby
    test(`the lobby seats re-formed teams take have their entry (${lang})`, async ({ page }) => {
      const admin = await authenticate(page.request, ADMIN);
      const id = (
        await call(page.request, admin.token, 'POST', '/tournaments', {
          name: unique(`Duo Audit ${lang} `),
          game: 'Fortnite',
          console: ['PC', 'PS5'],
          maxPartecipants: 8,
          teamSize: 2,
          start_registration: iso(-60),
          start_checkin: iso(60),
          end_checkin: iso(90),
          start_tournament: iso(120),
          end_tournament: iso(240),
        })
      ).id as string;
      const roster = `/tournaments/${id}/registrations`;
      const players: string[] = [];
      // the demo players with a Fortnite account, added and checked in by the organiser
      for (const username of ['giulia', 'alex']) {
        const found = await call(page.request, admin.token, 'GET', `${roster}/candidates?search=${username}`);
        const userId = (found as { userId: string; username: string }[]).find((c) => c.username === username)!.userId;
        await call(page.request, admin.token, 'POST', roster, { userId });
        await call(page.request, admin.token, 'PUT', `${roster}/${userId}/checkin`, { confirmed: true });
        players.push(userId);
      }
      const [giulia, alex] = players as [string, string];
      const teams = async (list: [string, string[]][]) =>
        (await call(page.request, admin.token, 'PUT', `/tournaments/${id}/teams`, {
          teams: list.map(([name, members]) => ({ name, members })),
        })) as { id: string }[];
      const [a, b] = await teams([
        ['A', [giulia]],
        ['B', [alex]],
      ]);
      await call(page.request, admin.token, 'PUT', `/tournaments/${id}/lobbies`, { lobbies: [[a!.id], [b!.id]] });
      // the two players' lobbies tie: their new team takes the lower one
      await teams([['North', [giulia, alex]]]);
      await storeSession(page, admin, '/privacy-policy');

      await goto(page, at(lang, `/dashboard/audit?tournament=${id}`));
      const moved = page.getByTestId('audit-table').locator('tbody tr[data-action="lobby.follow"]');
      await expect(moved).toHaveCount(1);
      await expect(moved.getByTestId('audit-row-action')).toHaveText(audit.actions.lobby.follow);
      await moved.getByTestId('audit-row-details').click();
      const changes = page.getByTestId('audit-detail').getByTestId('audit-change');
      await expect(changes.first()).toBeVisible();
      const paths = await changes.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')));
      expect(paths.sort()).toEqual(['lobbies.1[A]', 'lobbies.1[North]', 'lobbies.2[B]']);
      await page.keyboard.press('Escape');
      // the teams' own entry names each team that went or came, never a bare `value`
      const formed = page.getByTestId('audit-table').locator('tbody tr[data-action="team.update"]');
      await expect(formed).toHaveCount(2);
      await formed.first().getByTestId('audit-row-details').click();
      await expect(changes.first()).toBeVisible();
      const teamPaths = await changes.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')));
      expect(teamPaths.sort()).toEqual(['teams[A]', 'teams[B]', 'teams[North]']);
    });
  });
}
