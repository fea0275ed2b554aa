import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  ADMIN,
  authenticate,
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
 * Double elimination in the browser: the admin generates the bracket in the editor's Bracket tab
 * (with the grand final's reset), the players report, and the public page shows the winners' and
 * losers' brackets, the grand final, the reset not needed and the champion, in Italian and English.
 */
const ALEX = { email: 'alex@demo.arena', password: GIULIA.password };
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const texts = { it: localeTexts('it', 'brackets'), en: localeTexts('en', 'brackets') };

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

/** A fresh third player, so the bracket has a losers' bracket to show. */
async function newPlayer(request: APIRequestContext): Promise<Session> {
  const username = unique('de').toLowerCase().slice(0, 30);
  const who = { email: `${username}@e2e.arena`, password: 'e2e-player-2026' };
  const res = await request.post('/api/users/pp', { data: { username, ...who, nickname: username, gender: 'female' } });
  expect(res.status(), await res.text()).toBe(201);
  return authenticate(request, who);
}

/**
 * A Valorant tournament of `format` where Giulia, Alex and `extra` new players joined and checked in, in that order.
 */
async function field(request: APIRequestContext, format: 'double_elimination' | 'single_elimination', extra: number) {
  const [admin, giulia, alex, ...others] = await Promise.all([
    authenticate(request, ADMIN),
    authenticate(request, GIULIA),
    authenticate(request, ALEX),
    ...Array.from({ length: extra }, () => newPlayer(request)),
  ]);
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Double '),
    game: 'Valorant',
    console: ['PC'],
    format,
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
  const people = [giulia!, alex!, ...others];
  for (const s of people)
    await call(request, s.token, 'POST', `/tournaments/${id}/register?userID=${s.user.id}`, account(s));
  await call(request, admin.token, 'PUT', `/tournaments/${id}`, {
    start_registration: iso(-120),
    start_checkin: iso(-30),
    end_checkin: iso(60),
    start_tournament: iso(90),
    end_tournament: iso(200),
  });
  for (const s of people)
    await call(request, s.token, 'POST', `/tournaments/${id}/register/checkin?userID=${s.user.id}`, account(s));
  return { id, admin: admin!, giulia: giulia!, alex: alex!, others };
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

/** Both sides of the one match `winner` and `loser` play now report it through the API: `winner` wins 2–0. */
async function playThroughApi(request: APIRequestContext, admin: Session, id: string, winner: Session, loser: Session) {
  const b = await call(request, admin.token, 'GET', `/tournaments/${id}/bracket`);
  const ids = [winner.user.id, loser.user.id];
  const m = b.rounds
    .flatMap((r: { matches: unknown[] }) => r.matches)
    .find(
      (x: { state: string; sideA: { id: string } | null; sideB: { id: string } | null }) =>
        x.state === 'awaiting' && ids.includes(x.sideA?.id ?? '') && ids.includes(x.sideB?.id ?? ''),
    );
  const score = m.sideA.id === winner.user.id ? { scoreA: 2, scoreB: 0 } : { scoreA: 0, scoreB: 2 };
  for (const s of [winner, loser])
    await call(request, s.token, 'POST', `/tournaments/${id}/bracket/matches/${m.id}/report`, score);
}

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

// the admin generates the bracket; the page is checked in Italian and English
test('a double-elimination bracket: the players report, the page shows the losers bracket and the champion', async ({
  page,
}, info) => {
  // several players' pages and the admin's, one after another
  test.setTimeout(120_000);
  const { id, admin, giulia, alex, others } = await field(page.request, 'double_elimination', 1);
  const third = others[0]!;

  // the admin generates it in the Bracket tab, the grand final's reset ticked by default
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('bracket-admin')).toContainText(texts.it.admin.empty);
  await expect(page.getByTestId('bracket-admin')).toContainText(texts.it.admin.grandFinalReset);
  await expect(page.getByTestId('bracket-grand-final-reset')).toBeChecked();
  await expect(page.getByTestId('bracket-third-place')).toHaveCount(0);
  await page.getByTestId('bracket-seeding').selectOption('checkin');
  await page.getByTestId('bracket-generate').click();
  // check-in is still open: the panel asks first
  await page.getByTestId('bracket-generate-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.it.admin.generated);
  await expect(page.getByTestId('bracket-admin-match').first()).toContainText(texts.it.part.winners);
  expect(await seriousViolations(page)).toEqual([]);

  // Alex and the new player report their first match on the page (seed 1, Giulia, has a bye)
  await expect(await reportOnPage(page, 'en', id, alex, 2, 1)).toHaveText(texts.en.report.sent);
  await expect(await reportOnPage(page, 'it', id, third, 2, 1)).toHaveText(texts.it.report.confirmed);
  // then the rest through the API: Giulia beats Alex, Alex beats the new player in the losers' final,
  // Giulia wins the grand final, so no reset is played
  await playThroughApi(page.request, admin, id, giulia, alex);
  await playThroughApi(page.request, admin, id, alex, third);
  await playThroughApi(page.request, admin, id, giulia, alex);

  for (const lang of ['it', 'en'] as const) {
    const tx = texts[lang];
    await expect(async () => {
      await page.goto(at(lang, `/tournament/${id}/bracket`));
      await page.reload();
      await expect(page.getByTestId('bracket-champion')).toContainText(giulia.user.username, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('bracket-champion')).toContainText(tx.page.champion);
    const part = (name: string) => page.locator(`[data-testid="bracket-part"][data-part="${name}"]`);
    await expect(part('winners').getByRole('heading', { level: 2 })).toHaveText(tx.part.winners);
    await expect(part('losers').getByRole('heading', { level: 2 })).toHaveText(tx.part.losers);
    await expect(part('grandFinal').getByRole('heading', { level: 2 })).toHaveText(tx.part.grandFinal);
    await expect(part('losers')).toContainText(tx.round.losersFinal);
    await expect(part('losers').locator('[data-testid="bracket-side"][data-winner="true"]').last()).toContainText(
      alex.user.username,
    );
    await expect(part('losers')).toContainText(third.user.username);
    await expect(part('grandFinal')).toContainText(tx.round.reset);
    await expect(page.getByTestId('bracket-not-needed')).toHaveText(tx.resetNotNeeded);
    await expect(page.getByTestId('bracket-report-form')).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await shots(page, info, `double-elimination-${lang}`);
  }
});

// the page is checked in Italian and English
test('the admin ticks the third-place match; the semi-final losers play it and the page shows it', async ({
  page,
}, info) => {
  const { id, admin, giulia, alex, others } = await field(page.request, 'single_elimination', 2);
  const [c, d] = others as [Session, Session];
  await loginAs(page, ADMIN);
  await goto(page, `/en/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('bracket-admin')).toContainText(texts.en.admin.thirdPlaceHint);
  await expect(page.getByTestId('bracket-grand-final-reset')).toHaveCount(0);
  await page.getByTestId('bracket-seeding').selectOption('checkin');
  await page.getByTestId('bracket-third-place').check();
  await page.getByTestId('bracket-generate').click();
  // check-in is still open: the panel asks first
  await page.getByTestId('bracket-generate-dialog-confirm').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.en.admin.generated);
  // seeds 1 v 4 and 2 v 3: Giulia and Alex win their semi-finals, the final, then the third-place match
  await playThroughApi(page.request, admin, id, giulia, d);
  await playThroughApi(page.request, admin, id, alex, c);
  await playThroughApi(page.request, admin, id, giulia, alex);
  // the same address again: a reload, not a jump to the same hash, so the panel reads the bracket anew
  await page.reload();
  await expect(page.locator('[data-testid="bracket-admin-match"][data-state="awaiting"]')).toContainText(
    texts.en.round.thirdPlace,
  );
  await playThroughApi(page.request, admin, id, c, d);

  for (const lang of ['it', 'en'] as const) {
    await expect(async () => {
      await page.goto(at(lang, `/tournament/${id}/bracket`));
      await page.reload();
      await expect(page.getByTestId('bracket-third-place').getByTestId('bracket-match')).toHaveAttribute(
        'data-state',
        'confirmed',
        { timeout: 500 },
      );
    }).toPass({ timeout: 15_000 });
    const third = page.getByTestId('bracket-third-place');
    await expect(third.getByRole('heading', { level: 2 })).toHaveText(texts[lang].round.thirdPlace);
    await expect(third.locator('[data-testid="bracket-side"][data-winner="true"]')).toContainText(c.user.username);
    await expect(third).toContainText(d.user.username);
    await expect(page.getByTestId('bracket-champion')).toContainText(giulia.user.username);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `third-place-${lang}`);
  }
});
