import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { arena } from './fixtures.ts';

/**
 * Islands are server-rendered first; clicks before hydration are lost, so wait until none is
 * pending. A custom element that must read the session first (the tournament page's
 * <tournament-banner>) carries `data-hydrating` until its buttons show the visitor's own state.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr], [data-hydrating]')).toHaveCount(0);
}

/**
 * Types into the shop's search and waits for its answer: every card shown names `name`, and the list is no
 * longer busy. Until the answer arrives the unfiltered list is shown, and a card clicked then can move from
 * under the pointer as the list changes.
 */
export async function searchShop(page: Page, text: string, name = text) {
  await page.getByTestId('market-search').fill(text);
  const cards = page.getByTestId('product-card');
  await expect(cards.filter({ hasText: name }).first()).toBeVisible();
  await expect(cards.filter({ hasNotText: name })).toHaveCount(0);
  await expect(page.getByTestId('market-list')).not.toHaveAttribute('aria-busy', 'true');
}

/**
 * The newest toast of a kind that is not leaving. Sonner puts a new toast first in its list and keeps an older one
 * on screen for a few seconds more, so the first one is the answer to the latest action.
 */
export const toast = (page: Page, type: 'success' | 'error' = 'success') =>
  page.locator(`[data-sonner-toast][data-type="${type}"]:not([data-removed="true"])`).first();

/**
 * A screenshot kept for people to look at (a page or a panel at a phone's or a desktop's width), written only when
 * E2E_SHOTS is set (`E2E_SHOTS=1 npm run test:e2e`). Nothing asserts on it, and a full-page capture costs the browser
 * about half a CPU-second, so the suite's own runs leave it out; a failing test still keeps its screenshot
 * (playwright.config.ts), and a test that reads pixels takes its own.
 */
export async function keepShot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
) {
  if (process.env.E2E_SHOTS) await target.screenshot(options);
}

export async function goto(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** The newest .eml in the outbox addressed to `to`, waiting for it to be written. */
export async function latestMailTo(to: string): Promise<string> {
  const dir = path.join(arena().dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(() => {
      if (!fs.existsSync(dir)) return undefined;
      const files = fs.readdirSync(dir).sort().reverse();
      found = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes(`To: ${to}`));
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A mail body may fold long lines (quoted-printable); this undoes it before reading a link. */
export function decodeQuotedPrintable(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** The instant `n` minutes from now (or from `from`), as the API takes it. */
export const minutes = (n: number, from = Date.now()) => new Date(from + n * 60_000).toISOString();
/**
 * A tournament schedule whose registration is open now; check-in opens a day from now, the instant registration
 * closes. Every date counts from one reading of the clock, so the two meant to be equal are.
 */
export const registrationOpenSchedule = () => {
  const now = Date.now();
  return {
    start_registration: minutes(-60, now),
    end_registration: minutes(24 * 60, now),
    start_checkin: minutes(24 * 60, now),
    end_checkin: minutes(24 * 60 + 45, now),
    start_tournament: minutes(24 * 60 + 60, now),
    end_tournament: minutes(24 * 60 + 240, now),
  };
};

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The demo accounts the seed creates (README, "Quick start"). */
export const ADMIN = { email: 'admin@demo.arena', password: 'demo-admin-2026' };
export const GIULIA = { email: 'giulia@demo.arena', password: 'demo-player-2026' };

export interface Session {
  token: string;
  user: { id: string; username: string; email: string };
}

/** Logs in through the API and returns the session. */
export async function authenticate(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<Session> {
  const res = await request.post('/api/users/authenticate', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/**
 * Stores a session the way the login form does: on `landing` (a document of the site), or on the page already
 * open when `landing` is null.
 */
export async function storeSession(page: Page, session: Session, landing?: string | null): Promise<void> {
  if (landing) await page.goto(landing);
  await page.evaluate(({ user, token }) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', token);
  }, session);
}

/**
 * Logs in through the API and stores the session, so the pages open as that user. The session lives in the
 * origin's storage, so by default it is stored on the site's robots.txt: a document of the origin with nothing to
 * load or render, where a page of the site cost the browser about 0.2 CPU-seconds more at every login.
 */
export async function loginAs(
  page: Page,
  who: { email: string; password: string },
  landing: string | null = '/robots.txt',
): Promise<Session> {
  const session = await authenticate(page.request, who);
  await storeSession(page, session, landing);
  return session;
}

/**
 * One locale file of the catalogue, as the page under test reads it ('rewards-admin' →
 * locales/<lang>/rewards-admin.json).
 */
// a JSON catalogue read at run time (any): the specs index it by the keys they test
export const localeTexts = (lang: 'it' | 'en', file: string): any =>
  JSON.parse(fs.readFileSync(`locales/${lang}/${file}.json`, 'utf8'));

/** A catalogue text with its {placeholders} filled, as the page's translator fills them. */
export const fillText = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

/**
 * The errors a page logs to its console from now on, each with the page's address: a request the server refuses
 * (a 403, a 404) is logged by the browser as one, so a page that asks only what it may shows none.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`)));
  return errors;
}
