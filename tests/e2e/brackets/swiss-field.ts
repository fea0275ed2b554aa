import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { ADMIN, authenticate, GIULIA, keepShot, localeTexts, type Session, unique } from '../helpers.ts';

/** What the Swiss and the seeding-and-playoff specs share: API calls, a field of four, screenshots. */
const ALEX = { email: 'alex@demo.arena', password: GIULIA.password };
export const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
export const texts = { it: localeTexts('it', 'brackets'), en: localeTexts('en', 'brackets') };

export async function call(
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

/** A Valorant tournament (Swiss unless told) where Giulia, Alex and two new players joined and checked in, in order. */
export async function fieldOfFour(request: APIRequestContext, name: string, format = 'swiss') {
  const [admin, giulia, alex, third, fourth] = await Promise.all([
    authenticate(request, ADMIN),
    authenticate(request, GIULIA),
    authenticate(request, ALEX),
    newPlayer(request),
    newPlayer(request),
  ]);
  const created = await call(request, admin.token, 'POST', '/tournaments', {
    name: unique(name),
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
  // one after the other, so the check-in order is the order above
  for (const s of people)
    await call(request, s.token, 'POST', `/tournaments/${id}/register/checkin?userID=${s.user.id}`, account(s));
  return { id, admin, people };
}

export async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}
