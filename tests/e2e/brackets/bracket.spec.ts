import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
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
  type Session,
  unique,
} from '../helpers.ts';

/**
 * Brackets in the browser: two players report the same score on the
 * bracket page (one in Italian, one in English) and the winner shows; a dispute goes to the admin,
 * who resolves it in the tournament editor's Bracket tab.
 */
const ALEX = { email: 'alex@demo.arena', password: GIULIA.password };
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const texts = { it: localeTexts('it', 'brackets'), en: localeTexts('en', 'brackets') };

async function call(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/**
 * A Valorant tournament (single elimination) where Giulia and Alex joined and checked in, in that order, and its
 * bracket: Giulia is seed 1, side A of the final.
 */
async function finalOfTwo(request: APIRequestContext, opts: { generate: boolean } = { generate: true }) {
  const [admin, giulia, alex] = await Promise.all([
    authenticate(request, ADMIN),
    authenticate(request, GIULIA),
    authenticate(request, ALEX),
  ]);
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Bracket '),
    game: 'Valorant',
    console: ['PC'],
    maxPartecipants: 8,
    start_registration: iso(-60),
    start_checkin: iso(60),
    end_checkin: iso(90),
    start_tournament: iso(120),
    end_tournament: iso(240),
  });
  const id = created.id as string;
  const account = (s: Session) => ({
    gameAccounts: [
      {
        userId: s.user.id,
        gameAccount: { username: `${s.user.username}_vlr`, id: '', game: 'Valorant', console: 'PC' },
      },
    ],
  });
  for (const s of [giulia, alex])
    await call(request, s.token, 'POST', `/tournaments/${id}/register?userID=${s.user.id}`, account(s));
  await call(request, admin.token, 'PUT', `/tournaments/${id}`, {
    start_registration: iso(-120),
    start_checkin: iso(-30),
    end_checkin: iso(60),
    start_tournament: iso(90),
    end_tournament: iso(200),
  });
  for (const s of [giulia, alex])
    await call(request, s.token, 'POST', `/tournaments/${id}/register/checkin?userID=${s.user.id}`, account(s));
  if (opts.generate) await call(request, admin.token, 'POST', `/tournaments/${id}/bracket`, { seeding: 'checkin' });
  return { id, admin, giulia, alex };
}

async function reportOnPage(page: Page, lang: 'it' | 'en', id: string, who: Session, a: number, b: number) {
  await storeSession(page, who, at(lang, '/privacy-policy'));
  await page.goto(at(lang, `/tournament/${id}/bracket`));
  const form = page.getByTestId('bracket-report-form');
  await expect(form).toBeVisible();
  await form.getByTestId('bracket-report-a').fill(String(a));
  await form.getByTestId('bracket-report-b').fill(String(b));
  await form.getByTestId('bracket-report-submit').click();
  return form.getByTestId('bracket-report-message');
}

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

// the players report in Italian and English
test('two players report the same score; the match is confirmed and the bracket shows the champion', async ({
  page,
}, info) => {
  const { id, giulia, alex } = await finalOfTwo(page.request);

  // the tournament page leads to the bracket
  await goto(page, `/tournament/${id}`);
  await page.getByTestId('tournament-bracket-link').click();
  await expect(page).toHaveURL(new RegExp(`/tournament/${id}/bracket$`));
  await expect(page.getByTestId('bracket-match')).toHaveAttribute('data-state', 'awaiting');
  // a visitor sees no form
  await expect(page.getByTestId('bracket-report-form')).toHaveCount(0);

  await expect(await reportOnPage(page, 'it', id, giulia, 2, 1)).toHaveText(texts.it.report.sent);
  await expect(page.locator('[data-state-label]')).toContainText(texts.it.state.awaiting);
  // on a phone the form's button stays inside the match's card
  await page.setViewportSize({ width: 390, height: 900 });
  const card = (await page.getByTestId('bracket-match').boundingBox())!;
  const button = (await page.getByTestId('bracket-report-submit').boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
  // the page and its report form pass axe (WCAG 2.1 A and AA, serious and critical)
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, info, 'bracket-report-it');

  await expect(await reportOnPage(page, 'en', id, alex, 2, 1)).toHaveText(texts.en.report.confirmed);
  await expect(page.getByTestId('bracket-match')).toHaveAttribute('data-state', 'confirmed');

  for (const lang of ['en', 'it'] as const) {
    // both pages were seen before the result: the browser may keep a public page 10 s (policy `live`), a reload asks
    // again
    await page.goto(at(lang, `/tournament/${id}/bracket`));
    await page.reload();
    await expect(page.getByTestId('bracket-champion')).toContainText(texts[lang].page.champion);
    await expect(page.getByTestId('bracket-champion')).toContainText(giulia.user.username);
    await expect(page.locator('[data-testid="bracket-side"][data-winner="true"]')).toContainText(giulia.user.username);
    await expect(page.getByTestId('bracket-report-form')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `bracket-champion-${lang}`);
  }
});

// the admin generates the bracket in the Bracket tab and resolves the dispute there
test('differing reports dispute the match; the admin resolves it and the page shows the winner', async ({
  page,
}, info) => {
  const { id, giulia, alex } = await finalOfTwo(page.request, { generate: false });
  const dashboard = localeTexts('it', 'dashboard');

  // the admin generates the bracket in the editor's Bracket tab, seeded by check-in order
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('tournament-tab-bracket')).toHaveText(dashboard.tournaments.detail.tabs.bracket);
  await expect(page.getByTestId('bracket-admin')).toContainText(texts.it.admin.empty);
  await page.getByTestId('bracket-seeding').selectOption('checkin');
  // check-in is still open: the panel says a later check-in would be left out, and a cancel generates nothing
  await page.getByTestId('bracket-generate').click();
  const asking = page.getByTestId('bracket-generate-dialog');
  await expect(asking).toContainText(texts.it.admin.checkInOpenTitle);
  await expect(asking).toContainText(texts.it.admin.checkInOpenMessage);
  await page.getByTestId('bracket-generate-dialog-cancel').click();
  await expect(asking).toBeHidden();
  await expect(page.getByTestId('bracket-admin')).toContainText(texts.it.admin.empty);
  await page.getByTestId('bracket-generate').click();
  await page.getByTestId('bracket-generate-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.it.admin.generated);
  await expect(page.getByTestId('bracket-admin-match')).toContainText(
    fillText(texts.it.admin.match, { a: giulia.user.username, b: alex.user.username }),
  );
  await expect(page.getByTestId('bracket-generate')).toHaveText(texts.it.admin.regenerate);
  // the only match is the final, named as the bracket page names it
  await expect(page.getByTestId('bracket-admin-match')).toContainText(
    `${texts.it.round.final} · ${texts.it.state.awaiting}`,
  );

  await expect(await reportOnPage(page, 'en', id, giulia, 2, 0)).toHaveText(texts.en.report.sent);
  await expect(await reportOnPage(page, 'it', id, alex, 0, 2)).toHaveText(texts.it.report.disputed);
  await expect(page.getByTestId('bracket-match')).toHaveAttribute('data-state', 'disputed');
  await expect(page.locator('[data-state-label]')).toContainText(texts.it.state.disputed);

  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  const disputed = page.locator('[data-testid="bracket-admin-match"][data-state="disputed"]');
  await expect(disputed.getByTestId('bracket-admin-reports')).toContainText(
    fillText(texts.it.admin.reportsLine, { name: giulia.user.username, a: 2, b: 0 }),
  );
  await expect(disputed.getByTestId('bracket-admin-reports')).toContainText(
    fillText(texts.it.admin.reportsLine, { name: alex.user.username, a: 0, b: 2 }),
  );
  // with reports in, a new bracket is no longer offered
  await expect(page.getByTestId('bracket-generate')).toBeDisabled();
  await expect(page.getByTestId('bracket-locked')).toHaveText(localeTexts('it', 'errors').BRACKET_HAS_RESULTS);
  await shots(page, info, 'bracket-admin-disputed-it');
  await disputed.getByTestId('bracket-admin-edit').click();
  const dialog = page.getByTestId('bracket-score-dialog');
  await expect(dialog).toContainText(
    fillText(texts.it.admin.dialogTitle, { a: giulia.user.username, b: alex.user.username }),
  );
  // the first score takes the focus
  await expect(dialog.getByTestId('bracket-score-a')).toBeFocused();
  // a draw is refused with the translated reason, then the admin decides for Alex
  await dialog.getByTestId('bracket-score-a').fill('1');
  await dialog.getByTestId('bracket-score-b').fill('1');
  await dialog.getByTestId('bracket-score-save').click();
  await expect(dialog.getByTestId('bracket-score-refusal')).toHaveText(localeTexts('it', 'errors').DRAW_NOT_ALLOWED);
  await dialog.getByTestId('bracket-score-b').fill('3');
  await dialog.getByTestId('bracket-score-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bracket-no-disputes')).toHaveText(texts.it.admin.noDisputes);
  await expect(page.locator('[data-testid="bracket-admin-match"][data-state="confirmed"]')).toContainText('1–3');

  // the same panel in English, the match now decided by the admin
  await goto(page, `/en/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('bracket-no-disputes')).toHaveText(texts.en.admin.noDisputes);
  await expect(page.getByTestId('bracket-admin-match')).toContainText(
    `${texts.en.round.final} · ${texts.en.state.confirmed}`,
  );
  await shots(page, info, 'bracket-admin-en');

  await page.goto(`/en/tournament/${id}/bracket`);
  await page.reload();
  await expect(page.getByTestId('bracket-champion')).toContainText(alex.user.username);
  await expect(page.getByTestId('bracket-match')).toContainText(texts.en.byAdmin);
});

// what it waits for: check-in, then the organisers once the tournament is live; then a disqualification's forfeit
test('before a bracket exists the page says what it waits for, then it shows the bracket', async ({ page }, info) => {
  const { id, admin, giulia, alex } = await finalOfTwo(page.request, { generate: false });
  // the browser may keep the page for a few seconds (a navigation reuses it, a reload asks again), and
  // the server's micro-cache for a moment: reload until it shows the change
  const open = async (lang: 'it' | 'en') => {
    await page.goto(at(lang, `/tournament/${id}/bracket`));
    await page.reload();
  };
  const empty = async (lang: 'it' | 'en', wait: string) =>
    expect(async () => {
      await open(lang);
      await expect(page.getByTestId('bracket-empty')).toHaveAttribute('data-wait', wait, { timeout: 500 });
    }).toPass({ timeout: 10_000 });

  // check-in is open: the bracket comes after it
  for (const lang of ['it', 'en'] as const) {
    await empty(lang, 'checkin');
    await expect(page.getByTestId('bracket-empty')).toHaveText(texts[lang].page.notGenerated.checkin);
  }
  // live with no bracket: only the organisers can make it, check-in is no longer what it waits for
  await call(page.request, admin.token, 'PUT', `/tournaments/${id}`, { status: 1 });
  for (const lang of ['it', 'en'] as const) {
    await empty(lang, 'organiser');
    await expect(page.getByTestId('bracket-empty')).toHaveText(texts[lang].page.notGenerated.organiser);
  }
  // generated: the bracket shows, in both languages
  await call(page.request, admin.token, 'POST', `/tournaments/${id}/bracket`, { seeding: 'checkin' });
  for (const lang of ['it', 'en'] as const) {
    await expect(async () => {
      await open(lang);
      await expect(page.getByTestId('bracket-match')).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('bracket-empty')).toHaveCount(0);
  }

  // Alex is disqualified before playing: the final is a forfeit, Giulia the champion; no score is made up
  await call(page.request, admin.token, 'POST', `/tournaments/${id}/registrations/${alex.user.id}/disqualify`, {
    reason: 'E2E',
  });
  for (const lang of ['it', 'en'] as const) {
    await expect(async () => {
      await open(lang);
      await expect(page.getByTestId('bracket-match')).toHaveAttribute('data-forfeit', 'b', { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('bracket-forfeit')).toHaveText(
      fillText(texts[lang].forfeit.one, { name: alex.user.username }),
    );
    const out = page.locator('[data-testid="bracket-side"][data-disqualified="true"]');
    await expect(out).toContainText(alex.user.username);
    await expect(out).toContainText(texts[lang].dq);
    await expect(page.getByTestId('bracket-champion')).toContainText(giulia.user.username);
    await keepShot(page, { path: info.outputPath(`bracket-forfeit-${lang}.png`), fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  // the admin's Bracket tab says the same, and still offers a new draw (a forfeit is no report)
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('bracket-admin-forfeit')).toHaveText(
    fillText(texts.it.forfeit.one, { name: alex.user.username }),
  );
  await expect(page.getByTestId('bracket-generate')).toBeEnabled();
  await keepShot(page, { path: info.outputPath('bracket-admin-forfeit-it.png'), fullPage: true });
});
