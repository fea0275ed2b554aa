import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  goto,
  keepShot,
  latestMailTo,
  unique,
  ADMIN,
  GIULIA,
  authenticate,
  fillText,
  localeTexts,
  loginAs,
  type Session,
  toast,
} from '../helpers.ts';
import { signUpPlayer } from '../campaign/campaign-helpers.ts';

/** The locale prefix of a page path: Italian has none, English is /en. */
const at = (lang: 'it' | 'en', path: string) => (lang === 'it' ? path : `/en${path}`);

const ALEX = { email: 'alex@demo.arena', password: 'demo-player-2026' }; // language en

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

/** A player joins through the API with a Valorant account, as the join dialog would. */
async function register(request: APIRequestContext, tournamentId: string, player: Session) {
  const gameAccount = {
    username: `${player.user.username}V`,
    game: 'Valorant',
    console: 'PC',
    id: `${player.user.username}#42`,
  };
  const res = await call(request, player.token, 'POST', `/tournaments/${tournamentId}/register`, {
    gameAccounts: [{ userId: player.user.id, gameAccount }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { state: 'member' | 'waitlist' };
}

/** "yyyy-MM-ddTHH:mm" of now + `ms`, in the browser's zone (what a datetime-local input takes). */
const localInput = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

const errorTexts = {
  it: JSON.parse(fs.readFileSync('locales/it/errors.json', 'utf8')),
  en: JSON.parse(fs.readFileSync('locales/en/errors.json', 'utf8')),
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const lang of ['it', 'en'] as const) {
  test.describe(`admin tournaments in ${lang}`, () => {
    // the admin types schedule times in their own zone; Rome makes the conversion visible (UTC+1 in January)
    test.use({ timezoneId: 'Europe/Rome', locale: lang === 'it' ? 'it-IT' : 'en-US' });

    test(`an admin creates, finds, edits, inspects, scores and deletes a tournament (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      const competitionName = `E2E League ${lang} ${suffix}`;
      const name = `E2E Cup ${lang} ${suffix}`;

      // a competition through its form, found in the list
      await goto(page, at(lang, '/dashboard/competitions/new'));
      await page.getByTestId('competition-name').fill(competitionName);
      await page.getByTestId('competition-game').selectOption('Valorant');
      await page.getByTestId('competition-url').fill('/arena-bomber-championship');
      // the finals city in each language, beside the name (the English tab's own fields)
      await page.getByTestId('competition-finals-city').fill('Milano');
      await page.getByTestId('competition-lang-tab-en').click();
      await page.getByTestId('competition-en-finals-city').fill('Milan');
      await keepShot(page, { path: test.info().outputPath(`competition-form-en-tab-${lang}.png`), fullPage: true });
      await page.getByTestId('competition-submit').click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/dashboard/competitions')}$`));
      await expect(toast(page)).toContainText(competitionName);
      await page.getByTestId('competitions-search').fill(competitionName);
      const competitionRow = page.getByTestId('competitions-table').locator('tbody tr');
      await expect(competitionRow).toHaveCount(1);
      const competitionId = (await competitionRow.getAttribute('data-testid'))!.replace('competition-row-', '');
      const competition = (await call(page.request, admin.token, 'GET', `/tournaments/competitions/${competitionId}`))
        .body;
      expect(competition.data.translations).toMatchObject({
        it: { finalsCity: 'Milano' },
        en: { finalsCity: 'Milan' },
      });

      // the tournament form: the shared schema refuses an empty form, field by field
      await goto(page, at(lang, '/dashboard/tournaments/new'));
      await expect(page.getByTestId('tournament-form')).toBeVisible();
      await page.getByTestId('tournament-submit').click();
      await expect(page.getByTestId('tournament-name-error')).not.toBeEmpty();
      await expect(page.getByTestId('tournament-game-error')).not.toBeEmpty();
      await expect(page.getByTestId('tournament-console-error')).not.toBeEmpty();
      await expect(page.getByTestId('tournament-maxPartecipants-error')).not.toBeEmpty();

      await page.getByTestId('tournament-name').fill(name);
      await page.getByTestId('tournament-game').selectOption('Valorant');
      await page.getByTestId('tournament-competitionId').selectOption({ label: competitionName });
      await page.getByTestId('tournament-console-PC').check();
      await page.getByTestId('tournament-console-PS5').check();
      await page.getByTestId('tournament-maxPartecipants').fill('4');
      await page.getByTestId('tournament-teamSize').fill('5');
      // registration open now, check-in in two days
      await page.getByTestId('tournament-start_registration').fill(await localInput(page, -HOUR));
      await page.getByTestId('tournament-start_checkin').fill(await localInput(page, 2 * DAY));
      await page.getByTestId('tournament-end_checkin').fill(await localInput(page, 2 * DAY + HOUR));
      await page.getByTestId('tournament-start_tournament').fill(await localInput(page, 2 * DAY + 2 * HOUR));
      // a registration set to close after check-in opens is told it closes then
      const closesHint = page.locator('#tournament-end_registration-hint');
      await page.getByTestId('tournament-end_registration').fill(await localInput(page, 2 * DAY + HOUR / 2));
      await expect(closesHint).toHaveText(localeTexts(lang, 'dashboard').tournaments.form.closesAtCheckin);
      await page.getByTestId('tournament-end_registration').fill('');
      await expect(closesHint).toHaveCount(0);
      const nextYear = new Date().getFullYear() + 1;
      await page.getByTestId('tournament-end_tournament').fill(`${nextYear}-01-15T18:00`);
      await page.getByTestId('tournament-check_in').fill('30');
      await page.getByTestId('tournament-dateText-it').fill('Presto in arrivo');
      await page.getByTestId('tournament-dateText-en').fill('Coming soon');
      // the live preview is sanitised: formatting stays, script and a bad image go
      await page
        .getByTestId('tournament-description')
        .fill(
          '<p>Benvenuti <b>tutti</b></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">',
        );
      const preview = page.getByTestId('tournament-description-preview');
      await expect(preview.locator('b')).toHaveText('tutti');
      await expect(preview.locator('script, img')).toHaveCount(0);
      await page.getByTestId('tournament-rules').fill('<ol><li>Fair play</li></ol>');
      await expect(page.getByTestId('tournament-rules-preview').locator('li')).toHaveText('Fair play');
      await page.getByTestId('tournament-submit').click();

      // the new tournament opens in its editor, with the success toast
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/dashboard/tournaments/edit'));
      await expect(toast(page)).toContainText(name);
      const id = new URL(page.url()).searchParams.get('id')!;
      await expect(page.getByTestId('tournament-name')).toHaveValue(name);

      // the list: the search finds it on page 1
      await goto(page, at(lang, '/dashboard/tournaments'));
      await page.getByTestId('tournaments-search').fill(name.toUpperCase());
      const rows = page.getByTestId('tournaments-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('tournament-row-name')).toHaveText(name);
      await expect(rows.getByTestId('tournament-row-phase')).toHaveAttribute('data-phase', 'registration');
      await expect(rows.getByTestId('tournament-row-players')).toHaveText('0/4');

      // edit, and the way back returns to the same search; then edit again
      await rows.getByTestId('tournament-row-edit').click();
      await expect(page).toHaveURL(/\/dashboard\/tournaments\/edit\?id=/);
      await expect(page.getByTestId('tournament-name')).toHaveValue(name);
      await page.getByTestId('tournament-back').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/dashboard/tournaments'));
      await expect(page.getByTestId('tournaments-search')).toHaveValue(name.toUpperCase());
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('tournament-row-edit').click();

      // the schedule arrived as instants of the admin's local times
      await expect(page).toHaveURL(/\/dashboard\/tournaments\/edit\?id=/);
      await expect(page.getByTestId('tournament-name')).toHaveValue(name);
      let stored = (await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).body.data;
      expect(stored).toMatchObject({
        game: 'Valorant',
        console: ['PC', 'PS5'],
        teamSize: 5,
        check_in: 30,
        competitionId,
        statusOverride: null,
        open: true,
      });
      expect(stored.end_tournament).toBe(`${nextYear}-01-15T17:00:00.000Z`);
      expect(stored.dateText).toEqual({ it: 'Presto in arrivo', en: 'Coming soon' });
      expect(stored.description).toBe('<p>Benvenuti <b>tutti</b></p>');
      await expect(page.getByTestId('tournament-end_tournament')).toHaveValue(`${nextYear}-01-15T18:00`);

      // status (set by hand to "not started") and slots
      await expect(page.getByTestId('tournament-submit')).toBeDisabled();
      await page.getByTestId('tournament-status').selectOption('0');
      await page.getByTestId('tournament-maxPartecipants').fill('6');
      await page.getByTestId('tournament-submit').click();
      await expect(toast(page)).toBeVisible();
      await expect(page.getByTestId('tournament-submit')).toBeDisabled();
      stored = (await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).body.data;
      expect(stored).toMatchObject({ statusOverride: 0, maxPartecipants: 6 });

      // a player registers through the API and appears in the players panel
      const player = await authenticate(page.request, lang === 'it' ? GIULIA : ALEX);
      expect((await register(page.request, id, player)).state).toBe('member');
      await page.getByTestId('tournament-tab-players').click();
      await page.getByTestId('tournament-players-reload').click();
      const member = page.getByTestId('tournament-members-row');
      await expect(member).toHaveCount(1);
      await expect(member).toContainText(player.user.username);
      await expect(member).toContainText(`${player.user.username}V`);
      await expect(page.getByTestId('tournament-count-members')).toHaveText('1/6');
      // seats, as a whole team takes one in a team tournament, beside check-ins that count players
      await expect(page.getByTestId('tournament-players-counts')).toContainText(
        localeTexts(lang, 'dashboard').tournaments.detail.counts.seats,
      );
      await expect(page.getByTestId('tournament-confirmed-empty')).toBeVisible();
      await expect(page.getByTestId('tournament-waitlist-empty')).toBeVisible();

      // the quick status hands the status back to the schedule
      await page.getByTestId('tournament-quick-status').selectOption('');
      await page.getByTestId('tournament-quick-status-apply').click();
      await expect(toast(page)).toBeVisible();
      await expect
        .poll(async () => (await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).body.data.statusOverride)
        .toBeNull();

      // faction scores: the player picks precision, the admin scores them and moves them to speed
      const picked = await call(page.request, player.token, 'POST', `/tournaments/competitions/${competitionId}/team`, {
        team: 'precision',
      });
      expect(picked.status, JSON.stringify(picked.body)).toBe(200);
      await goto(page, at(lang, `/dashboard/competitions/edit?id=${competitionId}`));
      const row = page.getByTestId('scores-team-precision').getByTestId(`scores-player-${player.user.id}`);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('scores-save')).toBeDisabled();
      await page.getByTestId(`scores-score-${player.user.id}`).fill('1234');
      await page.getByTestId(`scores-move-${player.user.id}`).click();
      await expect(page.getByTestId('scores-team-speed').getByTestId(`scores-player-${player.user.id}`)).toBeVisible();
      await page.getByTestId('scores-save').click();
      await expect(toast(page)).toBeVisible();
      const teams = (await call(page.request, admin.token, 'GET', `/tournaments/competitions/${competitionId}`)).body
        .data.teams as {
        name: string;
        players: { playerId: string; score: number }[];
      }[];
      expect(teams.find((t) => t.name === 'speed')!.players).toEqual([
        expect.objectContaining({ playerId: player.user.id, score: 1234 }),
      ]);
      expect(teams.find((t) => t.name === 'precision')?.players ?? []).toEqual([]);

      // delete from the list, after confirming
      await goto(page, at(lang, '/dashboard/tournaments'));
      await page.getByTestId('tournaments-search').fill(name);
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('tournament-row-players')).toHaveText('1/6');
      await rows.getByTestId('tournament-row-delete').click();
      const dialog = page.getByTestId('tournament-delete-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(name);
      // cancelling keeps it
      await page.getByTestId('tournament-delete-dialog-cancel').click();
      await expect(dialog).toBeHidden();
      await rows.getByTestId('tournament-row-delete').click();
      await page.getByTestId('tournament-delete-dialog-confirm').click();
      await expect(toast(page)).toContainText(name);
      await expect(page.getByTestId('tournaments-empty')).toBeVisible();
      expect((await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).status).toBe(404);
    });

    // a search finds a tournament by its English name
    test(`the editor's way back keeps the list's page, filter and sort (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const suffix = unique('');
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name: `E2E Coppa ${lang} ${suffix}`,
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 8,
        translations: { en: { name: `E2E Trophy ${lang} ${suffix}` } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const rows = page.getByTestId('tournaments-table').locator('tbody tr');
      // either language's name finds it, the row naming it in the page's language
      for (const search of [`trophy ${lang} ${suffix}`, `coppa ${lang} ${suffix}`]) {
        await goto(page, at(lang, '/dashboard/tournaments'));
        await page.getByTestId('tournaments-search').fill(search);
        await expect(rows).toHaveCount(1);
        await expect(rows.getByTestId('tournament-row-name')).toHaveText(
          lang === 'it' ? `E2E Coppa ${lang} ${suffix}` : `E2E Trophy ${lang} ${suffix}`,
        );
      }

      await goto(page, at(lang, '/dashboard/tournaments?sort=name&archived=hide&page=2'));
      await expect(rows.first()).toBeVisible();
      await rows.first().getByTestId('tournament-row-edit').click();
      await expect(page).toHaveURL(/\/dashboard\/tournaments\/edit\?id=/);
      await page.getByTestId('tournament-back').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/dashboard/tournaments'));
      const back = new URL(page.url()).searchParams;
      expect(Object.fromEntries(back)).toEqual({ sort: 'name', archived: 'hide', page: '2' });
      await expect(rows.first()).toBeVisible();
    });

    test(`a tournament with results is archived, not deleted; once final its status stays ended (${lang})`, async ({
      page,
    }) => {
      const admin = await loginAs(page, ADMIN);
      const name = unique(`E2E Archive ${lang} `);
      const now = Date.now();
      // a live battle royale: two players checked in, one match entered, then finalised
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name,
        game: 'Valorant',
        format: 'battle_royale',
        console: ['PC'],
        maxPartecipants: 4,
        start_registration: new Date(now - 2 * HOUR).toISOString(),
        start_checkin: new Date(now + HOUR).toISOString(),
        end_checkin: new Date(now + 2 * HOUR).toISOString(),
        start_tournament: new Date(now + 3 * HOUR).toISOString(),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      // fresh players: finalising may award them badges, which the demo accounts' stories must not get
      const players = [await signUpPlayer(page.request, 'arc'), await signUpPlayer(page.request, 'arc')];
      for (const p of players) await register(page.request, id, p);
      const checkIn = {
        start_checkin: new Date(now - HOUR).toISOString(),
        end_checkin: new Date(now + HOUR).toISOString(),
      };
      expect((await call(page.request, admin.token, 'PUT', `/tournaments/${id}`, checkIn)).status).toBe(200);
      for (const p of players) {
        const gameAccount = {
          username: `${p.user.username}V`,
          game: 'Valorant',
          console: 'PC',
          id: `${p.user.username}#42`,
        };
        const checked = await call(page.request, p.token, 'POST', `/tournaments/${id}/register/checkin`, {
          gameAccounts: [{ userId: p.user.id, gameAccount }],
        });
        expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      }
      expect((await call(page.request, admin.token, 'PUT', `/tournaments/${id}`, { status: 1 })).status).toBe(200);
      const lines = players.map((p, i) => ({ entrantId: p.user.id, placement: i + 1, eliminations: 0 }));
      const match = await call(page.request, admin.token, 'POST', `/tournaments/${id}/matches`, { lines });
      expect(match.status, JSON.stringify(match.body)).toBe(201);
      const finalised = await call(page.request, admin.token, 'POST', `/tournaments/${id}/finalise`, {});
      expect(finalised.status, JSON.stringify(finalised.body)).toBe(200);
      const texts = localeTexts(lang, 'dashboard').tournaments;

      // the quick status of a finalised tournament is closed, and says why
      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}`));
      await expect(page.getByTestId('tournament-quick-status')).toBeDisabled();
      await expect(page.getByTestId('tournament-quick-status-apply')).toBeDisabled();
      await expect(page.getByTestId('tournament-quick-status-final')).toHaveText(texts.detail.statusFinal);
      // and the edit form offers no other status than ended
      await expect(page.getByTestId('tournament-status').locator('option')).toHaveCount(1);
      await expect(page.getByTestId('tournament-status')).toHaveValue('2');
      // what it was played with is locked, and the form says so; a text beside it is still saved
      await expect(page.getByTestId('tournament-played-locked')).toHaveText(texts.form.playedLocked);
      for (const locked of ['game', 'maxPartecipants', 'console-PC', 'start_tournament', 'check_in'])
        await expect(page.getByTestId(`tournament-${locked}`)).toBeDisabled();
      await page.getByTestId('tournament-dateText-en').fill('Played in March');
      await page.getByTestId('tournament-submit').click();
      await expect(toast(page)).toContainText(texts.form.saved);
      const saved = await call(page.request, admin.token, 'GET', `/tournaments/${id}`);
      expect(saved.body.data).toMatchObject({ dateText: { en: 'Played in March' }, game: 'Valorant', finalized: true });
      // its ranks and prizes are frozen, so the roster offers no disqualification, and says why
      await page.getByTestId('tournament-tab-players').click();
      const disqualify = page.getByTestId('tournament-panel-players').getByTestId('roster-disqualify');
      await expect(page.getByTestId('tournament-members-note')).toHaveText(texts.roster.rosterFinal);
      await expect(disqualify).toHaveCount(2);
      for (const button of await disqualify.all()) {
        await expect(button).toBeDisabled();
        await expect(button).toHaveAttribute('title', texts.roster.disqualifyFinal);
      }
      await keepShot(page.getByTestId('tournament-panel-players'), {
        path: test.info().outputPath(`roster-final-${lang}.png`),
      });

      // the delete dialog says it can only be archived, and archives it
      await goto(page, at(lang, '/dashboard/tournaments'));
      await page.getByTestId('tournaments-search').fill(name);
      const rows = page.getByTestId('tournaments-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('tournament-row-status')).toContainText(texts.list.statusFinal);
      await expect(rows.getByTestId('tournament-row-archived')).toHaveCount(0);
      await rows.getByTestId('tournament-row-delete').click();
      const dialog = page.getByTestId('tournament-delete-dialog');
      await expect(dialog).toContainText(fillText(texts.list.archiveMessage, { name }));
      await expect(page.getByTestId('tournament-delete-dialog-confirm')).toHaveText(texts.list.archive);
      await page.getByTestId('tournament-delete-dialog-confirm').click();
      await expect(toast(page)).toContainText(fillText(texts.list.archived, { name }));
      await expect(rows.getByTestId('tournament-row-archived')).toHaveText(texts.list.archivedBadge);
      expect((await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).body.data.archived).toBe(true);

      // out of the public list, its page still there by its address
      const listed = await page.request.get('/api/tournaments?limit=100');
      expect(((await listed.json()).data as { id: string }[]).map((x) => x.id)).not.toContain(id);
      await goto(page, at(lang, `/tournament/${id}`));
      await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

      // the filter shows the archived ones alone; unarchiving brings it back into the lists
      await goto(page, at(lang, '/dashboard/tournaments'));
      await page.getByTestId('tournaments-archived-filter').selectOption('only');
      await page.getByTestId('tournaments-search').fill(name);
      await expect(rows).toHaveCount(1);
      await rows.getByTestId('tournament-row-unarchive').click();
      await expect(toast(page)).toContainText(fillText(texts.list.unarchived, { name }));
      await expect(rows.getByTestId('tournament-row-archived')).toHaveCount(0);
      expect((await call(page.request, admin.token, 'GET', `/tournaments/${id}`)).body.data.archived).toBe(false);
      // and it is still refused a delete
      const refused = await call(page.request, admin.token, 'DELETE', `/tournaments/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('TOURNAMENT_HAS_RESULTS');
      await call(page.request, admin.token, 'PUT', `/tournaments/${id}/archive`, { archived: true });
    });

    test(`registration closing after the start is refused under its field before the form is sent (${lang})`, async ({
      page,
    }) => {
      await loginAs(page, ADMIN);
      const name = `E2E Schedule ${lang} ${unique('')}`;
      await goto(page, at(lang, '/dashboard/tournaments/new'));
      await page.getByTestId('tournament-name').fill(name);
      await page.getByTestId('tournament-game').selectOption('Valorant');
      await page.getByTestId('tournament-console-PC').check();
      await page.getByTestId('tournament-maxPartecipants').fill('8');
      await page.getByTestId('tournament-start_registration').fill(await localInput(page, -HOUR));
      await page.getByTestId('tournament-end_registration').fill(await localInput(page, 3 * DAY));
      await page.getByTestId('tournament-start_tournament').fill(await localInput(page, 2 * DAY));
      await page.getByTestId('tournament-end_tournament').fill(await localInput(page, 2 * DAY + 3 * HOUR));
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/api/tournaments')) posts.push(r.url());
      });
      await page.getByTestId('tournament-submit').click();
      await expect(page.getByTestId('tournament-end_registration-error')).toHaveText(
        errorTexts[lang].validation.afterStart,
      );
      await expect(page.getByTestId('tournament-end_registration')).toHaveAttribute('aria-invalid', 'true');
      // the other dates are in order: no message under them
      for (const field of ['start_registration', 'start_tournament', 'end_tournament'])
        await expect(page.getByTestId(`tournament-${field}-error`)).toBeEmpty();
      expect(posts).toEqual([]);

      // registration closing before the start saves
      await page.getByTestId('tournament-end_registration').fill(await localInput(page, DAY));
      await page.getByTestId('tournament-submit').click();
      // created: it opens in its editor
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/dashboard/tournaments/edit'));
      await expect(toast(page)).toContainText(name);
    });

    test(`e-mail all players reaches members and the waitlist, each in their language (${lang})`, async ({ page }) => {
      const admin = await loginAs(page, ADMIN);
      const name = unique(`E2E Mail ${lang} `);
      const now = Date.now();
      const created = await call(page.request, admin.token, 'POST', '/tournaments', {
        name,
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 1,
        start_registration: new Date(now - HOUR).toISOString(),
        start_checkin: new Date(now + 2 * DAY).toISOString(),
        end_checkin: new Date(now + 2 * DAY + HOUR).toISOString(),
        start_tournament: new Date(now + 2 * DAY + 2 * HOUR).toISOString(),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      // one slot: Giulia takes it, Alex waits
      expect((await register(page.request, id, await authenticate(page.request, GIULIA))).state).toBe('member');
      expect((await register(page.request, id, await authenticate(page.request, ALEX))).state).toBe('waitlist');

      await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#players`));
      const waiting = page.getByTestId('tournament-waitlist-row');
      await expect(waiting).toHaveCount(1);
      await expect(waiting).toContainText('#1');
      await expect(waiting).toContainText('alex');

      await page.getByTestId('tournament-tab-email').click();
      const tag = unique('');
      await page.getByTestId('broadcast-subject-it').fill(`Aggiornamento ${tag}`);
      await page.getByTestId('broadcast-body-it').fill('Ci vediamo alla finale.');
      await page.getByTestId('broadcast-subject-en').fill(`Update ${tag}`);
      await page.getByTestId('broadcast-body-en').fill('See you at the final.');
      await page.getByTestId('broadcast-includeWaitlist').check();
      await page.getByTestId('broadcast-submit').click();
      await expect(page.getByTestId('broadcast-confirm-dialog')).toContainText('2');
      await page.getByTestId('broadcast-confirm-dialog-confirm').click();
      await expect(toast(page)).toContainText('2');
      await expect(page.getByTestId('broadcast-subject-it')).toHaveValue('');

      // the newest mail to each player is this one (an earlier test may have written others)
      await expect.poll(() => latestMailTo('giulia@demo.arena')).toContain(`Subject: Aggiornamento ${tag}`);
      await expect.poll(() => latestMailTo('alex@demo.arena')).toContain(`Subject: Update ${tag}`);
      await call(page.request, admin.token, 'DELETE', `/tournaments/${id}`);
    });
  });
}
