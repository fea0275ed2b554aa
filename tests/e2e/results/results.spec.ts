import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  ADMIN,
  authenticate,
  fillText,
  GIULIA,
  goto,
  keepShot,
  localeTexts,
  loginAs,
  storeSession,
  unique,
} from '../helpers.ts';

/**
 * Match day's results: the admin sets a preset, enters a match in the
 * grid and one by pasted CSV (a preview error corrected first) and voids it; players watching the
 * standings page in Italian and English see it change by itself; the tournament page shows the
 * top 10.
 */
const ALEX = { email: 'alex@demo.arena', password: 'demo-player-2026' };
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
// one poll (15 s) plus the micro-cache and a slow machine
const POLL = { timeout: 30_000 };
const shots = 'test-results/results';

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/**
 * A live Fortnite tournament (solo unless `teamSize`) with giulia, alex and two of the demo's leaderboard players
 * checked in.
 */
async function liveTournament(request: APIRequestContext, token: string, teamSize: number | null = null) {
  const giulia = await authenticate(request, GIULIA);
  const alex = await authenticate(request, ALEX);
  const competitions = (await call(request, token, 'GET', '/tournaments/competitions')).body.data;
  const others: string[] = [
    ...new Set<string>(
      competitions.flatMap((c: any) => c.teams.flatMap((team: any) => team.players.map((p: any) => p.playerId))),
    ),
  ].slice(0, 2);
  const created = await call(request, token, 'POST', '/tournaments', {
    name: unique('E2E Results '),
    game: 'Fortnite',
    console: ['PC'],
    maxPartecipants: 50,
    teamSize,
    start_registration: iso(-60),
    start_checkin: iso(60),
    end_checkin: iso(90),
    start_tournament: iso(120),
    end_tournament: iso(240),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const ids = [giulia.user.id, alex.user.id, ...others];
  for (const userId of ids) {
    const joined = await call(request, token, 'POST', `/tournaments/${id}/register?userID=${userId}`, {
      gameAccounts: [
        { userId, gameAccount: { username: `acct${userId.slice(0, 6)}`, id: '', game: 'Fortnite', console: 'PC' } },
      ],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  // check-in opens, everyone is checked in, then the tournament is played
  expect(
    (
      await call(request, token, 'PUT', `/tournaments/${id}`, {
        start_registration: iso(-120),
        start_checkin: iso(-30),
        end_checkin: iso(60),
        start_tournament: iso(90),
        end_tournament: iso(200),
      })
    ).status,
  ).toBe(200);
  for (const userId of ids)
    expect(
      (await call(request, token, 'PUT', `/tournaments/${id}/registrations/${userId}/checkin`, { confirmed: true }))
        .status,
    ).toBe(200);
  expect((await call(request, token, 'PUT', `/tournaments/${id}`, { status: 1 })).status).toBe(200);
  const entrants: { id: string; name: string }[] = (await call(request, token, 'GET', `/tournaments/${id}/entrants`))
    .body.data;
  // a team tournament has no entrants until its teams are formed
  expect(entrants).toHaveLength(teamSize ? 0 : 4);
  const roster: { userId: string; username: string }[] = (
    await call(request, token, 'GET', `/tournaments/${id}/registrations`)
  ).body.data.members;
  const nameOf = (userId: string) => roster.find((m) => m.userId === userId)!.username;
  return {
    id,
    giulia: { session: giulia, name: nameOf(giulia.user.id) },
    alex: { session: alex, name: nameOf(alex.user.id) },
    others: others.map(nameOf),
  };
}

/** A player's own browser on the standings page, marked so a reload would show. */
async function watcher(
  browser: Browser,
  lang: 'it' | 'en',
  session: Awaited<ReturnType<typeof authenticate>>,
  path: string,
) {
  const context = await browser.newContext({
    locale: lang === 'it' ? 'it-IT' : 'en-US',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await storeSession(page, session, lang === 'it' ? '/privacy-policy' : '/en/privacy-policy');
  await goto(page, path);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return { page, close: () => context.close() };
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

// the standings are checked in Italian and English; the tournament page shows the top 10
test('the admin enters and voids matches; players see the standings update by themselves', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  const it = {
    results: localeTexts('it', 'results'),
    admin: localeTexts('it', 'results-admin'),
    errors: localeTexts('it', 'errors'),
  };
  const en = { results: localeTexts('en', 'results') };

  // before the first match: the empty state, and the page says it refreshes by itself
  const giulia = await watcher(browser, 'it', t.giulia.session, `/tournament/${t.id}/standings`);
  const alex = await watcher(browser, 'en', t.alex.session, `/en/tournament/${t.id}/standings`);
  await expect(giulia.page.getByTestId('standings-empty')).toHaveText(it.results.standings.empty);
  await expect(giulia.page.getByTestId('standings-live')).toContainText(it.results.standings.live);
  await expect(alex.page.getByTestId('standings-empty')).toHaveText(en.results.standings.empty);

  // the admin's Results tab: the start.gg preset
  await goto(page, `/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(page.getByTestId('results-panel')).toBeVisible();
  await page.getByTestId('scoring-preset').selectOption('startgg_ffa');
  await expect(page.getByTestId('scoring-placementPoints-2-points')).toHaveValue('1');
  await page.getByTestId('scoring-save').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(it.admin.scoring.saved);

  // match 1 in the grid: giulia 1st with 5 eliminations (3 + 2), alex 2nd with 3 (2 + 1), a third player 3rd (2)
  const grid = [
    [t.giulia.name, '1', '5'],
    [t.alex.name, '2', '3'],
    [t.others[0]!, '3', '0'],
  ];
  for (const [i, [name, placement, elims]] of grid.entries()) {
    if (i > 0) await page.getByTestId('entry-add-row').click();
    await page.getByTestId(`entry-${i}-entrant`).selectOption({ label: name! });
    await page.getByTestId(`entry-${i}-placement`).fill(placement!);
    await page.getByTestId(`entry-${i}-eliminations`).fill(elims!);
  }
  await page.getByTestId('entry-save').click();
  // three lines for four checked-in players: said, and saved only once confirmed
  const short = page.getByTestId('entry-short-dialog');
  await expect(short).toContainText(fillText(it.admin.entry.shortMessage, { lines: 3, entrants: 4 }));
  await short.getByTestId('entry-short-dialog-confirm').click();
  await expect(page.getByTestId('match-1')).toBeVisible();
  await expect(page.getByTestId('standings-preview-row').first()).toContainText(t.giulia.name);

  // match 2 by CSV: an unknown name is shown on its row and blocks the save until corrected
  await page.getByTestId('entry-tab-csv').click();
  await page.getByTestId('entry-csv-text').fill(`${t.alex.name},1,7\nnobody-${Date.now()},2,0\n${t.giulia.name},3,0`);
  await page.getByTestId('entry-csv-preview').click();
  await expect(page.getByTestId('entry-preview-row-2')).toContainText(it.errors.UNKNOWN_ENTRANT);
  await expect(page.getByTestId('entry-csv-save')).toBeDisabled();
  await page.getByTestId('entry-csv-text').fill(`${t.alex.name},1,7\n${t.others[1]},2,0\n${t.giulia.name},3,0`);
  await expect(page.getByTestId('entry-preview-status')).toHaveText(it.admin.entry.previewStale);
  await page.getByTestId('entry-csv-preview').click();
  await expect(page.getByTestId('entry-preview-status')).toHaveText(it.admin.entry.previewValid);
  await page.getByTestId('entry-csv-save').click();
  await expect(short).toContainText(fillText(it.admin.entry.shortMessage, { lines: 3, entrants: 4 }));
  await short.getByTestId('entry-short-dialog-confirm').click();
  await expect(page.getByTestId('match-2')).toBeVisible();
  // alex: 2 + 1 (match 1) and 3 + 3 (match 2) = 9, ahead of giulia's 5 + 2 = 7
  await expect(page.getByTestId('standings-preview-row').first()).toContainText(t.alex.name);

  // the players' pages follow by themselves, without a reload
  const firstRow = (p: Page) => p.getByTestId('standings-row').first();
  await expect(alex.page.getByTestId('standings-table')).toBeVisible(POLL);
  await expect(firstRow(alex.page).getByTestId('standings-points')).toHaveText('9', POLL);
  await expect(firstRow(alex.page).getByTestId('standings-name')).toHaveText(t.alex.name);
  await expect(firstRow(giulia.page).getByTestId('standings-points')).toHaveText('9', POLL);
  await expect(firstRow(giulia.page).getByTestId('standings-name')).toHaveText(t.alex.name);
  await expect(giulia.page.getByTestId('standings-empty')).toBeHidden();
  // the preset the admin picked after the page opened, and the count of matches, follow too
  await expect(giulia.page.getByTestId('scoring-placements')).toContainText(
    fillText(it.results.scoring.placementOne, { from: 1 }) + ': 3',
  );
  await expect(alex.page.getByTestId('standings-matches-played')).toHaveText(
    fillText(en.results.standings.matchesCount.other, { count: 2 }),
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await keepShot(page.getByTestId('results-panel'), { path: `${shots}/dashboard-results-it-1280.png` });

  // voiding match 2 asks first; the standings go back to match 1 alone
  await page.getByTestId('match-2-void').click();
  await expect(page.getByTestId('match-void-dialog')).toContainText(
    fillText(it.admin.matches.voidTitle, { number: 2 }),
  );
  // voiding a match has its own word ("Invalida"), never the dialog's "Annulla" (cancel)
  await expect(page.getByTestId('match-void-dialog-confirm')).toHaveText('Invalida');
  await expect(page.getByTestId('match-void-dialog-cancel')).toHaveText('Annulla');
  await page.getByTestId('match-void-dialog-confirm').click();
  await expect(page.getByTestId('match-2-state')).toHaveText('Invalidata');
  await expect(page.getByTestId('match-2-state')).toHaveText(it.admin.matches.voided);
  await expect(page.getByTestId('standings-preview-row').first()).toContainText(t.giulia.name);

  await expect(firstRow(giulia.page).getByTestId('standings-name')).toHaveText(t.giulia.name, POLL);
  await expect(firstRow(giulia.page).getByTestId('standings-points')).toHaveText('5');
  await expect(firstRow(alex.page).getByTestId('standings-name')).toHaveText(t.giulia.name, POLL);
  await expect(firstRow(alex.page).getByTestId('standings-points')).toHaveText('5');
  await expect(alex.page.getByTestId('standings-row').nth(1).getByTestId('standings-points')).toHaveText('3');
  await expect(giulia.page.getByTestId('standings-matches-played')).toHaveText(
    fillText(it.results.standings.matchesCount.one, { count: 1 }),
  );
  expect(await sameDocument(giulia.page)).toBe(true);
  // the redrawn table is as accessible as the served one
  expect(await seriousViolations(giulia.page)).toEqual([]);
  expect(await sameDocument(alex.page)).toBe(true);
  for (const [who, lang] of [
    [giulia, 'it'],
    [alex, 'en'],
  ] as const) {
    await keepShot(who.page, { path: `${shots}/standings-${lang}-390.png`, fullPage: true });
    await who.page.setViewportSize({ width: 1280, height: 900 });
    await keepShot(who.page, { path: `${shots}/standings-${lang}-1280.png`, fullPage: true });
    await who.close();
  }

  // the tournament page: the top 10, server-rendered, with the link to the full standings
  for (const lang of ['it', 'en'] as const) {
    const prefix = lang === 'it' ? '' : '/en';
    await goto(page, `${prefix}/tournament/${t.id}`);
    const top = page.getByTestId('standings-top');
    await expect(top.getByTestId('standings-row')).toHaveCount(4);
    await expect(top.getByTestId('standings-row').first().getByTestId('standings-name')).toHaveText(t.giulia.name);
    await expect(top.getByTestId('standings-top-link')).toHaveAttribute(
      'href',
      `${prefix}/tournament/${t.id}/standings`,
    );
    await keepShot(top, { path: `${shots}/top-${lang}-1280.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await keepShot(page, { path: `${shots}/tournament-en-390.png`, fullPage: true });
  await goto(page, `/en/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(page.getByTestId('scoring-form')).toContainText(localeTexts('en', 'results-admin').scoring.title);
  await keepShot(page.getByTestId('results-panel'), { path: `${shots}/dashboard-results-en-390.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // the settings: the format is the game's (automatic), and a battle royale's team size is solo, duo, trio or squad
  const form = localeTexts('en', 'dashboard').tournaments.form;
  await page.getByTestId('tournament-tab-settings').click();
  await expect(page.getByTestId('tournament-format')).toHaveValue('');
  await expect(page.getByTestId('tournament-format').locator('option:checked')).toHaveText(form.formatAuto);
  await expect(page.getByTestId('tournament-teamSize').locator('option')).toHaveText(
    ['solo', 'duo', 'trio', 'squad'].map((k) => form.teamSizes[k]),
  );
  // played as a bracket, any team size is a number again
  await page.getByTestId('tournament-format').selectOption('single_elimination');
  await expect(page.getByTestId('tournament-teamSize')).toHaveAttribute('type', 'number');
});

test('a standings tab shown again after the ticks it skipped reads the standings at once', async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  // the page's clock is the test's: a tick comes only when the test moves the clock on
  await page.clock.install();
  await goto(page, `/en/tournament/${t.id}/standings`);
  await expect(page.getByTestId('standings-empty')).toBeVisible();
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (value ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  const entrants: { id: string }[] = (await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/entrants`))
    .body.data;
  const lines = entrants.map((e, i) => ({ entrantId: e.id, placement: i + 1, eliminations: 0 }));
  expect((await call(page.request, admin.token, 'POST', `/tournaments/${t.id}/matches`, { lines })).status).toBe(201);
  // the tick of a hidden tab asks nothing
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('standings-empty')).toBeVisible();
  // shown again, it reads at once: the clock stays where it is
  await setHidden(false);
  await expect(page.getByTestId('standings-table')).toBeVisible();
  await expect(page.getByTestId('standings-row')).toHaveCount(entrants.length);
});

// the teams are formed automatically
test("a duo tournament: the admin forms the teams and renames one; the results show each team's players", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token, 2);
  const texts = localeTexts('it', 'results-admin');
  // toasts stack (newest first) and the last one can still be on screen: each is found by its text
  const toast = (text: string) => page.locator('[data-sonner-toast][data-type="success"]', { hasText: text });

  await goto(page, `/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(page.getByTestId('teams-empty')).toHaveText(texts.teams.empty);
  await expect(page.getByTestId('entry-no-entrants')).toBeVisible();
  await page.getByTestId('teams-auto').click();
  await expect(toast(texts.teams.autoDone)).toBeVisible();
  await expect(page.locator('[data-testid^="team-"][data-testid$="-remove"]')).toHaveCount(2);
  await page.getByTestId('teams-0-name').fill('Squadra Rossa');
  await page.getByTestId('teams-save').click();
  await expect(toast(texts.teams.saved)).toBeVisible();

  // the teams are the match's entrants
  await page.getByTestId('entry-0-entrant').selectOption({ label: 'Squadra Rossa' });
  await page.getByTestId('entry-0-placement').fill('1');
  await page.getByTestId('entry-0-eliminations').fill('4');
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('entry-short-dialog')).toContainText(
    fillText(texts.entry.shortMessage, { lines: 1, entrants: 2 }),
  );
  await page.getByTestId('entry-short-dialog-confirm').click();
  await expect(page.getByTestId('match-1')).toContainText('Squadra Rossa');

  await page.setViewportSize({ width: 390, height: 844 });
  await goto(page, `/tournament/${t.id}/standings`);
  const first = page.getByTestId('standings-row').first();
  await expect(first.getByTestId('standings-name')).toHaveText('Squadra Rossa');
  await expect(first.getByTestId('standings-members')).toHaveText(/\S+, \S+/);
  await expect(page.getByTestId('standings-row')).toHaveCount(2);
  await keepShot(page, { path: `${shots}/standings-duo-it-390.png`, fullPage: true });
  // the tournament page's teams panel has no captain's team to list, and says the organiser formed them
  await goto(page, `/tournament/${t.id}`);
  await expect(page.getByTestId('entry-teams-empty')).toHaveText(
    localeTexts('it', 'tournaments').teams.formedByOrganiser,
  );
});

// a short match is said in English; the disqualified player shows as DQ in both languages
test('one row per checked-in entrant in one click; a player disqualified mid-event keeps an editable line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  const en = localeTexts('en', 'results-admin').entry;
  await goto(page, `/en/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(page.getByTestId('entry-fill-rows')).toHaveText(en.fillRows);
  await page.getByTestId('entry-fill-rows').click();
  await expect(page.locator('[data-testid^="entry-row-"][data-testid$="-remove"]')).toHaveCount(4);
  await expect(page.getByTestId('entry-fill-rows')).toBeDisabled();
  for (let i = 0; i < 4; i++) await page.getByTestId(`entry-${i}-placement`).fill(String(i + 1));
  // the fourth row goes: the save says 3 of 4 and the admin keeps editing
  await page.getByTestId('entry-row-3-remove').click();
  await page.getByTestId('entry-save').click();
  const short = page.getByTestId('entry-short-dialog');
  await expect(short).toContainText(fillText(en.shortMessage, { lines: 3, entrants: 4 }));
  await expect(short.getByTestId('entry-short-dialog-confirm')).toHaveText(
    fillText(en.shortConfirm, { lines: 3, entrants: 4 }),
  );
  await keepShot(page, { path: `${shots}/short-match-en-1280.png` });
  await short.getByTestId('entry-short-dialog-cancel').click();
  await expect(page.getByTestId('match-1')).toHaveCount(0);
  await page.getByTestId('entry-fill-rows').click();
  await page.getByTestId('entry-3-placement').fill('4');
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('match-1')).toBeVisible();
  await expect(short).toBeHidden();
  const first = (await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/matches`)).body.data[0];
  const winner = first.lines.find((l: { placement: number }) => l.placement === 1) as {
    entrantId: string;
    name: string;
  };

  // the winner is disqualified: their line stays, editable, named as no longer playing
  const dq = await call(
    page.request,
    admin.token,
    'POST',
    `/tournaments/${t.id}/registrations/${winner.entrantId}/disqualify`,
    {
      reason: 'Teaming',
    },
  );
  expect(dq.status, JSON.stringify(dq.body)).toBe(200);
  // the same address again is only a hash change: the page is read afresh
  await page.reload();
  await page.getByTestId('match-1-edit').click();
  const row = page.getByTestId('entry-0-entrant');
  await expect(row.locator('option:checked')).toHaveText(fillText(en.offRoster, { name: winner.name }));
  await page.getByTestId('entry-0-eliminations').fill('6');
  await page.getByTestId('entry-save').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(
    fillText(en.saved, { number: 1 }),
  );

  for (const [prefix, width] of [
    ['', 390],
    ['/en', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await goto(page, `${prefix}/tournament/${t.id}/standings`);
    const rows = page.getByTestId('standings-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.last()).toHaveAttribute('data-disqualified');
    await expect(rows.last().getByTestId('standings-name')).toHaveText(winner.name);
    await expect(rows.last().locator('[data-f="rank"]')).toHaveText('DQ');
    await expect(rows.first().locator('[data-f="rank"]')).toHaveText('1');
    await keepShot(page, {
      path: `${shots}/standings-dq${prefix.replace('/', '-') || '-it'}-${width}.png`,
      fullPage: true,
    });
  }
});
