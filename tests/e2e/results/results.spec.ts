import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { authenticate, fillText, goto, localeTexts, loginAs, storeSession, unique, ADMIN, GIULIA } from '../helpers.ts';

/**
 * Match day's results (issue 15, items 1, 2 and 4): the admin sets a preset, enters a match in the
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

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/** A live solo Fortnite tournament with giulia, alex and two of the demo's leaderboard players checked in. */
async function liveTournament(request: APIRequestContext, token: string) {
  const giulia = await authenticate(request, GIULIA);
  const alex = await authenticate(request, ALEX);
  const competitions = (await call(request, token, 'GET', '/tournaments/competitions')).body.data;
  const others: string[] = [...new Set<string>(competitions.flatMap((c: any) => c.teams.flatMap((team: any) => team.players.map((p: any) => p.playerId))))].slice(0, 2);
  const created = await call(request, token, 'POST', '/tournaments', {
    name: unique('E2E Results '),
    game: 'Fortnite',
    console: ['PC'],
    maxPartecipants: 50,
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
      gameAccounts: [{ userId, gameAccount: { username: `acct${userId.slice(0, 6)}`, id: '', game: 'Fortnite', console: 'PC' } }],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  // check-in opens, everyone is checked in, then the tournament is played
  expect((await call(request, token, 'PUT', `/tournaments/${id}`, { start_registration: iso(-120), start_checkin: iso(-30), end_checkin: iso(60), start_tournament: iso(90), end_tournament: iso(200) })).status).toBe(200);
  for (const userId of ids) expect((await call(request, token, 'PUT', `/tournaments/${id}/registrations/${userId}/checkin`, { confirmed: true })).status).toBe(200);
  expect((await call(request, token, 'PUT', `/tournaments/${id}`, { status: 1 })).status).toBe(200);
  const entrants: { id: string; name: string }[] = (await call(request, token, 'GET', `/tournaments/${id}/entrants`)).body.data;
  expect(entrants).toHaveLength(4);
  const nameOf = (userId: string) => entrants.find((e) => e.id === userId)!.name;
  return { id, giulia: { session: giulia, name: nameOf(giulia.user.id) }, alex: { session: alex, name: nameOf(alex.user.id) }, others: others.map(nameOf) };
}

/** A player's own browser on the standings page, marked so a reload would show. */
async function watcher(browser: Browser, lang: 'it' | 'en', session: Awaited<ReturnType<typeof authenticate>>, path: string) {
  const context = await browser.newContext({ locale: lang === 'it' ? 'it-IT' : 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await storeSession(page, session, lang === 'it' ? '/privacy-policy' : '/en/privacy-policy');
  await goto(page, path);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return { page, close: () => context.close() };
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('the admin enters and voids matches; players see the standings update by themselves in Italian and English; the tournament page shows the top 10', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  const it = { results: localeTexts('it', 'results'), admin: localeTexts('it', 'results-admin'), errors: localeTexts('it', 'errors') };
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
  await expect(page.getByTestId('match-2')).toBeVisible();
  // alex: 2 + 1 (match 1) and 3 + 3 (match 2) = 9, ahead of giulia's 5 + 2 = 7
  await expect(page.getByTestId('standings-preview-row').first()).toContainText(t.alex.name);

  // the players' pages follow by themselves, without a reload
  const firstRow = (p: Page) => p.getByTestId('standings-row').first();
  await expect(firstRow(alex.page).getByTestId('standings-name')).toHaveText(t.alex.name, POLL);
  await expect(firstRow(alex.page).getByTestId('standings-points')).toHaveText('9');
  await expect(firstRow(giulia.page).getByTestId('standings-name')).toHaveText(t.alex.name, POLL);
  await expect(giulia.page.getByTestId('standings-empty')).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('results-panel').screenshot({ path: `${shots}/dashboard-results-it-1280.png` });

  // voiding match 2 asks first; the standings go back to match 1 alone
  await page.getByTestId('match-2-void').click();
  await expect(page.getByTestId('match-void-dialog')).toContainText(fillText(it.admin.matches.voidTitle, { number: 2 }));
  await page.getByTestId('match-void-dialog-confirm').click();
  await expect(page.getByTestId('match-2-state')).toHaveText(it.admin.matches.voided);
  await expect(page.getByTestId('standings-preview-row').first()).toContainText(t.giulia.name);

  await expect(firstRow(giulia.page).getByTestId('standings-name')).toHaveText(t.giulia.name, POLL);
  await expect(firstRow(giulia.page).getByTestId('standings-points')).toHaveText('5');
  await expect(firstRow(alex.page).getByTestId('standings-name')).toHaveText(t.giulia.name, POLL);
  await expect(alex.page.getByTestId('standings-row').nth(1).getByTestId('standings-points')).toHaveText('3');
  expect(await sameDocument(giulia.page)).toBe(true);
  expect(await sameDocument(alex.page)).toBe(true);
  for (const [who, lang] of [
    [giulia, 'it'],
    [alex, 'en'],
  ] as const) {
    await who.page.screenshot({ path: `${shots}/standings-${lang}-390.png`, fullPage: true });
    await who.page.setViewportSize({ width: 1280, height: 900 });
    await who.page.screenshot({ path: `${shots}/standings-${lang}-1280.png`, fullPage: true });
    await who.close();
  }

  // the tournament page: the top 10, server-rendered, with the link to the full standings
  for (const lang of ['it', 'en'] as const) {
    const prefix = lang === 'it' ? '' : '/en';
    await goto(page, `${prefix}/tournament/${t.id}`);
    const top = page.getByTestId('standings-top');
    await expect(top.getByTestId('standings-row')).toHaveCount(4);
    await expect(top.getByTestId('standings-row').first().getByTestId('standings-name')).toHaveText(t.giulia.name);
    await expect(top.getByTestId('standings-top-link')).toHaveAttribute('href', `${prefix}/tournament/${t.id}/standings`);
    await top.screenshot({ path: `${shots}/top-${lang}-1280.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await goto(page, `/en/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(page.getByTestId('scoring-form')).toContainText(localeTexts('en', 'results-admin').scoring.title);
  await page.getByTestId('results-panel').screenshot({ path: `${shots}/dashboard-results-en-390.png` });
});
