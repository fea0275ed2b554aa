import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import sharp from 'sharp';
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
  watchConsoleErrors,
} from '../helpers.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';

/**
 * Lobbies of a battle royale: the organiser splits a field larger than a lobby into two, balanced by
 * seed, moves a player by hand and posts each lobby's code; on the tournament page each checked-in
 * player sees their own lobby, and its code only once its time has come (Italian and English, 390
 * and 1280 px).
 */
const ALEX = { email: 'alex@demo.arena', password: 'demo-player-2026' };
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const shots = 'test-results/lobbies';

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
 * A live Fortnite tournament with giulia, alex and more players checked in, in that order (four by default: solo, in
 * lobbies of 3).
 */
async function liveTournament(
  request: APIRequestContext,
  token: string,
  { field = 4, teamSize = 1, lobbySize = 3 }: { field?: number; teamSize?: number; lobbySize?: number } = {},
) {
  const giulia = await authenticate(request, GIULIA);
  const alex = await authenticate(request, ALEX);
  const competitions = (await call(request, token, 'GET', '/tournaments/competitions')).body.data;
  const others: string[] = [
    ...new Set<string>(
      competitions.flatMap((c: any) => c.teams.flatMap((team: any) => team.players.map((p: any) => p.playerId))),
    ),
  ].slice(0, field - 2);
  const created = await call(request, token, 'POST', '/tournaments', {
    name: unique('E2E Lobbies '),
    game: 'Fortnite',
    teamSize,
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
      gameAccounts: [
        { userId, gameAccount: { username: `acct${userId.slice(0, 6)}`, id: '', game: 'Fortnite', console: 'PC' } },
      ],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  const schedule = {
    start_registration: iso(-120),
    start_checkin: iso(-30),
    end_checkin: iso(60),
    start_tournament: iso(90),
    end_tournament: iso(200),
  };
  expect((await call(request, token, 'PUT', `/tournaments/${id}`, schedule)).status).toBe(200);
  for (const userId of ids) {
    const res = await call(request, token, 'PUT', `/tournaments/${id}/registrations/${userId}/checkin`, {
      confirmed: true,
    });
    expect(res.status).toBe(200);
    // check-in order is the seed order: one stamp apart
    await new Promise((r) => setTimeout(r, 5));
  }
  expect((await call(request, token, 'PUT', `/tournaments/${id}`, { status: 1 })).status).toBe(200);
  const scoring = await call(request, token, 'PUT', `/tournaments/${id}/scoring`, {
    preset: 'custom',
    placementPoints: [{ from: 1, to: 1, points: 10 }],
    pointsPerElimination: 1,
    eliminationBrackets: [],
    countedMatches: null,
    lobbySize,
    tiebreakers: [],
  });
  expect(scoring.status, JSON.stringify(scoring.body)).toBe(200);
  const roster: { userId: string; username: string }[] = (
    await call(request, token, 'GET', `/tournaments/${id}/registrations`)
  ).body.data.members;
  const nameOf = (userId: string) => roster.find((m) => m.userId === userId)!.username;
  return { id, giulia, alex, names: ids.map(nameOf) };
}

async function playerPage(
  browser: Browser,
  lang: 'it' | 'en',
  width: number,
  session: Awaited<ReturnType<typeof authenticate>>,
  timezoneId?: string,
) {
  const context = await browser.newContext({
    locale: lang === 'it' ? 'it-IT' : 'en-US',
    viewport: { width, height: 900 },
    timezoneId,
  });
  const page = await context.newPage();
  await storeSession(page, session, lang === 'it' ? '/privacy-policy' : '/en/privacy-policy');
  return { page, close: () => context.close() };
}

// the organiser posts each lobby's code
test('the organiser splits the field into two lobbies; each player sees their own lobby and code', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  const [giuliaName, alexName, third, fourth] = t.names as [string, string, string, string];
  const itAdmin = localeTexts('it', 'results-admin');
  const it = localeTexts('it', 'results');
  const en = localeTexts('en', 'results');

  // four checked in, lobbies of three: the panel says two are needed and splits by seed
  await page.setViewportSize({ width: 1280, height: 900 });
  await goto(page, `/dashboard/tournaments/edit?id=${t.id}#results`);
  const panel = page.getByTestId('lobbies-panel');
  await expect(panel).toContainText(fillText(itAdmin.lobbies.intro, { size: 3, needed: 2 }));
  await expect(page.getByTestId('lobbies-count')).toHaveValue('2');
  await page.getByTestId('lobbies-split').click();
  const lobby = (n: number) => page.getByTestId(`lobby-${n}`);
  const names = (n: number) => lobby(n).getByTestId('lobby-entrant');
  await expect(names(1)).toHaveText([giuliaName, third].map((n) => new RegExp(n)));
  await expect(names(2)).toHaveText([alexName, fourth].map((n) => new RegExp(n)));

  // by hand: the fourth seed moves to lobby 1
  await lobby(2).locator(`[data-name="${fourth}"]`).getByTestId('lobby-move').selectOption('1');
  await expect(names(1)).toHaveCount(3);
  await expect(names(2)).toHaveText([new RegExp(alexName)]);

  // lobby 1's code shows at once, lobby 2's in an hour
  await lobby(1).getByTestId('lobby-code').fill('ARENA-ONE');
  await lobby(1).getByTestId('lobby-code-save').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').first()).toContainText(
    fillText(itAdmin.lobbies.codeSaved, { n: 1 }),
  );
  await lobby(2).getByTestId('lobby-code').fill('ARENA-TWO');
  const later = new Date(Date.now() + 60 * MIN);
  const local = new Date(later.getTime() - later.getTimezoneOffset() * MIN).toISOString().slice(0, 16);
  await lobby(2).getByTestId('lobby-code-from').fill(local);
  await lobby(2).getByTestId('lobby-code-save').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').first()).toContainText(
    fillText(itAdmin.lobbies.codeSaved, { n: 2 }),
  );
  // a match is entered for one lobby: the grid offers only its players
  await page.getByTestId('entry-lobby').selectOption('2');
  await expect(page.getByTestId('entry-0-entrant').locator('option')).toHaveCount(2);
  await page.getByTestId('entry-0-entrant').selectOption({ label: alexName });
  await page.getByTestId('entry-0-placement').fill('1');
  await page.getByTestId('entry-0-eliminations').fill('2');
  await page.getByTestId('entry-save').click();
  await expect(page.getByTestId('match-1-lobby')).toHaveText(fillText(itAdmin.lobbies.lobby, { n: 2 }));
  await keepShot(page.getByTestId('lobbies-panel'), { path: `${shots}/dashboard-lobbies-it-1280.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // giulia (English, phone): lobby 1 and its code
  const giulia = await playerPage(browser, 'en', 390, t.giulia);
  await goto(giulia.page, `/en/tournament/${t.id}`);
  const box = giulia.page.getByTestId('my-lobby');
  await expect(box.getByTestId('my-lobby-number')).toHaveText(fillText(en.lobby.yours, { n: 1, count: 2 }));
  await expect(box.getByTestId('my-lobby-code')).toHaveText('ARENA-ONE');
  await expect(box).toContainText(en.lobby.noMatches);
  await keepShot(box, { path: `${shots}/my-lobby-en-390.png` });
  expect(await seriousViolations(giulia.page)).toEqual([]);
  await giulia.close();

  // alex (Italian, desktop, in New York): lobby 2, its match, and its code not yet, from a time in his own zone
  const alex = await playerPage(browser, 'it', 1280, t.alex, 'America/New_York');
  await goto(alex.page, `/tournament/${t.id}`);
  const alexBox = alex.page.getByTestId('my-lobby');
  await expect(alexBox.getByTestId('my-lobby-number')).toHaveText(fillText(it.lobby.yours, { n: 2, count: 2 }));
  await expect(alexBox.getByTestId('my-lobby-matches')).toHaveText(fillText(it.lobby.played, { n: 1 }));
  const posted = (await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/lobbies`)).body.data.lobbies[1];
  const newYork = formatDateTime(posted.codeVisibleFrom, 'it', { timeZone: 'America/New_York', zoneName: true });
  expect(newYork).not.toBe(formatDateTime(posted.codeVisibleFrom, 'it', { timeZone: SITE_TIME_ZONE, zoneName: true }));
  await expect(alexBox.getByTestId('my-lobby-code-note')).toHaveText(fillText(it.lobby.codeLater, { time: newYork }));
  await expect(alexBox.getByTestId('my-lobby-code')).toBeHidden();
  await expect(alexBox).not.toContainText('ARENA-TWO');
  await keepShot(alexBox, { path: `${shots}/my-lobby-it-1280.png` });
  expect(await seriousViolations(alex.page)).toEqual([]);
  await alex.close();

  // the page itself (as a visitor gets it) never carries a code
  const html = await (await page.request.get(`/en/tournament/${t.id}`)).text();
  expect(html).not.toContain('ARENA-ONE');
  // the organiser does not play: their page asks for no lobby (a refused request would log an error)
  const asked: string[] = [];
  const errors = watchConsoleErrors(page);
  page.on('request', (r) => void (r.url().includes('/lobbies/mine') && asked.push(r.url())));
  await goto(page, `/tournament/${t.id}`);
  await expect(page.getByTestId('my-lobby')).toBeHidden();
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

// a duo tournament in lobbies of two teams: the organiser forms the teams again from the Results tab
test('teams formed anew keep their players’ lobbies; a team none of whose players had one waits in none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token, { field: 6, teamSize: 2, lobbySize: 2 });
  const roster: { userId: string; username: string }[] = (
    await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/registrations`)
  ).body.data.members;
  const [g, a, c, d] = t.names.map((name) => roster.find((m) => m.username === name)!.userId);
  const formed = await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/teams`, {
    teams: [
      { name: 'Aquile', members: [g, a] },
      { name: 'Falchi', members: [c, d] },
    ],
  });
  expect(formed.status, JSON.stringify(formed.body)).toBe(200);
  const [aquile, falchi] = formed.body.data.map((e: { id: string }) => e.id);
  const split = await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/lobbies`, {
    lobbies: [[falchi], [aquile]],
  });
  expect(split.status, JSON.stringify(split.body)).toBe(200);

  const itAdmin = localeTexts('it', 'results-admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await goto(page, `/dashboard/tournaments/edit?id=${t.id}#results`);
  const names = (n: number) => page.getByTestId(`lobby-${n}`).getByTestId('lobby-entrant');
  // each row holds its move select after the name
  const rows = (...teams: string[]) => teams.map((name) => new RegExp(`^${name}`));
  await expect(names(1)).toHaveText(rows('Falchi'));
  await expect(page.getByTestId('teams-note')).toHaveText(itAdmin.teams.lobbiesNote);
  // automatic teams in check-in order: Team 1 is giulia and alex, Team 2 the next two, Team 3 the two on no team
  await page.getByTestId('teams-auto').click();
  await page.getByTestId('teams-auto-dialog-confirm').click();
  await expect(
    page.locator('[data-sonner-toast][data-type="success"]', { hasText: itAdmin.teams.autoDone }),
  ).toBeVisible();
  await expect(names(1)).toHaveText(rows('Team 2'));
  await expect(names(2)).toHaveText(rows('Team 1'));
  const unassigned = page.getByTestId('lobbies-unassigned');
  await expect(unassigned).toContainText(itAdmin.lobbies.unassigned);
  await expect(unassigned).toContainText(itAdmin.lobbies.unassignedNote);
  await expect(unassigned.getByTestId('lobby-entrant')).toHaveText(rows('Team 3'));
  await keepShot(page.getByTestId('lobbies-panel'), { path: `${shots}/dashboard-lobbies-teams-it-1280.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // the same in English, and a move by hand places the team left out
  const en = localeTexts('en', 'results-admin');
  await goto(page, `/en/dashboard/tournaments/edit?id=${t.id}#results`);
  await expect(unassigned).toContainText(en.lobbies.unassigned);
  await expect(unassigned).toContainText(en.lobbies.unassignedNote);
  await expect(page.getByTestId('teams-note')).toHaveText(en.teams.lobbiesNote);
  await unassigned.locator('[data-name="Team 3"]').getByTestId('lobby-move').selectOption('1');
  await expect(names(1)).toHaveText(rows('Team 2', 'Team 3'));
  await expect(unassigned).toBeHidden();
});

// the organiser split the field leaving giulia and alex out: the report dialog tells each why theirs is refused
test('a player in no lobby who reports a match reads why it is refused, in their language', async ({
  page,
  browser,
}) => {
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token);
  const roster: { userId: string; username: string }[] = (
    await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/registrations`)
  ).body.data.members;
  const [, , third, fourth] = t.names.map((name) => roster.find((m) => m.username === name)!.userId);
  const split = await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/lobbies`, {
    lobbies: [[third], [fourth]],
  });
  expect(split.status, JSON.stringify(split.body)).toBe(200);
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 9, g: 90, b: 9 } } })
    .png()
    .toBuffer();
  for (const [lang, width, session] of [
    ['it', 390, t.giulia],
    ['en', 1280, t.alex],
  ] as const) {
    const player = await playerPage(browser, lang, width, session);
    await goto(player.page, lang === 'en' ? `/en/tournament/${t.id}` : `/tournament/${t.id}`);
    await player.page.getByTestId('tournament-report').click();
    const dialog = player.page.getByTestId('report-dialog');
    await dialog.getByTestId('report-matchNumber').fill('1');
    await dialog.getByTestId('report-placement').fill('1');
    await dialog.getByTestId('report-eliminations').fill('0');
    await dialog
      .getByTestId('report-file')
      .setInputFiles({ name: 'match.png', mimeType: 'image/png', buffer: picture });
    await dialog.getByTestId('report-send').click();
    await expect(dialog.getByTestId('report-error')).toHaveText(localeTexts(lang, 'errors').ENTRANT_IN_NO_LOBBY);
    await keepShot(player.page, { path: `${shots}/report-in-no-lobby-${lang}-${width}.png` });
    await player.close();
  }
  // nothing was stored
  expect((await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/reports`)).body.data).toEqual([]);
});

// a duo tournament: giulia is registered but checked out, so on no team; alex's team plays in lobby 2
test('a team player not checked in is asked nothing about lobbies; one whose team plays sees theirs', async ({
  page,
  browser,
}) => {
  const admin = await loginAs(page, ADMIN);
  const t = await liveTournament(page.request, admin.token, { field: 6, teamSize: 2, lobbySize: 2 });
  const roster: { userId: string; username: string }[] = (
    await call(page.request, admin.token, 'GET', `/tournaments/${t.id}/registrations`)
  ).body.data.members;
  const [g, a, c, d, e] = t.names.map((name) => roster.find((m) => m.username === name)!.userId);
  const out = await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/registrations/${g}/checkin`, {
    confirmed: false,
  });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  const formed = await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/teams`, {
    teams: [
      { name: 'Aquile', members: [a, c] },
      { name: 'Falchi', members: [d, e] },
    ],
  });
  expect(formed.status, JSON.stringify(formed.body)).toBe(200);
  const [aquile, falchi] = formed.body.data.map((x: { id: string }) => x.id);
  expect(
    (await call(page.request, admin.token, 'PUT', `/tournaments/${t.id}/lobbies`, { lobbies: [[falchi], [aquile]] }))
      .status,
  ).toBe(200);

  for (const [lang, width] of [
    ['it', 390],
    ['en', 1280],
  ] as const) {
    const giulia = await playerPage(browser, lang, width, t.giulia);
    const errors = watchConsoleErrors(giulia.page);
    const asked: string[] = [];
    giulia.page.on('request', (r) => void (r.url().includes('/lobbies/mine') && asked.push(r.url())));
    await goto(giulia.page, lang === 'en' ? `/en/tournament/${t.id}` : `/tournament/${t.id}`);
    // the banner has read her standing: registered, not checked in
    await expect(giulia.page.getByTestId('tournament-phase')).toBeVisible();
    await giulia.page.waitForLoadState('networkidle');
    await expect(giulia.page.getByTestId('my-lobby')).toBeHidden();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await giulia.close();
  }

  const alex = await playerPage(browser, 'en', 390, t.alex);
  const errors = watchConsoleErrors(alex.page);
  await goto(alex.page, `/en/tournament/${t.id}`);
  await expect(alex.page.getByTestId('my-lobby-number')).toHaveText(
    fillText(localeTexts('en', 'results').lobby.yours, { n: 2, count: 2 }),
  );
  expect(errors).toEqual([]);
  await alex.close();
});
