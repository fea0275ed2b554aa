import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  decodeQuotedPrintable,
  fillText,
  goto,
  latestMailTo,
  localeTexts,
  loginAs,
  unique,
  ADMIN,
} from '../helpers.ts';

/** The match-day roster and the delete dialog's count of registered players, as the admin sees them. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);
const MIN = 60_000;
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: await res.json() };
}
// sonner stacks toasts newest first and keeps the older ones a while: a toast is found by what it says
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-type="success"]', { hasText: text }).first();

for (const lang of ['it', 'en'] as const) {
  test.describe(`the match-day roster in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US' });
    const texts = localeTexts(lang, 'dashboard').tournaments.roster;

    // the delete dialog counts the players
    test(`check in on behalf, remove with a reason, promote, disqualify, export CSV (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const name = unique(`E2E Roster ${lang} `);
      // three of the demo's leaderboard players (accounts without a login); the admin registers them
      const competitions = (await call(page.request, admin.token, 'GET', '/tournaments/competitions')).body.data;
      const playerIds: string[] = competitions.flatMap((c: any) =>
        c.teams.flatMap((team: any) => team.players.map((p: any) => p.playerId)),
      );
      const [a, b, c] = [...new Set(playerIds)].slice(lang === 'it' ? 0 : 3, lang === 'it' ? 3 : 6);
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name,
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 2,
        start_registration: iso(-60),
        start_checkin: iso(60),
        end_checkin: iso(90),
        start_tournament: iso(120),
        end_tournament: iso(240),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      for (const userId of [a, b, c]) {
        const joined = await call(page.request, admin.token, 'POST', `/tournaments/${id}/register?userID=${userId}`, {
          gameAccounts: [
            { userId, gameAccount: { username: `acct${userId.slice(0, 4)}`, id: '', game: 'Fortnite', console: 'PC' } },
          ],
        });
        expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      }
      // match day: registration closes, check-in opens
      expect(
        (
          await call(page.request, admin.token, 'PUT', `/tournaments/${id}`, {
            start_registration: iso(-120),
            start_checkin: iso(-30),
            end_checkin: iso(60),
            start_tournament: iso(90),
            end_tournament: iso(200),
          })
        ).status,
      ).toBe(200);
      const roster = (await call(page.request, admin.token, 'GET', `/tournaments/${id}/registrations`)).body.data;
      const [ra, rb, rc] = [roster.members[0], roster.members[1], roster.waitlist[0]];

      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#players`));
      const members = page.getByTestId('tournament-members-row');
      await expect(members).toHaveCount(2);
      const rowOf = (table: string, userId: string) =>
        page.locator(`[data-testid="tournament-${table}-row"][data-user-id="${userId}"]`);

      // check in on behalf, from the keyboard: the member shows as checked in, in both tables, and the focus stays on
      // the row's button (now "check out") rather than falling to the page's start while the call ran
      await rowOf('members', ra.userId).getByTestId('roster-checkin').focus();
      await page.keyboard.press('Enter');
      await expect(toast(page, fillText(texts.checkedIn, { name: ra.username }))).toBeVisible();
      await expect(rowOf('members', ra.userId).getByTestId('roster-checkout')).toBeVisible();
      await expect(rowOf('members', ra.userId).getByTestId('roster-checkout')).toBeFocused();
      await expect(rowOf('confirmed', ra.userId)).toBeVisible();

      // every button's accessible name starts with the text it shows (speech input finds it by what it reads)
      await expect(rowOf('waitlist', rc.userId).getByTestId('roster-promote')).toBeVisible();
      const axe = await new AxeBuilder({ page })
        .include('#tournament-panel-players')
        .withRules(['label-content-name-mismatch'])
        .analyze();
      expect(axe.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
      const mismatched = await page
        .locator('#tournament-panel-players button')
        .evaluateAll((buttons) =>
          buttons
            .map((b) => ({ shown: (b as HTMLElement).innerText.trim(), name: b.getAttribute('aria-label') }))
            .filter(({ shown, name }) => /\p{L}/u.test(shown) && name !== null && !name.startsWith(shown)),
        );
      expect(mismatched).toEqual([]);

      // remove with a reason: the reason is required; the seat stays free after registration closed
      await rowOf('members', rb.userId).getByTestId('roster-remove').click();
      const dialog = page.getByTestId('roster-reason-dialog');
      await expect(dialog).toContainText(fillText(texts.removeTitle, { name: rb.username }));
      await expect(dialog).toContainText(texts.removeSeatClosed);
      // the reason is what the dialog asks for: it takes the focus
      await expect(page.getByTestId('roster-reason')).toBeFocused();
      await page.getByTestId('roster-reason-confirm').click();
      await expect(dialog).toContainText(texts.reasonRequired);
      const reason = `No-show ${unique('')}`;
      await page.getByTestId('roster-reason').fill(reason);
      await page.getByTestId('roster-reason-confirm').click();
      await expect(toast(page, fillText(texts.removed, { name: rb.username }))).toBeVisible();
      await expect(dialog).toBeHidden();
      // the row and its button are gone: the focus goes to the heading of the table it left, not the page's start
      await expect(page.locator('#members-title')).toBeFocused();
      await expect(members).toHaveCount(1);
      await expect(page.getByTestId('tournament-count-free')).toHaveText('1');
      await expect.poll(async () => decodeQuotedPrintable(await latestMailTo(rb.email))).toContain(reason);

      // promote the waiting player into the free seat
      await rowOf('waitlist', rc.userId).getByTestId('roster-promote').click();
      await expect(toast(page, fillText(texts.promoted, { name: rc.username }))).toBeVisible();
      await expect(rowOf('members', rc.userId)).toBeVisible();
      await expect(page.getByTestId('tournament-waitlist-empty')).toBeVisible();

      // disqualify: a state of its own, in its own table
      await rowOf('members', ra.userId).getByTestId('roster-disqualify').click();
      await expect(dialog).toContainText(fillText(texts.disqualifyTitle, { name: ra.username }));
      await page.getByTestId('roster-reason').fill('Smurf account');
      await page.getByTestId('roster-reason-confirm').click();
      await expect(toast(page, fillText(texts.disqualifiedDone, { name: ra.username }))).toBeVisible();
      await expect(rowOf('disqualified', ra.userId)).toContainText(texts.disqualifiedBadge);
      await expect(rowOf('members', ra.userId)).toHaveCount(0);
      await expect(page.getByTestId('tournament-count-disqualified')).toHaveText('1');

      // the export downloads the roster as CSV
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('roster-export').click()]);
      // named by the tournament, as its calendar event is
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      expect(download.suggestedFilename()).toMatch(new RegExp(`^roster-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trimEnd().split(/\r?\n/);
      expect(lines[0]).toBe('username,email,gameAccount,platform,gameAccountId,epicId,discordId,state,checkedIn,team');
      expect(lines.find((l) => l.startsWith(`${rc.username},`))).toMatch(/,member,false,$/);
      expect(lines.find((l) => l.startsWith(`${ra.username},`))).toMatch(/,disqualified,false,$/);

      // deleting asks first and says how many players will be e-mailed (one member left)
      await goto(page, at(lang, '/dashboard/tournaments'));
      await page.getByTestId('tournaments-search').fill(name);
      const rows = page.getByTestId('tournaments-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('tournament-row-delete').click();
      const confirm = page.getByTestId('tournament-delete-dialog');
      await expect(confirm).toContainText(fillText(texts.deleteMessagePlayersOne, { name }));
      await page.getByTestId('tournament-delete-dialog-confirm').click();
      await expect(rows).toHaveCount(0);
      await expect.poll(async () => decodeQuotedPrintable(await latestMailTo(rc.email))).toContain(name);
    });

    test(`add a registered user by username, then check them in after the check-in window closed (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      // a site user with a saved Fortnite account, and one with none
      const signUp = async (prefix: string, accounts: unknown[]) => {
        const username = unique(prefix).toLowerCase().slice(0, 28);
        const email = `${username}@e2e.arena`;
        const password = 'roster-add-2026';
        const created = await page.request.post('/api/users/pp', {
          data: { username, email, password, nickname: username, gender: 'male', language: lang },
        });
        expect(created.status(), await created.text()).toBe(201);
        const login = await page.request.post('/api/users/authenticate', { data: { email, password } });
        const { user, token } = (await login.json()).data;
        if (accounts.length)
          expect(
            (await call(page.request, token, 'PUT', `/users/pp/${user.id}`, { gameAccounts: accounts })).status,
          ).toBe(200);
        return { id: user.id as string, username };
      };
      const late = await signUp(`late${lang}`, [{ username: 'LateOne', id: '', game: 'Fortnite', console: 'PC' }]);
      const bare = await signUp(`bare${lang}`, []);
      // the check-in window is over, the tournament starts later: a late arrival is at the venue
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name: unique(`E2E Late ${lang} `),
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 4,
        start_registration: iso(-240),
        start_checkin: iso(-120),
        end_checkin: iso(-60),
        start_tournament: iso(60),
        end_tournament: iso(180),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;

      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#players`));
      const add = page.getByTestId('roster-add');
      await expect(add).toContainText(texts.add.title);
      await page.getByTestId('roster-add-search').fill(bare.username.toUpperCase());
      await expect(page.getByTestId('roster-add-result')).toHaveText([new RegExp(bare.username)]);
      await page.getByTestId('roster-add-button').click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]').last()).toContainText(
        localeTexts(lang, 'errors').NO_GAME_ACCOUNT,
      );

      await page.getByTestId('roster-add-search').fill(late.username);
      await expect(page.getByTestId('roster-add-result')).toHaveCount(1);
      await page.getByRole('button', { name: fillText(texts.add.addLabel, { name: late.username }) }).click();
      await expect(toast(page, fillText(texts.add.added, { name: late.username }))).toBeVisible();
      const row = page.locator(`[data-testid="tournament-members-row"][data-user-id="${late.id}"]`);
      await expect(row).toContainText('LateOne');
      // once in, the search no longer offers them
      await expect(page.getByTestId('roster-add-empty')).toBeVisible();

      // check-in closed an hour ago: the admin still checks the late arrival in
      await row.getByTestId('roster-checkin').click();
      await expect(toast(page, fillText(texts.checkedIn, { name: late.username }))).toBeVisible();
      await expect(page.locator(`[data-testid="tournament-confirmed-row"][data-user-id="${late.id}"]`)).toBeVisible();
    });
  });
}
