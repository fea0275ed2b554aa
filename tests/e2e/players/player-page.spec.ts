import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  authenticate,
  ADMIN,
  GIULIA,
  goto,
  loginAs,
  localeTexts,
  minutes,
  registrationOpenSchedule,
  storeSession,
  unique,
} from '../helpers.ts';

// A player's public page (the demo's giulia), its 404, the Settings switch that hides it, and the
// player's rank, points and check-in on the /my-tournaments cards; in both languages, phone and desktop.
const PASSWORD = 'player-page-secret-2026';
const prefix = (lang: 'it' | 'en') => (lang === 'en' ? '/en' : '');

for (const lang of ['it', 'en'] as const) {
  for (const width of [390, 1280]) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });
      const texts = localeTexts(lang, 'players');

      test('the player page shows name, faction, badges and history linking to each tournament', async ({ page }) => {
        const res = await page.goto(`${prefix(lang)}/player/giulia`);
        expect(res?.status()).toBe(200);
        await expect(page.getByTestId('player-name')).toHaveText('giulia');
        await expect(page).toHaveTitle(new RegExp(texts.meta.title.replace('{name}', 'giulia')));
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical).toMatch(new RegExp(`${prefix(lang)}/player/giulia$`));
        await expect(page.getByTestId('player-faction')).toContainText(texts.page.faction);
        const api = await (await page.request.get('/api/players/giulia')).json();
        const history = api.data.history;
        // the demo has giulia play tournaments: the page lists them
        expect(history.total).toBeGreaterThan(0);
        const entries = page.getByTestId('history-entry');
        await expect(entries).toHaveCount(history.data.length);
        const first = history.data[0];
        const link = entries.first().getByRole('link');
        await expect(link).toHaveText(lang === 'en' && first.name.en ? first.name.en : first.name.it);
        await expect(link).toHaveAttribute('href', `${prefix(lang)}/tournament/${first.tournamentId}`);
        await expect(entries.first().getByTestId('history-matches')).toHaveText(String(first.matchesPlayed));
        // each game by the name the tournament pages give it, not its stored code
        const games = localeTexts(lang, 'tournaments').games as Record<string, string>;
        for (const [i, e] of (history.data as { game: string }[]).entries())
          await expect(entries.nth(i).getByTestId('history-game')).toHaveText(games[e.game] ?? e.game);
        for (const badge of api.data.badges)
          await expect(page.getByTestId('player-badges')).toContainText(
            lang === 'en' && badge.name.en ? badge.name.en : badge.name.it,
          );
        expect(await seriousViolations(page)).toEqual([]);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/tournament/${first.tournamentId}$`));
      });

      test('an unknown player is a 404 page', async ({ page }) => {
        const res = await page.goto(`${prefix(lang)}/player/${unique('nobody')}`);
        expect(res?.status()).toBe(404);
        await expect(page.getByTestId('player-error')).toContainText(texts.page.notFound);
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('/my-tournaments shows check-in, rank and points on each card', async ({ page }) => {
        const session = await loginAs(page, GIULIA);
        await goto(page, `${prefix(lang)}/my-tournaments`);
        const cards = page.getByTestId('tournament-card');
        await expect(cards.first()).toBeVisible();
        const ids = await page
          .locator('[data-tournament-id]')
          .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tournamentId!));
        const mine = await page.request.get(`/api/players/me/tournaments?ids=${ids.join(',')}`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        const standings = (await mine.json()).data as { tournamentId: string; member: boolean; checkedIn: boolean }[];
        expect(standings.length).toBe(ids.length);
        for (const s of standings) {
          const card = page.locator(`[data-tournament-id="${s.tournamentId}"]`);
          const checkIn = s.member
            ? s.checkedIn
              ? texts.mine.checkedIn
              : texts.mine.notCheckedIn
            : texts.mine.waitlist.split('(')[0].trim();
          await expect(card.getByTestId('my-card-checkin')).toContainText(checkIn);
          await expect(card.getByTestId('my-card-rank')).toBeVisible();
          await expect(card.getByTestId('my-card-points')).toBeVisible();
        }
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }

  test(`the history says "check-in open" for a tournament whose check-in is open, "upcoming" before (${lang})`, async ({
    page,
  }) => {
    const texts = localeTexts(lang, 'players');
    const admin = await authenticate(page.request, ADMIN);
    const headers = { authorization: `Bearer ${admin.token}` };
    const username = unique('ci');
    const email = `${username}@example.com`;
    const created = await page.request.post('/api/users/pp', {
      data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language: lang },
    });
    expect(created.status()).toBe(201);
    const userId = (await created.json()).data.user.id as string;
    const tournament = async (name: string) => {
      const res = await page.request.post('/api/tournaments', {
        headers,
        data: {
          name: unique(name),
          game: 'Fortnite',
          console: ['PC'],
          maxPartecipants: 10,
          ...registrationOpenSchedule(),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const id = (await res.json()).data.id as string;
      const joined = await page.request.post(`/api/tournaments/${id}/register?userID=${userId}`, {
        headers,
        data: { gameAccounts: [{ userId, gameAccount: { username, id: '', game: 'Fortnite', console: 'PC' } }] },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      return id;
    };
    const later = await tournament('E2E Later ');
    const soon = await tournament('E2E Check-in ');
    // check-in opened half an hour ago, the start is in an hour
    const schedule = {
      start_registration: minutes(-120),
      end_registration: minutes(-30),
      start_checkin: minutes(-30),
      end_checkin: minutes(45),
      start_tournament: minutes(60),
      end_tournament: minutes(180),
    };
    const moved = await page.request.put(`/api/tournaments/${soon}`, { headers, data: schedule });
    expect(moved.status(), await moved.text()).toBe(200);

    await goto(page, `${prefix(lang)}/player/${username}`);
    const phase = (id: string) =>
      page.locator(`[data-testid="history-entry"][data-id="${id}"]`).getByTestId('history-phase');
    await expect(phase(soon)).toHaveText(`· ${texts.history.checkinOpen}`);
    await expect(phase(soon)).toHaveAttribute('data-phase', 'checkinOpen');
    await expect(phase(later)).toHaveText(`· ${texts.history.upcoming}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`a solo standings table links each player to their page (${lang})`, async ({ page }) => {
    const list = await (await page.request.get('/api/tournaments?showAllTournament=true&limit=100')).json();
    const played = (list.data as { id: string; finalized: boolean; format: string; teamSize: number | null }[]).find(
      (t) => t.finalized && t.format === 'battle_royale' && (t.teamSize ?? 1) === 1,
    );
    expect(played, 'the demo has a finalised solo battle royale').toBeTruthy();
    await goto(page, `${prefix(lang)}/tournament/${played!.id}/standings`);
    const name = page.getByTestId('standings-name').first();
    const username = (await name.textContent())!.trim();
    await expect(name).toHaveAttribute('href', `${prefix(lang)}/player/${encodeURIComponent(username)}`);
    await name.click();
    await expect(page.getByTestId('player-name')).toHaveText(username);
    await expect(page.getByTestId('history-entry').filter({ hasText: /./ }).first()).toBeVisible();
  });

  test(`a solo bracket's sides link each player to their page (${lang})`, async ({ page }) => {
    const list = await (await page.request.get('/api/tournaments?showAllTournament=true&limit=100')).json();
    const solo = (list.data as { id: string; format: string; teamSize: number | null }[]).filter(
      (t) => t.format === 'single_elimination' && (t.teamSize ?? 1) === 1,
    );
    // the first of them whose bracket is drawn (a tournament still open has none yet)
    let knockout: { id: string } | undefined;
    for (const t of solo) {
      const bracket = await (await page.request.get(`/api/tournaments/${t.id}/bracket`)).json();
      if (bracket.data?.generatedAt) {
        knockout = t;
        break;
      }
    }
    expect(knockout, 'the demo has a drawn solo single-elimination bracket').toBeTruthy();
    await goto(page, `${prefix(lang)}/tournament/${knockout!.id}/bracket`);
    const side = page.locator('a[data-side-name]').first();
    const username = (await side.textContent())!.trim();
    await expect(side).toHaveAttribute('href', `${prefix(lang)}/player/${encodeURIComponent(username)}`);
    await side.click();
    await expect(page.getByTestId('player-name')).toHaveText(username);
  });

  test(`settings: "public profile page" hides the page from others and shows it again (${lang})`, async ({ page }) => {
    const texts = localeTexts(lang, 'accounts').settings;
    const username = unique('pub');
    const email = `${username}@example.com`;
    const created = await page.request.post('/api/users/pp', {
      data: { username, email, password: PASSWORD, nickname: username, gender: 'female', language: lang },
    });
    expect(created.status()).toBe(201);
    await loginAs(page, { email, password: PASSWORD });
    expect((await page.request.get(`/player/${username}`)).status()).toBe(200);
    await goto(page, `${prefix(lang)}/settings`);
    const toggle = page.getByRole('checkbox', { name: texts.fields.publicProfile });
    await expect(toggle).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await toggle.uncheck();
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: texts.fields.publicProfile })).not.toBeChecked();
    // anonymous: the page is gone at once (the micro-cache is emptied by the save)
    expect((await page.request.get(`${prefix(lang)}/player/${username}`)).status()).toBe(404);
    expect((await page.request.get(`/api/players/${username}`)).status()).toBe(404);
    // the player themselves, on their hidden page: the same 404, with a note saying why and the way to Settings
    const players = localeTexts(lang, 'players');
    const res = await page.goto(`${prefix(lang)}/player/${username}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('player-error')).toContainText(players.page.notFound);
    const note = page.getByTestId('own-hidden-page');
    await expect(note).toBeVisible();
    await expect(note).toContainText(players.hidden.title);
    await expect(note).toContainText(players.hidden.text.replace('{setting}', texts.fields.publicProfile));
    expect(await seriousViolations(page)).toEqual([]);
    // another signed-in player, and a visitor, see the plain 404
    const other = await authenticate(page.request, GIULIA);
    await storeSession(page, other, null);
    const asked = page.waitForResponse((r) => r.url().includes(`/api/players/${username}`));
    await page.reload();
    expect((await asked).status()).toBe(404);
    await expect(page.getByTestId('player-error')).toBeVisible();
    await expect(note).toBeHidden();
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByTestId('player-error')).toBeVisible();
    await expect(note).toBeHidden();
    await loginAs(page, { email, password: PASSWORD }, null);
    await page.reload();
    await note.getByTestId('own-hidden-page-settings').click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/settings$`));

    await page.getByRole('checkbox', { name: texts.fields.publicProfile }).check();
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();
    expect((await page.request.get(`${prefix(lang)}/player/${username}`)).status()).toBe(200);
    const again = await authenticate(page.request, { email, password: PASSWORD });
    expect(again.user.username).toBe(username);
  });
}
