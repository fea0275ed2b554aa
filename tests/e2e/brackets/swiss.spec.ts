import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  authenticate,
  fillText,
  goto,
  localeTexts,
  loginAs,
  storeSession,
  unique,
  ADMIN,
  GIULIA,
  type Session,
} from '../helpers.ts';

/**
 * The Swiss format in the browser: the admin generates a two-round Swiss bracket in the editor's
 * Bracket tab, the first round's results come in (one on the bracket page), the second round is
 * paired by itself, the admin closes it, and the public page shows the standings, in Italian and
 * English, on a phone and a desktop.
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

async function newPlayer(request: APIRequestContext): Promise<Session> {
  const username = unique('sw').toLowerCase().slice(0, 30);
  const who = { email: `${username}@e2e.arena`, password: 'e2e-player-2026' };
  const res = await request.post('/api/users/pp', { data: { username, ...who, nickname: username, gender: 'female' } });
  expect(res.status(), await res.text()).toBe(201);
  return authenticate(request, who);
}

/** A Swiss Valorant tournament where Giulia, Alex and two new players joined and checked in, in that order. */
async function fieldOfFour(request: APIRequestContext) {
  const [admin, giulia, alex, third, fourth] = await Promise.all([
    authenticate(request, ADMIN),
    authenticate(request, GIULIA),
    authenticate(request, ALEX),
    newPlayer(request),
    newPlayer(request),
  ]);
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique('E2E Swiss '),
    game: 'Valorant',
    console: ['PC'],
    format: 'swiss',
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
  const people = [giulia, alex, third, fourth];
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
  return { id, admin, people };
}

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The public bracket page, reloaded until its table's title says `title` (the browser may keep a copy 10 s). */
async function openPage(page: Page, lang: 'it' | 'en', id: string, title: string) {
  await expect(async () => {
    await page.goto(at(lang, `/tournament/${id}/bracket`));
    await page.reload();
    await expect(page.getByTestId('bracket-table-title')).toHaveText(title, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('Swiss: the admin generates, round one is reported, round two is paired and closed, the table shows', async ({
  page,
}, info) => {
  const { id, admin, people } = await fieldOfFour(page.request);
  const [giulia, , third] = people as [Session, Session, Session, Session];

  // the admin picks two rounds and generates, seeded by check-in order
  await loginAs(page, ADMIN);
  await goto(page, `/dashboard/tournaments/edit?id=${id}#bracket`);
  await page.getByTestId('bracket-seeding').selectOption('checkin');
  await page.getByTestId('bracket-rounds').fill('2');
  await page.getByTestId('bracket-generate').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.it.admin.generated);
  await expect(page.getByTestId('bracket-admin-swiss-progress')).toHaveText(
    fillText(texts.it.admin.swissProgress, { n: 1, total: 2 }),
  );
  await expect(page.getByTestId('bracket-admin-row')).toHaveCount(4);

  // round one: seed 1 v 3 and 2 v 4. Giulia reports on the page, the others through the API; the
  // better seed wins both
  const b = await call(page.request, admin.token, 'GET', `/tournaments/${id}/bracket`);
  const [first, second] = b.rounds[0].matches;
  expect([first.sideA.id, first.sideB.id]).toEqual([giulia.user.id, third.user.id]);
  await storeSession(page, giulia, '/privacy-policy');
  await page.goto(`/tournament/${id}/bracket`);
  const form = page.getByTestId('bracket-report-form');
  await form.getByTestId('bracket-report-a').fill('2');
  await form.getByTestId('bracket-report-b').fill('0');
  await form.getByTestId('bracket-report-submit').click();
  await expect(form.getByTestId('bracket-report-message')).toHaveText(texts.it.report.sent);
  await call(page.request, third.token, 'POST', `/tournaments/${id}/bracket/matches/${first.id}/report`, {
    scoreA: 2,
    scoreB: 0,
  });
  for (const who of [people[1]!, people[3]!])
    await call(page.request, who.token, 'POST', `/tournaments/${id}/bracket/matches/${second.id}/report`, {
      scoreA: 1,
      scoreB: 0,
    });

  // round two was paired by itself: the winners meet, the table stands after round one
  await openPage(page, 'en', id, fillText(texts.en.swiss.standings, { n: 1 }));
  await expect(page.getByTestId('bracket-swiss-progress')).toHaveText(
    fillText(texts.en.swiss.progress, { n: 2, total: 2 }),
  );
  await expect(page.getByTestId('bracket-round')).toHaveCount(2);
  await expect(page.getByTestId('bracket-round').nth(1).getByTestId('bracket-match').first()).toContainText(
    giulia.user.username,
  );
  await expect(page.getByTestId('bracket-table-row')).toHaveCount(4);
  await expect(page.getByTestId('bracket-swiss')).toContainText(texts.en.swiss.closeRule);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, info, 'swiss-round-two-en');

  // the admin closes the last round unplayed: its matches count as 0–0 draws
  await loginAs(page, ADMIN);
  await goto(page, `/en/dashboard/tournaments/edit?id=${id}#bracket`);
  await expect(page.getByTestId('bracket-admin-swiss-progress')).toHaveText(
    fillText(texts.en.admin.swissProgress, { n: 2, total: 2 }),
  );
  await expect(page.getByTestId('bracket-admin-swiss')).toContainText(texts.en.admin.closeHint);
  await page.getByTestId('bracket-next-round').click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').last()).toContainText(texts.en.admin.closed);
  await expect(page.getByTestId('bracket-next-round')).toHaveCount(0);
  await shots(page, info, 'swiss-admin-en');

  for (const lang of ['it', 'en'] as const) {
    await openPage(page, lang, id, fillText(texts[lang].swiss.standings, { n: 2 }));
    const rows = page.getByTestId('bracket-table-row');
    await expect(rows).toHaveCount(4);
    // Giulia and Alex each won and drew (4 points) ahead of the two who lost and drew (1 point)
    const top = (await rows.allTextContents()).slice(0, 2).join(' ');
    expect(top).toContain(giulia.user.username);
    expect(top).toContain(people[1]!.user.username);
    await expect(page.locator('[data-testid="bracket-match"][data-state="confirmed"]')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, info, `swiss-done-${lang}`);
  }
});
