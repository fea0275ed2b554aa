import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
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
 * Finalising and prizes: the admin sets the prize table in the tournament
 * editor, sees who the standings would pay, finalises through the confirmation that lists the
 * payouts, and sees the final result, in Italian and English; the winner (Italian) and the
 * runner-up (English) find their credits in the wallet and their badges in the backpack.
 */
const ALEX = { email: 'alex@demo.arena', password: 'demo-player-2026' };
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const shots = 'test-results/finalise';

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}

/** A live solo Fortnite tournament where giulia won the one match and alex was second. */
async function playedTournament(request: APIRequestContext, token: string) {
  const giulia = await authenticate(request, GIULIA);
  const alex = await authenticate(request, ALEX);
  const created = await call(request, token, 'POST', '/tournaments', {
    name: unique('E2E Finale '),
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
  const ids = [giulia.user.id, alex.user.id];
  for (const userId of ids) {
    const joined = await call(request, token, 'POST', `/tournaments/${id}/register?userID=${userId}`, {
      gameAccounts: [
        { userId, gameAccount: { username: `acct${userId.slice(0, 6)}`, id: '', game: 'Fortnite', console: 'PC' } },
      ],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
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
  const match = await call(request, token, 'POST', `/tournaments/${id}/matches`, {
    lines: ids.map((entrantId, i) => ({ entrantId, placement: i + 1, eliminations: 2 - i })),
  });
  expect(match.status, JSON.stringify(match.body)).toBe(201);
  return { id, name: created.body.data.name as string, giulia, alex };
}

// the admin works in Italian and English
test('the admin sets prizes and finalises; the winner and the runner-up see their credits and badges', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await loginAs(page, ADMIN);
  const t = await playedTournament(page.request, admin.token);
  const it = {
    admin: localeTexts('it', 'results-admin').prizes,
    dash: localeTexts('it', 'dashboard'),
    rewards: localeTexts('it', 'rewards'),
  };
  const en = { admin: localeTexts('en', 'results-admin').prizes };

  // the two new badge rules, named in both languages
  const badge = async (slug: string, trigger: string, names: [string, string], extra: Record<string, unknown> = {}) => {
    const res = await call(page.request, admin.token, 'POST', '/marketplace/badges', {
      slug,
      name: names[0],
      trigger,
      rewardAmount: 10,
      translations: { en: { name: names[1], description: '' } },
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { _id: string; slug: string };
  };
  const top = await badge(
    unique('top_two_')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, ''),
    'tournament_top_n',
    ['Sul podio', 'On the podium'],
    { topN: 2 },
  );
  const won = await badge(
    unique('winner_')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, ''),
    'tournament_won',
    ['Campione', 'Champion'],
  );

  try {
    // Italian, desktop: the tab, the prize table, the preview
    await page.setViewportSize({ width: 1280, height: 900 });
    await goto(page, `/dashboard/tournaments/edit?id=${t.id}#prizes`);
    await expect(page.getByTestId('tournament-tab-prizes')).toHaveText(it.dash.tournaments.detail.tabs.prizes);
    await expect(page.getByTestId('prizes-none')).toHaveText(it.admin.none);
    await page.getByTestId('prizes-add').click();
    await page.getByTestId('prize-credits-0').fill('500');
    await page.getByTestId('prizes-add').click();
    await page.getByTestId('prize-credits-1').fill('300');
    // a range that overlaps is refused in words before anything is sent
    await page.getByTestId('prize-from-1').fill('1');
    await page.getByTestId('prizes-save').click();
    await expect(page.getByTestId('prizes-invalid')).toHaveText(it.admin.overlap);
    await page.getByTestId('prize-from-1').fill('2');
    await expect(page.getByTestId('prizes-finalise')).toBeDisabled();
    await page.getByTestId('prizes-save').click();
    await expect(page.getByText(it.admin.saved)).toBeVisible();
    const preview = page.getByTestId('prizes-preview-row');
    await expect(preview).toHaveCount(2);
    await expect(preview.nth(0)).toHaveAttribute('data-user-id', t.giulia.user.id);
    await expect(preview.nth(0)).toContainText('500');
    await expect(preview.nth(1)).toHaveAttribute('data-user-id', t.alex.user.id);
    await keepShot(page.getByTestId('tournament-panel-prizes'), { path: `${shots}/prizes-it-1280.png` });

    // the confirmation says what will be paid
    await page.getByTestId('prizes-finalise').click();
    const dialog = page.getByTestId('finalise-dialog');
    await expect(dialog).toContainText(fillText(it.admin.confirmPays, { credits: '800', players: 2 }));
    await expect(dialog).toContainText(
      fillText(it.admin.confirmLine, { rank: 1, name: t.giulia.user.username, credits: '500' }),
    );
    await keepShot(dialog, { path: `${shots}/confirm-it-1280.png` });
    await page.getByTestId('finalise-dialog-confirm').click();
    await expect(page.getByTestId('prizes-final-status')).toContainText('800');
    await expect(page.getByTestId('prizes-paid-row')).toHaveCount(2);
    // once paid the table says who was paid, not who would be
    await expect(page.getByTestId('prizes-paid-title')).toHaveText(it.admin.paidTitle);
    await expect(page.getByTestId('prizes-final').locator('caption')).toHaveText(it.admin.paidTitle);
    await expect(page.getByText(it.admin.previewTitle)).toHaveCount(0);
    // the editor reads the tournament again: ended, its results locked
    await expect(page.getByTestId('tournament-editor-phase')).toHaveAttribute('data-phase', 'complete');
    await keepShot(page.getByTestId('tournament-panel-prizes'), { path: `${shots}/final-it-1280.png` });

    // English, phone: the frozen result with what was paid
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, `/en/dashboard/tournaments/edit?id=${t.id}#prizes`);
    await expect(page.getByTestId('prizes-final')).toContainText(en.admin.finalTitle);
    await expect(page.getByTestId('prizes-final-link')).toHaveText(en.admin.finalStandings);
    await expect(page.getByTestId('prizes-paid-title')).toHaveText(en.admin.paidTitle);
    await expect(page.getByText(en.admin.previewTitle)).toHaveCount(0);
    await expect(page.getByTestId('prizes-paid-row').first()).toContainText(t.giulia.user.username);
    await keepShot(page.getByTestId('tournament-panel-prizes'), { path: `${shots}/final-en-390.png` });

    // the players: giulia in Italian, alex in English, each in their own browser on a phone
    for (const [lang, who, credits, badges] of [
      ['it', t.giulia, 500, [top.slug, won.slug]],
      ['en', t.alex, 300, [top.slug]],
    ] as const) {
      const context = await browser.newContext({
        locale: lang === 'it' ? 'it-IT' : 'en-US',
        viewport: { width: 390, height: 844 },
      });
      const player = await context.newPage();
      const prefix = lang === 'it' ? '' : '/en';
      await storeSession(player, who, `${prefix}/privacy-policy`);
      await goto(player, `${prefix}/my-wallet`);
      const entry = player.getByText(`${t.name} · #${lang === 'it' ? 1 : 2}`);
      await expect(entry).toBeVisible();
      await expect(player.getByText(`+${credits}`).first()).toBeVisible();
      await keepShot(player, { path: `${shots}/wallet-${lang}-390.png`, fullPage: true });
      await goto(player, `${prefix}/my-backpack`);
      for (const slug of badges)
        await expect(player.getByTestId(`backpack-badge-${slug}`)).toHaveAttribute('data-earned', 'true');
      if (lang === 'en')
        await expect(player.getByTestId(`backpack-badge-${won.slug}`)).toHaveAttribute('data-earned', 'false');
      await expect(player.getByTestId(`backpack-badge-${top.slug}`)).toContainText(
        lang === 'it' ? 'Sul podio' : 'On the podium',
      );
      await keepShot(player, { path: `${shots}/backpack-${lang}-390.png`, fullPage: true });
      await player.setViewportSize({ width: 1280, height: 900 });
      await keepShot(player, { path: `${shots}/backpack-${lang}-1280.png`, fullPage: true });
      await context.close();
    }
  } finally {
    // other specs count the demo's badges: these two stop showing once the test is done
    for (const b of [top, won])
      await call(page.request, admin.token, 'PATCH', `/marketplace/badges/${b._id}/toggle-active`);
  }
});

// the short match is found when finalising; its texts are checked in English and Italian
test('a match short of entrants: the panel and the dialog name it, and the admin finalises anyway', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await loginAs(page, ADMIN);
  const t = await playedTournament(page.request, admin.token);
  // match 2: only giulia has a line
  const short = await call(page.request, admin.token, 'POST', `/tournaments/${t.id}/matches`, {
    lines: [{ entrantId: t.giulia.user.id, placement: 1, eliminations: 0 }],
  });
  expect(short.status, JSON.stringify(short.body)).toBe(201);
  const refused = await call(page.request, admin.token, 'POST', `/tournaments/${t.id}/finalise`);
  expect([refused.status, refused.body.error.code]).toEqual([409, 'RESULTS_INCOMPLETE']);

  for (const lang of ['en', 'it'] as const) {
    const texts = localeTexts(lang, 'results-admin').prizes;
    const problem = fillText(texts.problem.linesMissing, { n: 2, lines: 1, entrants: 2 });
    await goto(page, `${lang === 'en' ? '/en' : ''}/dashboard/tournaments/edit?id=${t.id}#prizes`);
    await expect(page.getByTestId('prizes-problem')).toHaveText(problem);
    await page.getByTestId('prizes-finalise').click();
    const dialog = page.getByTestId('finalise-dialog');
    await expect(dialog).toContainText(fillText(texts.confirmIncomplete, { count: 1 }));
    await expect(dialog).toContainText(problem);
    const confirm = dialog.getByTestId('finalise-dialog-confirm');
    await expect(confirm).toHaveText(fillText(texts.confirmAnyway, { count: 1 }));
    await keepShot(dialog, { path: `${shots}/confirm-incomplete-${lang}-1280.png` });
    if (lang === 'en') {
      await dialog.getByTestId('finalise-dialog-cancel').click();
      await expect(dialog).toBeHidden();
      continue;
    }
    await confirm.click();
    await expect(page.getByTestId('prizes-final')).toBeVisible();
    await expect(page.getByTestId('tournament-editor-phase')).toHaveAttribute('data-phase', 'complete');
  }
});

// each player's points come from the results; the editor is checked in both languages
test("the championship's scores editor shows each player's points, the adjustment and the total", async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const competitions = (await call(page.request, admin.token, 'GET', '/tournaments/competitions')).body.data as {
    id: string;
    teams: { players: { playerId: string; score: number }[] }[];
  }[];
  const championship = competitions.find((c) => c.teams.some((team) => team.players.length > 0))!;
  const first = championship.teams.flatMap((team) => team.players)[0]!;
  // the demo's leader has thousands of points: the total shows its grouping
  expect(first.score).toBeGreaterThanOrEqual(1000);
  const breakdown = (await call(page.request, admin.token, 'GET', `/tournaments/competition/${championship.id}/scores`))
    .body.data as { playerId: string; points: number; adjustment: number }[];
  const parts = breakdown.find((b) => b.playerId === first.playerId)!;
  expect(parts.points + parts.adjustment).toBe(first.score);
  for (const [lang, width] of [
    ['it', 1280],
    ['en', 390],
  ] as const) {
    const texts = localeTexts(lang, 'dashboard').competitions.scores;
    // grouped from the thousands, as every number of the dashboard: 2.555 in Italian, 2,555 in English
    const grouped = (n: number) =>
      new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-GB', { useGrouping: true }).format(n);
    await page.setViewportSize({ width, height: 900 });
    await goto(page, `${lang === 'it' ? '' : '/en'}/dashboard/competitions/edit?id=${championship.id}`);
    await expect(page.getByTestId(`scores-points-${first.playerId}`)).toContainText(
      fillText(texts.points, { points: grouped(parts.points) }),
    );
    await expect(page.getByTestId(`scores-score-${first.playerId}`)).toHaveValue(String(parts.adjustment));
    await expect(page.getByTestId(`scores-total-${first.playerId}`)).toHaveText(`= ${grouped(first.score)}`);
    // a new adjustment moves the total before it is saved
    await page.getByTestId(`scores-score-${first.playerId}`).fill(String(parts.adjustment + 5));
    await expect(page.getByTestId(`scores-total-${first.playerId}`)).toHaveText(`= ${grouped(first.score + 5)}`);
    await keepShot(page.getByTestId('scores-editor'), { path: `${shots}/scores-${lang}-${width}.png` });
    await page.getByTestId('scores-reset').click();
  }
});
