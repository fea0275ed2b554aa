import type { APIRequestContext, Page } from '@playwright/test';
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
  unique,
  watchConsoleErrors,
} from '../helpers.ts';
import type { Session } from '../helpers.ts';

/**
 * Players' match reports in a real browser: Giulia reports in Italian and Alex
 * in English with the same screenshot and the same placement; the admin sees both flagged,
 * approves Giulia's (the standings API counts it) and rejects Alex's, who then reads the reason.
 */

const ALEX = { email: 'alex@demo.arena', password: 'demo-player-2026' };
const SHOTS = 'test-results/reports';
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const at = (lang: 'it' | 'en', path: string) => (lang === 'en' ? `/en${path}` : path);

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

const registration = (userId: string) => ({
  gameAccounts: [
    { userId, gameAccount: { username: `acct${userId.slice(0, 4)}`, id: 'epic-e2e', game: 'Fortnite', console: 'PC' } },
  ],
});

/** A live Fortnite tournament (solo unless `teamSize`) that the players joined and checked in to, through the API. */
async function liveTournament(
  request: APIRequestContext,
  admin: Session,
  players: Session[],
  teamSize: number | null = null,
): Promise<string> {
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Reports '),
    game: 'Fortnite',
    console: ['PC'],
    maxPartecipants: 8,
    teamSize,
    start_registration: iso(-60),
    start_checkin: iso(60),
    end_checkin: iso(90),
    start_tournament: iso(120),
    end_tournament: iso(240),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  for (const p of players)
    expect(
      (await call(request, p.token, 'POST', `/tournaments/${id}/register?userID=${p.user.id}`, registration(p.user.id)))
        .status,
    ).toBe(200);
  expect(
    (
      await call(request, admin.token, 'PUT', `/tournaments/${id}`, {
        start_registration: iso(-120),
        start_checkin: iso(-60),
        end_checkin: iso(30),
        start_tournament: iso(60),
        end_tournament: iso(240),
      })
    ).status,
  ).toBe(200);
  for (const p of players)
    expect(
      (
        await call(
          request,
          p.token,
          'POST',
          `/tournaments/${id}/register/checkin?userID=${p.user.id}`,
          registration(p.user.id),
        )
      ).status,
    ).toBe(200);
  // the tournament starts: live (status 1)
  expect(
    (
      await call(request, admin.token, 'PUT', `/tournaments/${id}`, {
        start_registration: iso(-180),
        start_checkin: iso(-120),
        end_checkin: iso(-60),
        start_tournament: iso(-30),
        end_tournament: iso(240),
      })
    ).status,
  ).toBe(200);
  return id;
}

/** Opens the dialog, fills it, sends it; the dialog confirms and lists the report as waiting. */
async function reportMatch(
  page: Page,
  lang: 'it' | 'en',
  line: { match: number; placement: number; eliminations: number },
  picture: Buffer,
  shot: string,
) {
  const texts = localeTexts(lang, 'results').report;
  await page.getByTestId('tournament-report').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: texts.title })).toBeVisible();
  // sending nothing: each field says what is missing, in the page's language
  await dialog.getByTestId('report-send').click();
  await expect(dialog.getByTestId('report-matchNumber-error')).toHaveText(
    localeTexts(lang, 'errors').validation.required,
  );
  await dialog.getByTestId('report-matchNumber').fill(String(line.match));
  await dialog.getByTestId('report-placement').fill(String(line.placement));
  await dialog.getByTestId('report-eliminations').fill(String(line.eliminations));
  await dialog.getByTestId('report-file').setInputFiles({ name: 'match.png', mimeType: 'image/png', buffer: picture });
  await dialog.getByTestId('report-send').click();
  await expect(dialog.getByTestId('report-sent')).toHaveText(fillText(texts.sent, { match: line.match }));
  const item = dialog.getByTestId('report-mine-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(
    fillText(texts.mine.line, { match: line.match, placement: line.placement, eliminations: line.eliminations }),
  );
  await expect(item).toContainText(texts.status.pending);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: `${SHOTS}/player-${shot}-${width}.png` });
  }
  expect(await seriousViolations(page, `report dialog (${lang})`)).toEqual([]);
  // a second report of the same match is refused with its translated text
  await dialog.getByTestId('report-matchNumber').fill(String(line.match));
  await dialog.getByTestId('report-placement').fill('9');
  await dialog.getByTestId('report-eliminations').fill('0');
  await dialog.getByTestId('report-file').setInputFiles({ name: 'match.png', mimeType: 'image/png', buffer: picture });
  await dialog.getByTestId('report-send').click();
  await expect(dialog.getByTestId('report-error')).toHaveText(localeTexts(lang, 'errors').REPORT_EXISTS);
  await dialog.getByTestId('report-dialog-close').click();
  await expect(dialog).toBeHidden();
}

// the players report in both languages; the approved report enters the standings
test('players report with a screenshot; the admin approves one and rejects the disagreeing one', async ({
  page,
  browser,
}) => {
  // players' reports with screenshots, then the admin's review of each, one after another
  test.setTimeout(120_000);
  const admin = await loginAs(page, ADMIN);
  // each player in a browser context of their own (axe needs one), in their language
  const giuliaPage = await (await browser.newContext({ locale: 'it-IT' })).newPage();
  const alexPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const giulia = await loginAs(giuliaPage, GIULIA);
  const alex = await loginAs(alexPage, ALEX);
  const id = await liveTournament(page.request, admin, [giulia, alex]);
  const picture = await sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();

  // Giulia, in Italian: 2nd with 3 eliminations
  await goto(giuliaPage, at('it', `/tournament/${id}`));
  await expect(giuliaPage.getByTestId('tournament-report')).toHaveText(localeTexts('it', 'results').report.open);
  await giuliaPage.setViewportSize({ width: 390, height: 900 });
  await keepShot(giuliaPage, { path: `${SHOTS}/player-it-banner-390.png` });
  await reportMatch(giuliaPage, 'it', { match: 1, placement: 2, eliminations: 3 }, picture, 'it');
  // Alex, in English: the same picture, and 2nd place too
  await goto(alexPage, at('en', `/tournament/${id}`));
  await reportMatch(alexPage, 'en', { match: 1, placement: 2, eliminations: 5 }, picture, 'en');

  // the admin, in Italian: both waiting, both flagged (same picture, same placement)
  const admin_ = localeTexts('it', 'results-admin');
  await goto(page, at('it', `/dashboard/tournaments/reports?id=${id}`));
  const rows = page.locator('[data-testid^="report-row-"][data-flagged]');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('submission-duplicates')).toHaveCount(2);
  // the match filter offers only the matches this tournament has (one reported match), not 1 to 50
  const matchOptions = page.getByTestId('reports-filter-match').locator('option');
  await expect(matchOptions).toHaveText([admin_.reports.allMatches, fillText(admin_.reports.match, { n: 1 })]);
  const reports = (await call(page.request, admin.token, 'GET', `/tournaments/${id}/reports`)).body.data as {
    id: string;
    userId: string;
  }[];
  const giuliaReport = reports.find((r) => r.userId === giulia.user.id)!;
  const alexReport = reports.find((r) => r.userId === alex.user.id)!;

  // match 1 has no results yet: in English first, approving waits for the explicit "create the match"
  const en_ = localeTexts('en', 'results-admin');
  await goto(page, at('en', `/dashboard/tournaments/reports?id=${id}`));
  await expect(matchOptions).toHaveText([en_.reports.allMatches, fillText(en_.reports.match, { n: 1 })]);
  await page.getByTestId(`report-row-${giuliaReport.id}`).getByTestId('report-row-review').click();
  const dialog = page.getByTestId('report-review-dialog');
  await expect(dialog).toContainText(fillText(en_.review.createMatch, { n: 1 }));
  // the hint under it names the match too, never a bare placeholder
  await expect(dialog).toContainText(fillText(en_.review.createMatchHint, { n: 1 }));
  await expect(dialog.getByTestId('report-review-create-match')).not.toBeChecked();
  await expect(dialog.getByTestId('report-review-approve')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await goto(page, at('it', `/dashboard/tournaments/reports?id=${id}`));
  await page.getByTestId(`report-row-${giuliaReport.id}`).getByTestId('report-row-review').click();
  await expect(dialog.getByTestId('report-conflict-placement')).toContainText(
    fillText(admin_.review.line, { placement: 2, eliminations: 5 }),
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: `${SHOTS}/admin-review-it-${width}.png` });
  }
  expect(await seriousViolations(page, 'review dialog')).toEqual([]);
  await expect(dialog).toContainText(fillText(admin_.review.createMatch, { n: 1 }));
  await expect(dialog.getByTestId('report-review-approve')).toBeDisabled();
  await dialog.getByTestId('report-review-create-match').check();
  await dialog.getByTestId('report-review-approve').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toHaveText(
    fillText(admin_.review.approved, { n: 1 }),
  );
  await expect(dialog).toBeHidden();

  // the standings count the approved report: 2nd is 7 points, 3 eliminations 3 more
  const standings = (await call(page.request, admin.token, 'GET', `/tournaments/${id}/standings`)).body.data;
  expect(standings.rows.find((r: { entrantId: string }) => r.entrantId === giulia.user.id)).toMatchObject({
    points: 10,
    eliminations: 3,
    bestPlacement: 2,
  });

  // Alex's report now contradicts the recorded line: shown side by side, then rejected with a reason
  await page.getByTestId(`report-row-${alexReport.id}`).getByTestId('report-row-review').click();
  await expect(dialog.getByTestId('report-conflict-recorded')).toContainText(
    fillText(admin_.review.line, { placement: 2, eliminations: 3 }),
  );
  await expect(dialog.getByTestId('report-review-overwrite')).toBeVisible();
  await dialog.getByTestId('report-review-reject').click();
  await expect(dialog.getByTestId('report-review-reason-error')).toHaveText(admin_.review.reasonRequired);
  await dialog.getByTestId('report-review-reason').fill('Il secondo posto è di Giulia: controlla lo screenshot');
  await dialog.getByTestId('report-review-reject').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('reports-filter-status').selectOption('all');
  await expect(page.getByTestId(`report-row-${alexReport.id}`).getByTestId('report-status')).toHaveAttribute(
    'data-status',
    'rejected',
  );
  await expect(page.getByTestId(`report-row-${giuliaReport.id}`).getByTestId('report-status')).toHaveAttribute(
    'data-status',
    'approved',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: `${SHOTS}/admin-queue-it-${width}.png`, fullPage: true });
  }

  // Alex reads the outcome in English
  await goto(alexPage, at('en', `/tournament/${id}`));
  await alexPage.getByTestId('tournament-report').click();
  const mine = alexPage.getByTestId('report-mine-item');
  await expect(mine).toHaveAttribute('data-status', 'rejected');
  await expect(mine).toContainText(localeTexts('en', 'results').report.status.rejected);
  await expect(mine).toContainText('Il secondo posto è di Giulia');
  await keepShot(alexPage, { path: `${SHOTS}/player-en-rejected-1280.png` });
});

for (const lang of ['it', 'en'] as const)
  test(`the reports of a tournament that is not a battle royale say why there are none to list (${lang})`, async ({
    page,
  }) => {
    const list = (await (await page.request.get('/api/tournaments?limit=50')).json()).data as {
      id: string;
      format: string;
    }[];
    const bracket = list.find((t) => t.format !== 'battle_royale');
    expect(bracket, 'the demo has a bracket tournament').toBeTruthy();
    await loginAs(page, ADMIN);
    // the page reads the tournament first and asks for no battle-royale matches or reports (each a refusal)
    const errors = watchConsoleErrors(page);
    const asked: string[] = [];
    const refused = new RegExp(`/api/tournaments/${bracket!.id}/(matches|reports)`);
    page.on('request', (r) => void (refused.test(r.url()) && asked.push(r.url())));
    await goto(page, at(lang, `/dashboard/tournaments/reports?id=${bracket!.id}`));
    const reason = localeTexts(lang, 'errors').NOT_BATTLE_ROYALE as string;
    await expect(page.getByTestId('reports-error')).toContainText(
      `${localeTexts(lang, 'results-admin').reports.loadError} ${reason}`,
    );
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

// the organiser forms the teams anew while the reports wait: Giulia's goes with her, Alex is left on no team
test('a report whose sender the new teams leave out says so and cannot be approved', async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const giulia = await authenticate(page.request, GIULIA);
  const alex = await authenticate(page.request, ALEX);
  const id = await liveTournament(page.request, admin, [giulia, alex], 2);
  const teams = async (list: { name: string; members: string[] }[]) =>
    expect((await call(page.request, admin.token, 'PUT', `/tournaments/${id}/teams`, { teams: list })).status).toBe(
      200,
    );
  await teams([
    { name: 'Coppia A', members: [giulia.user.id] },
    { name: 'Coppia B', members: [alex.user.id] },
  ]);
  const sent = async (who: Session, placement: number, red: number) => {
    const background = { r: red, g: 0, b: 0 };
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();
    const res = await page.request.post(`/api/tournaments/${id}/reports`, {
      headers: { authorization: `Bearer ${who.token}` },
      multipart: {
        matchNumber: '1',
        placement: String(placement),
        eliminations: '2',
        file: { name: 'match.png', mimeType: 'image/png', buffer: picture },
      },
    });
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(201);
    return body.data.id as string;
  };
  const giuliaReport = await sent(giulia, 1, 40);
  const alexReport = await sent(alex, 4, 160);
  const it_ = localeTexts('it', 'results-admin');
  await goto(page, `/dashboard/tournaments/reports?id=${id}`);
  const alexRow = page.getByTestId(`report-row-${alexReport}`);
  await alexRow.getByTestId('report-row-review').click();
  const dialog = page.getByTestId('report-review-dialog');
  await expect(dialog.getByTestId('report-review-entrant')).toHaveText('Coppia B');
  await dialog.getByTestId('report-review-create-match').check();

  // the teams change while the dialog is open: the refusal says why, and approving is no longer offered
  await teams([{ name: 'Insieme', members: [giulia.user.id] }]);
  await dialog.getByTestId('report-review-approve').click();
  await expect(dialog.getByTestId('report-review-error')).toHaveText(localeTexts('it', 'errors').REPORT_SENDER_NO_TEAM);
  const notice = dialog.getByTestId('report-review-no-team');
  await expect(notice).toContainText(fillText(it_.review.noTeamNotice, { username: alex.user.username }));
  await expect(dialog.getByTestId('report-review-entrant')).toHaveText(it_.reports.noTeam);
  await expect(dialog.getByTestId('report-review-approve')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // read afresh, the queue flags the report and names no team; Giulia's went with her to her new team
  await goto(page, `/dashboard/tournaments/reports?id=${id}`);
  await expect(alexRow).toHaveAttribute('data-flagged', 'true');
  await expect(alexRow.getByTestId('report-row-no-team')).toContainText(it_.reports.noTeam);
  await expect(page.getByTestId(`report-row-${giuliaReport}`)).toContainText(
    fillText(it_.reports.entrant, { name: 'Insieme' }),
  );

  // in English too, the dialog says so before anything is sent, and offers only the rejection
  const en_ = localeTexts('en', 'results-admin');
  await goto(page, at('en', `/dashboard/tournaments/reports?id=${id}`));
  await expect(alexRow.getByTestId('report-row-no-team')).toContainText(en_.reports.noTeam);
  await alexRow.getByTestId('report-row-review').click();
  await expect(notice).toContainText(fillText(en_.review.noTeamNotice, { username: alex.user.username }));
  await expect(dialog.getByTestId('report-review-error')).toHaveCount(0);
  await expect(dialog.getByTestId('report-review-approve')).toBeDisabled();
  await expect(dialog.getByTestId('report-review-create-match')).toHaveCount(0);
  await keepShot(page, { path: `${SHOTS}/admin-review-no-team-en-1280.png` });
  expect(await seriousViolations(page, 'review dialog, sender on no team')).toEqual([]);
  await dialog.getByTestId('report-review-reason').fill('No longer on a team');
  await dialog.getByTestId('report-review-reject').click();
  await expect(dialog).toBeHidden();
  await expect(alexRow).toHaveCount(0);
});

// the organiser finalised with a report still waiting: the queue offered its decisions, which could only be refused
test('a report left pending by finalising is shown, with no decision offered', async ({ page }) => {
  const admin = await loginAs(page, ADMIN);
  const giulia = await authenticate(page.request, GIULIA);
  const id = await liveTournament(page.request, admin, [giulia]);
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 90, b: 0 } } })
    .png()
    .toBuffer();
  const sent = await page.request.post(`/api/tournaments/${id}/reports`, {
    headers: { authorization: `Bearer ${giulia.token}` },
    multipart: {
      matchNumber: '1',
      placement: '1',
      eliminations: '0',
      file: { name: 'match.png', mimeType: 'image/png', buffer: picture },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const reportId = (await sent.json()).data.id as string;
  // the organiser enters the match, and finalises before looking at the report
  const match = await call(page.request, admin.token, 'POST', `/tournaments/${id}/matches`, {
    lines: [{ entrantId: giulia.user.id, placement: 1, eliminations: 0 }],
  });
  expect(match.status, JSON.stringify(match.body)).toBe(201);
  const final = await call(page.request, admin.token, 'POST', `/tournaments/${id}/finalise`, {
    confirmIncomplete: true,
  });
  expect(final.status, JSON.stringify(final.body)).toBe(200);

  const texts = localeTexts('en', 'results-admin');
  await goto(page, `/en/dashboard/tournaments/reports?id=${id}`);
  const row = page.getByTestId(`report-row-${reportId}`);
  await expect(row.getByTestId('report-row-review')).toHaveText(texts.reports.view);
  await row.getByTestId('report-row-review').click();
  const dialog = page.getByTestId('report-review-dialog');
  await expect(dialog.getByTestId('report-review-final')).toHaveText(texts.finalized);
  await expect(dialog.getByTestId('report-review-approve')).toHaveCount(0);
  await expect(dialog.getByTestId('report-review-reject')).toHaveCount(0);
});
