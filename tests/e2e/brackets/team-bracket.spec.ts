import { expect, test } from '../fixtures.ts';
import { ADMIN, fillText, goto, keepShot, localeTexts, loginAs, minutes as iso, unique } from '../helpers.ts';
import { call, texts } from './swiss-field.ts';

/**
 * A duo bracket whose players signed up alone: the organiser forms the teams in the Bracket tab, and the bracket is
 * drawn from them. Without the teams the field holds no entrant, and nothing in the tab said how to make one.
 */
test('a duo bracket of solo sign-ups: the admin forms the teams in the Bracket tab, then generates it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await loginAs(page, ADMIN);
  const request = page.request;
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Duo Bracket '),
    game: 'Valorant',
    console: ['PC'],
    maxPartecipants: 8,
    teamSize: 2,
    start_registration: iso(-60),
    start_checkin: iso(60),
    end_checkin: iso(90),
    start_tournament: iso(120),
    end_tournament: iso(240),
  });
  const id = created.id as string;
  const competitions = await call(request, admin.token, 'GET', '/tournaments/competitions');
  const players: string[] = [
    ...new Set<string>(
      competitions.flatMap((c: { teams: { players: { playerId: string }[] }[] }) =>
        c.teams.flatMap((team) => team.players.map((p) => p.playerId)),
      ),
    ),
  ].slice(0, 4);
  expect(players).toHaveLength(4);
  for (const userId of players)
    await call(request, admin.token, 'POST', `/tournaments/${id}/register?userID=${userId}`, {
      gameAccounts: [
        { userId, gameAccount: { username: `vlr${userId.slice(0, 6)}`, id: '', game: 'Valorant', console: 'PC' } },
      ],
    });
  // check-in has closed: the admin checks everyone in on their behalf
  await call(request, admin.token, 'PUT', `/tournaments/${id}`, {
    start_registration: iso(-120),
    start_checkin: iso(-60),
    end_checkin: iso(-30),
    start_tournament: iso(30),
    end_tournament: iso(200),
  });
  for (const userId of players)
    await call(request, admin.token, 'PUT', `/tournaments/${id}/registrations/${userId}/checkin`, { confirmed: true });

  const results = localeTexts('it', 'results-admin');
  const brackets = texts.it;
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  const panel = page.getByTestId('tournament-panel-bracket');
  await expect(panel.getByTestId('teams-empty')).toHaveText(results.teams.empty);
  // the Bracket tab says when a change of the teams reaches the bracket
  await expect(panel.getByTestId('teams-note')).toHaveText(results.teams.bracketNote);
  await keepShot(panel, { path: test.info().outputPath('teams-note-it.png') });
  await panel.getByTestId('teams-auto').click();
  await expect(
    page.locator('[data-sonner-toast][data-type="success"]', { hasText: results.teams.autoDone }),
  ).toBeVisible();
  await page.getByTestId('teams-0-name').fill('Squadra Rossa');
  await page.getByTestId('teams-save').click();
  await expect(
    page.locator('[data-sonner-toast][data-type="success"]', { hasText: results.teams.saved }),
  ).toBeVisible();

  // forming them again would replace the teams and their names: asked first, and a cancel keeps them
  await panel.getByTestId('teams-auto').click();
  const asking = page.getByTestId('teams-auto-dialog');
  await expect(asking).toContainText(results.teams.autoConfirmTitle);
  await expect(asking).toContainText(results.teams.autoConfirmMessage);
  await page.getByTestId('teams-auto-dialog-cancel').click();
  await expect(asking).toBeHidden();
  await expect(page.getByTestId('teams-0-name')).toHaveValue('Squadra Rossa');

  await page.getByTestId('bracket-seeding').selectOption('checkin');
  await page.getByTestId('bracket-generate').click();
  await expect(
    page.locator('[data-sonner-toast][data-type="success"]', { hasText: brackets.admin.generated }),
  ).toBeVisible();
  await expect(page.getByTestId('bracket-admin-match')).toHaveCount(1);
  // generating again draws new pairings: asked first, and a cancel keeps the bracket
  await page.getByTestId('bracket-generate').click();
  const again = page.getByTestId('bracket-generate-dialog');
  await expect(again).toContainText(brackets.admin.regenerateTitle);
  await expect(again).toContainText(brackets.admin.regenerateMessage);
  await page.getByTestId('bracket-generate-dialog-cancel').click();
  await expect(again).toBeHidden();
  await expect(page.getByTestId('bracket-admin-match')).toContainText(
    fillText(brackets.admin.match, { a: 'Squadra Rossa', b: 'Team 2' }),
  );
});

test('a solo bracket shows no teams', async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const created = await call(page.request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Solo Bracket '),
    game: 'Valorant',
    console: ['PC'],
    maxPartecipants: 8,
    start_registration: iso(-60),
    start_checkin: iso(60),
    end_checkin: iso(90),
    start_tournament: iso(120),
    end_tournament: iso(240),
  });
  await goto(page, `/dashboard/tournaments/edit?id=${created.id}#bracket`);
  await expect(page.getByTestId('bracket-admin')).toBeVisible();
  await expect(page.getByTestId('teams-editor')).toHaveCount(0);
});
