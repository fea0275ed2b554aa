import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDate, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';
import { expect, test } from '../fixtures.ts';
import { goto, hydrated, keepShot, localeTexts, minutes, unique } from '../helpers.ts';

/**
 * Tournaments from a visitor's and a player's side, in both languages. Every tournament a test
 * uses is created here through the admin API with a schedule relative to now, and moved between
 * phases the same way, so nothing depends on the demo seed's timing.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : path === '/' ? '/en/' : `/en${path}`);

/**
 * Pages /tournaments with "load more" until `card` is in the list, or nothing is left to load. Each click
 * waits for its page to arrive: a click sent while a page loads waits for the button, and the last page
 * hides it, so that click would wait until the test times out.
 */
async function loadUntil(page: Page, card: Locator) {
  const list = page.getByTestId('tournament-grid-list');
  const more = page.getByTestId('tournament-grid-more');
  while (!(await card.count()) && (await more.isVisible())) {
    await more.click();
    await expect(list).not.toHaveAttribute('aria-busy', 'true');
  }
}
const text = {
  it: {
    wrongPassword: 'Password del torneo errata.',
    showAll: 'Mostra tutti',
    showTop: 'Mostra 10',
    joined: 'Iscrizione completata!',
    badgeTitle: 'Hai sbloccato un badge!',
    // the seeded badges' names, in the page's language
    firstTournament: 'Primo torneo',
    profileComplete: 'Profilo completo',
    faction: 'Fazione scelta',
    checkedIn: 'Presente!',
    tooYoung:
      'Il campionato è aperto ai giocatori dai 16 anni in su: aggiungi o correggi la data di nascita in Impostazioni.',
  },
  en: {
    wrongPassword: 'Wrong tournament password.',
    showAll: 'Show all',
    showTop: 'Show 10',
    joined: 'You are in!',
    badgeTitle: 'You unlocked a badge!',
    firstTournament: 'First tournament',
    profileComplete: 'Profile complete',
    faction: 'Faction picked',
    checkedIn: 'Checked in!',
    tooYoung: 'Only players aged 16 or older can join the championship: add or fix your birth date in Settings.',
  },
} as const;

/** A schedule whose registration is open now. */
const registrationOpen = () => {
  // registration closes as check-in opens: one instant, as two reads of the clock can be a millisecond apart
  const checkin = minutes(24 * 60);
  return {
    start_registration: minutes(-60),
    end_registration: checkin,
    start_checkin: checkin,
    end_checkin: minutes(24 * 60 + 45),
    start_tournament: minutes(24 * 60 + 60),
    end_tournament: minutes(24 * 60 + 240),
  };
};
/** A schedule whose check-in window is open now. */
const checkInOpen = () => ({
  start_registration: minutes(-180),
  end_registration: minutes(-5),
  start_checkin: minutes(-5),
  end_checkin: minutes(60),
  start_tournament: minutes(75),
  end_tournament: minutes(240),
});

let adminToken: string | null = null;
/** One admin login for the whole file: the login route is rate limited. */
async function admin(request: APIRequestContext): Promise<string> {
  if (adminToken) return adminToken;
  const res = await request.post('/api/users/authenticate', {
    data: { email: 'admin@demo.arena', password: 'demo-admin-2026' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  adminToken = (await res.json()).data.token as string;
  return adminToken;
}

async function createTournament(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post('/api/tournaments', {
    headers: { authorization: `Bearer ${await admin(request)}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; name: string };
}

async function updateTournament(request: APIRequestContext, id: string, body: Record<string, unknown>) {
  const res = await request.put(`/api/tournaments/${id}`, {
    headers: { authorization: `Bearer ${await admin(request)}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function championshipId(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/tournaments/competitions');
  const list = (await res.json()).data as { id: string; url: string }[];
  const found = list.find((c) => c.url === '/arena-bomber-championship');
  expect(found, 'the seeded championship').toBeTruthy();
  return found!.id;
}

/**
 * A fresh player, signed up through the API and logged in in this page (as the login form does);
 * an adult unless `birthDate` says otherwise (the championship takes players of 16 or older).
 */
async function newPlayer(page: Page, lang: Lang, prefix: string, birthDate: string | null = '2000-05-17') {
  const username = unique(prefix);
  const password = 'tournament-pass-1';
  const signup = await page.request.post('/api/users/pp', {
    data: {
      username,
      email: `${username}@example.com`,
      password,
      nickname: `Nick${username}`,
      gender: 'female',
      language: lang,
      ...(birthDate ? { birth_date: birthDate } : {}),
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await page.request.post('/api/users/authenticate', {
    data: { email: `${username}@example.com`, password },
  });
  expect(login.ok()).toBe(true);
  const { user, token } = (await login.json()).data;
  await page.goto(at(lang, '/privacy-policy'));
  await page.evaluate(
    ([u, t]) => {
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('token', t);
    },
    [user, token] as const,
  );
  return { user: user as { id: string; username: string; nickname: string }, token: token as string };
}

async function me(page: Page, token: string) {
  const res = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as {
    discordId: string;
    epicId: string;
    gameAccounts: { username: string; id: string; game: string; console: string }[];
  };
}

/**
 * The badge-earned modal the server's answer asked for (`earnedBadges`): its title in the page's
 * language, the badge's name, then closed with OK.
 */
async function acknowledgeBadge(page: Page, lang: Lang, name: string) {
  const modal = page.getByTestId('badge-earned-modal');
  await expect(modal).toBeVisible();
  await expect(modal.locator('#badge-earned-title')).toHaveText(text[lang].badgeTitle);
  await expect(modal.getByTestId('badge-earned-name')).toHaveText(name);
  await modal.getByTestId('badge-earned-ok').click();
}

/** Opens the detail page and waits until the action button knows the visitor's standing. */
async function openTournament(page: Page, lang: Lang, id: string) {
  await goto(page, at(lang, `/tournament/${id}`));
  await expect(page.getByTestId('tournament-action')).not.toHaveAttribute('data-action', 'loading');
}

// Each test makes its own tournaments and players, so none needs another's: spread over the workers (each has
// its own server), a file this long does not keep one worker busy at the end while the others have finished.
test.describe.configure({ mode: 'parallel' });

for (const lang of ['it', 'en'] as const) {
  test.describe(`tournaments in ${lang}`, () => {
    test.use({ locale: lang === 'it' ? 'it-IT' : 'en-US', timezoneId: 'Europe/Rome' });

    test(`an anonymous visitor sees the tournament and is sent to login from the button (${lang})`, async ({
      page,
      request,
    }) => {
      const name = unique(`Open Valorant ${lang} `);
      const schedule = registrationOpen();
      const t = await createTournament(request, {
        name,
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 16,
        teamSize: 5,
        // figures left at 0 that the schedule's check-in dates (60 and 15 minutes before the start) overrule
        check_in: 0,
        check_in_end: 0,
        description: '<p>Five against five, <strong>best of three</strong>.</p><script>window.hacked = true</script>',
        rules: '<ul><li>No smurfs</li></ul>',
        ...schedule,
      });

      await openTournament(page, lang, t.id);
      // the on-demand page carries the tournament in its title and Open Graph tags
      await expect(page).toHaveTitle(new RegExp(`^${name}`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^${name}`));
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        'Five against five, best of three.',
      );
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        lang === 'it' ? 'it_IT' : 'en_US',
      );
      await expect(page.getByTestId('tournament-name')).toHaveText(name);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'registration');
      await expect(page.getByTestId('tournament-private')).toHaveCount(0);
      await expect(page.getByTestId('tournament-countdown')).toHaveAttribute('data-kind', 'checkinOpens');
      await expect(page.getByTestId('tournament-team-size')).toHaveText('5vs5');
      // Valorant is played as a bracket unless the admin chose otherwise
      await expect(page.getByTestId('tournament-format')).toHaveText(
        lang === 'it' ? 'Eliminazione diretta' : 'Single elimination',
      );
      await expect(page.getByTestId('tournament-players')).toHaveText('0 / 16');
      await expect(page.getByTestId('tournament-checkin-start')).toContainText('60');
      await expect(page.getByTestId('tournament-checkin-end')).toContainText('15');
      // description and rules are rendered as (sanitised) HTML
      await expect(page.getByTestId('tournament-panel-description').locator('strong')).toHaveText('best of three');
      expect(await page.evaluate(() => (window as any).hacked)).toBeUndefined();
      await page.getByTestId('tournament-tab-rules').click();
      await expect(page.getByTestId('tournament-panel-rules').getByRole('listitem')).toHaveText('No smurfs');
      await expect(page.getByTestId('tournament-calendar')).toHaveAttribute(
        'href',
        `/api/tournaments/${t.id}/calendar.ics?lang=${lang}`,
      );

      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'signup');
      await page.getByTestId('tournament-action').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, '/login'));

      // "go to tournament" is offered only when the tournament has an external page: here neither
      // its own address nor the TOURNAMENT_IFRAME_URL template (unset on this server)
      await goto(page, at(lang, `/tournament/${t.id}`));
      await expect(page.getByTestId('tournament-action')).not.toHaveAttribute('data-action', 'loading');
      await expect(page.getByTestId('tournament-go')).toHaveCount(0);
      // registration set to close after check-in opens: it closes as check-in opens, and the page says so
      const lateClose = new Date(Date.parse(schedule.start_checkin) + 30 * 60_000).toISOString();
      await updateTournament(request, t.id, {
        externalUrl: `https://brackets.example.test/cup/${t.id}`,
        end_registration: lateClose,
      });
      // a reload: the page is kept by the browser for a few seconds (cache-control), a reload revalidates
      await page.reload();
      await hydrated(page);
      const closes = page.getByTestId('tournament-schedule-registrationCloses').locator('time');
      await expect(closes).toHaveAttribute('datetime', schedule.start_checkin);
      const go = page.getByTestId('tournament-go');
      await expect(go).toHaveAttribute('href', `https://brackets.example.test/cup/${t.id}`);
      await expect(go).toHaveAttribute('target', '_blank');
      await expect(go).toHaveText(lang === 'it' ? 'Vai al torneo' : 'Go to tournament');
      await updateTournament(request, t.id, { externalUrl: '' });
      // the embedded page opened by hand still says so when no address is configured
      await goto(page, at(lang, `/tournament/${t.id}/iframe`));
      await expect(page.getByTestId('tournament-iframe-missing')).toBeVisible();
      await page.getByTestId('tournament-iframe-back').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, `/tournament/${t.id}`));

      // an id that cannot exist, and one that does not
      const invalid = await page.goto(at(lang, '/tournament/not%20an%20id'));
      expect(invalid?.status()).toBe(404);
      await expect(page.getByTestId('tournament-error')).toHaveAttribute('data-kind', 'invalid');
      const missing = await page.goto(at(lang, '/tournament/00000000-0000-0000-0000-000000000000'));
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('tournament-error')).toHaveAttribute('data-kind', 'notFound');
    });

    test(`"add to calendar" is offered only until the tournament ends (${lang})`, async ({ page, request }) => {
      const ended = await createTournament(request, {
        name: unique(`Ended cup ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 16,
        start_registration: minutes(-600),
        end_registration: minutes(-300),
        start_tournament: minutes(-240),
        end_tournament: minutes(-60),
      });
      await openTournament(page, lang, ended.id);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'complete');
      await expect(page.getByTestId('tournament-calendar')).toBeHidden();

      // one ending in a few minutes: the link is there, then goes while the page stays open (the page's clock
      // is Playwright's, moved on past the end instead of waited for)
      const ending = await createTournament(request, {
        name: unique(`Ending cup ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 16,
        start_registration: minutes(-600),
        end_registration: minutes(-300),
        start_tournament: minutes(-60),
        end_tournament: minutes(3),
      });
      await page.clock.install();
      await openTournament(page, lang, ending.id);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'ongoing');
      const calendar = page.getByTestId('tournament-calendar');
      await expect(calendar).toBeVisible();
      await expect(calendar).toHaveText(lang === 'it' ? 'Aggiungi al calendario' : 'Add to calendar');
      // the event is in the page's language: its name and the link back to this page
      await expect(calendar).toHaveAttribute('href', `/api/tournaments/${ending.id}/calendar.ics?lang=${lang}`);
      await page.clock.runFor('04:00');
      await expect(calendar).toBeHidden();
    });

    test(`the tournament lists link to the tournament pages (${lang})`, async ({ page, request }) => {
      const t = await createTournament(request, {
        name: unique(`Listed ${lang} `),
        game: 'Warzone',
        console: ['PC', 'PS5'],
        maxPartecipants: 40,
        ...registrationOpen(),
      });

      await goto(page, at(lang, '/'));
      const home = page.getByTestId('home-tournament-grid-list');
      await expect(home.getByTestId('tournament-card').first()).toBeVisible();
      expect(await home.getByTestId('tournament-card').count()).toBeLessThanOrEqual(4);
      await expect(page.getByTestId('home-tournaments-more')).toHaveAttribute('href', at(lang, '/tournaments'));

      await goto(page, at(lang, '/tournaments'));
      const list = page.getByTestId('tournament-grid-list');
      await expect(list.getByTestId('tournament-card').first()).toBeVisible();
      // every tournament is reachable, paging with "load more" when needed
      const card = list.locator(`[data-tournament-id="${t.id}"]`);
      await loadUntil(page, card);
      await expect(card.getByTestId('tournament-card-phase')).toHaveAttribute('data-phase', 'registration');
      await expect(card.getByTestId('tournament-card-players')).toHaveText('0/40');
      await expect(card).toContainText('PC, PS5');
      await card.getByRole('link').click();
      await expect(page).toHaveURL((u) => u.pathname === at(lang, `/tournament/${t.id}`));

      // the championship among the competitions; my tournaments asks a visitor to log in
      await goto(page, at(lang, '/competitions'));
      await expect(page.getByTestId('competition-card').first().getByRole('link')).toHaveAttribute(
        'href',
        at(lang, '/arena-bomber-championship'),
      );
      await goto(page, at(lang, '/my-tournaments'));
      await expect(page.getByTestId('my-tournaments-login-link')).toHaveAttribute('href', at(lang, '/login'));
    });

    test(`a card title keeps what tells a series' tournaments apart in view, at 390 and 1280 (${lang})`, async ({
      page,
      request,
    }) => {
      const series = unique(`Bomber Championship Series ${lang} `);
      const made = [];
      for (const n of [1, 2])
        made.push(
          await createTournament(request, {
            name: `${series} · Qualifier ${n}`,
            game: 'Fortnite',
            console: ['PC'],
            maxPartecipants: 100,
            ...registrationOpen(),
          }),
        );
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await goto(page, at(lang, '/tournaments'));
        const list = page.getByTestId('tournament-grid-list');
        await expect(list.getByTestId('tournament-card').first()).toBeVisible();
        for (const [i, t] of made.entries()) {
          const card = list.locator(`[data-tournament-id="${t.id}"]`);
          await loadUntil(page, card);
          const title = card.getByTestId('tournament-card-name');
          await expect(title).toHaveText(`${series} · Qualifier ${i + 1}`);
          await expect(title).toHaveAttribute('title', `${series} · Qualifier ${i + 1}`);
          const tail = title.locator('[data-name-tail]');
          await expect(tail).toBeVisible();
          await expect(tail).toHaveText(`Qualifier ${i + 1}`);
          // the distinguishing part is whole, and the title takes two lines at most
          const box = await title.evaluate((h) => {
            const t = h.querySelector<HTMLElement>('[data-name-tail]')!;
            return {
              cut: t.scrollWidth > t.clientWidth,
              lines: Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)),
            };
          });
          expect(box).toEqual({ cut: false, lines: 2 });
        }
      }
    });

    test(`the championship page shows the playoffs and the finals from the competition's dates (${lang})`, async ({
      page,
      request,
    }) => {
      // asked in the page's language, as the page asks: the flat city is the one in that language
      const answer = await request.get('/api/tournaments/competitions', { headers: { 'accept-language': lang } });
      const list = (await answer.json()).data as {
        url: string;
        playoffsAt: string;
        finalsAt: string;
        finalsCity: string;
      }[];
      const championship = list.find((c) => c.url === '/arena-bomber-championship')!;
      expect(championship.finalsCity).toBe(lang === 'it' ? 'Milano' : 'Milan');
      // the demo seeds them after its qualifiers, as an admin would set them
      const day = (iso: string) => formatDate(iso, lang, { timeZone: SITE_TIME_ZONE });
      await goto(page, at(lang, '/arena-bomber-championship'));
      await expect(page.getByTestId('championship-step-playoffs-when')).toHaveText(day(championship.playoffsAt));
      await expect(page.getByTestId('championship-step-finals-when')).toHaveText(
        `${day(championship.finalsAt)} · ${championship.finalsCity}`,
      );
      expect(Date.parse(championship.playoffsAt)).toBeGreaterThan(Date.now());
    });

    // the championship is a Fortnite tournament
    test(`a player joins a championship, picks a faction, checks in, checks out and leaves (${lang})`, async ({
      page,
      request,
    }) => {
      const competitionId = await championshipId(request);
      const name = unique(`Cup ${lang} `);
      const t = await createTournament(request, {
        name,
        game: 'Fortnite',
        console: ['PC', 'PS5'],
        maxPartecipants: 50,
        competitionId,
        ...registrationOpen(),
      });
      const { user, token } = await newPlayer(page, lang, `f${lang}`);

      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
      await page.getByTestId('tournament-action').click();
      const dialog = page.getByTestId('join-dialog');
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId('join-community-link')).toHaveAttribute('href', /^https:\/\//);
      await expect(page.getByTestId('join-settings-link')).toHaveAttribute('href', at(lang, '/settings'));
      // the help icon shows where to find the value
      await page.getByTestId('join-epic-id-help').click();
      await expect(page.getByTestId('join-help-image')).toBeVisible();
      await page.getByTestId('join-help-close').click();
      await expect(page.getByTestId('join-help')).toHaveCount(0);
      // join waits for both values
      await expect(page.getByTestId('join-submit')).toBeDisabled();
      await page.getByTestId('join-discord-id').fill('  discord_player  ');
      await expect(page.getByTestId('join-submit')).toBeDisabled();
      await page.getByTestId('join-epic-id').fill(' EpicPlayer ');
      await expect(page.getByTestId('join-submit')).toBeEnabled();
      await page.getByTestId('join-submit').click();

      // joined: the dialog closes and the faction choice opens
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(text[lang].joined)).toBeVisible();
      const team = page.getByTestId('team-dialog');
      await expect(team).toBeVisible();
      await expect(page.getByTestId('team-confirm')).toBeDisabled();
      await page.getByTestId('team-option-speed').click();
      await page.getByTestId('team-confirm').click();
      await expect(team).toHaveCount(0);
      // the server paid the seeded badges of the join and of the faction: the page shows them in turn
      await acknowledgeBadge(page, lang, text[lang].firstTournament);
      await acknowledgeBadge(page, lang, text[lang].faction);
      await expect(page.getByTestId('badge-earned-modal')).toBeHidden();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
      await expect(page.getByTestId('tournament-standing')).toBeVisible();
      await expect(page.getByTestId('tournament-players')).toHaveText('1 / 50');
      // the profile got the trimmed values first
      expect(await me(page, token)).toMatchObject({ discordId: 'discord_player', epicId: 'EpicPlayer' });

      // the player is on the Speed faction's leaderboard (beyond the top ten, after "show all")
      await goto(page, at(lang, '/arena-bomber-championship'));
      const speed = page.getByTestId('faction-speed');
      await expect(speed.getByTestId('faction-row').first()).toBeVisible();
      const toggle = page.getByTestId('faction-speed-toggle');
      if (await toggle.isVisible()) {
        await expect(toggle).toHaveText(text[lang].showAll);
        await toggle.click();
        await expect(toggle).toHaveText(text[lang].showTop);
      }
      const row = speed.locator(`[data-player-id="${user.id}"]`);
      await expect(row.getByTestId('faction-row-name')).toHaveText(user.nickname);
      await expect(row.getByTestId('faction-row-score')).toHaveText('0');
      await expect(page.getByTestId('faction-precision').locator(`[data-player-id="${user.id}"]`)).toHaveCount(0);
      await expect(
        page.getByTestId('championship-tournaments-list').locator(`[data-tournament-id="${t.id}"]`),
      ).toBeVisible();

      // check-in opens: check in with the real account, then check out after confirming
      await updateTournament(request, t.id, checkInOpen());
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'checkinOpen');
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkIn');
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkOut');
      await acknowledgeBadge(page, lang, text[lang].checkedIn);
      // the button kept the focus while the check-in ran, so the badge's dialog hands it back there
      await expect(page.getByTestId('tournament-action')).toBeFocused();
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('tournament-confirm')).toBeVisible();
      await page.getByTestId('tournament-confirm-cancel').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkOut');
      // each closed dialog hands the focus back to the button that opened it, whichever way it closed
      await expect(page.getByTestId('tournament-action')).toBeFocused();
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('tournament-confirm-confirm').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkIn');
      await expect(page.getByTestId('tournament-confirm')).not.toBeVisible();
      await expect(page.getByTestId('tournament-action')).toBeFocused();

      // registration open again: leave after confirming
      await updateTournament(request, t.id, registrationOpen());
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('tournament-confirm-confirm').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
      await expect(page.getByTestId('tournament-action')).toBeFocused();
      await expect(page.getByTestId('tournament-players')).toHaveText('0 / 50');
      await expect(page.getByTestId('tournament-standing')).toHaveCount(0);
    });

    test(`game ids that complete the profile in the join dialog show its badge, then the join's (${lang})`, async ({
      page,
      request,
    }) => {
      const t = await createTournament(request, {
        name: unique(`Profile cup ${lang} `),
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 10,
        ...registrationOpen(),
      });
      const { user, token } = await newPlayer(page, lang, `pj${lang}`);
      // the address is already there: the ids the dialog saves are all the profile misses
      const address = await page.request.put(`/api/users/pp/${user.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          street_name: 'Via Roma 1',
          zip_code: '20121',
          city: 'Milano',
          country: 'Italy',
          phone_number: '+39 333 123 4567',
        },
      });
      expect(address.status(), await address.text()).toBe(200);
      expect((await address.json()).earnedBadges).toBeUndefined();

      await openTournament(page, lang, t.id);
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('join-discord-id').fill('profile_player');
      await page.getByTestId('join-epic-id').fill('ProfileEpic');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await acknowledgeBadge(page, lang, text[lang].profileComplete);
      await acknowledgeBadge(page, lang, text[lang].firstTournament);
      await expect(page.getByTestId('badge-earned-modal')).toBeHidden();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
    });

    test(`the Fortnite join dialog starts from the Fortnite account saved in Settings (${lang})`, async ({
      page,
      request,
    }) => {
      const t = await createTournament(request, {
        name: unique(`Saved epic ${lang} `),
        game: 'Fortnite',
        console: ['PC', 'PS5'],
        maxPartecipants: 50,
        ...registrationOpen(),
      });
      const { user, token } = await newPlayer(page, lang, `se${lang}`);
      const saved = { username: `Nick${lang}`, id: `epic-${user.id.slice(0, 8)}`, game: 'Fortnite', console: 'PS5' };
      const put = await page.request.put(`/api/users/pp/${user.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { discordId: 'saved_discord', gameAccounts: [saved] },
      });
      expect(put.ok(), await put.text()).toBe(true);

      await openTournament(page, lang, t.id);
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('join-dialog')).toBeVisible();
      await expect(page.getByTestId('join-epic-id')).toHaveValue(saved.id);
      await expect(page.getByTestId('join-discord-id')).toHaveValue('saved_discord');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await acknowledgeBadge(page, lang, text[lang].firstTournament);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
      // the saved account went along as it is, on its platform, and its Epic ID is now the profile's
      const roster = await request.get(`/api/tournaments/${t.id}/registrations`, {
        headers: { authorization: `Bearer ${await admin(request)}` },
      });
      expect((await roster.json()).data.members).toEqual([
        expect.objectContaining({ userId: user.id, gameAccount: saved }),
      ]);
      expect(await me(page, token)).toMatchObject({ epicId: saved.id });
    });

    test(`a player joins a private tournament of another game with a new game account and password (${lang})`, async ({
      page,
      request,
    }) => {
      const name = unique(`Private FC ${lang} `);
      const t = await createTournament(request, {
        name,
        game: 'EAFC25',
        console: ['PS5', 'XBOX'],
        open: false,
        password: 'locker-room-7',
        maxPartecipants: 8,
        ...registrationOpen(),
      });
      const { token } = await newPlayer(page, lang, `p${lang}`);

      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-private')).toBeVisible();
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('join-dialog')).toBeVisible();
      await expect(page.getByTestId('join-no-accounts')).toBeVisible();
      await expect(page.getByTestId('join-submit')).toBeDisabled();
      await page.getByTestId('join-new-username').fill('FcStriker');
      await page.getByTestId('join-new-id').fill('EA-998877');
      // only the tournament's platforms are offered
      await expect(page.getByTestId('join-new-platform').locator('option')).toHaveCount(3);
      await page.getByTestId('join-new-platform').selectOption('PS5');
      await expect(page.getByTestId('join-submit')).toBeEnabled();

      // a wrong password: the translated error, and the dialog stays open
      await page.getByTestId('join-password').fill('not-the-password');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-error')).toHaveText(text[lang].wrongPassword);
      await expect(page.getByTestId('join-dialog')).toBeVisible();
      // and the refused join kept nothing on the profile
      expect((await me(page, token)).gameAccounts).toEqual([]);

      await page.getByTestId('join-password').fill('locker-room-7');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await expect(page.getByTestId('team-dialog')).toHaveCount(0); // not a championship tournament
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
      await expect(page.getByTestId('tournament-players')).toHaveText('1 / 8');
      // the new account was kept on the profile
      expect((await me(page, token)).gameAccounts).toEqual([
        { username: 'FcStriker', id: 'EA-998877', game: 'EAFC25', console: 'PS5' },
      ]);

      // and the tournament is among the player's own
      await goto(page, at(lang, '/my-tournaments'));
      await expect(page.getByTestId('my-tournaments-list').locator(`[data-tournament-id="${t.id}"]`)).toBeVisible();
      await hydrated(page);
    });

    test(`a player without a birth date is told why the championship refuses them (${lang})`, async ({
      page,
      request,
    }) => {
      const competitionId = await championshipId(request);
      const t = await createTournament(request, {
        name: unique(`Young ${lang} `),
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 10,
        competitionId,
        ...registrationOpen(),
      });
      await newPlayer(page, lang, `y${lang}`, null);
      await openTournament(page, lang, t.id);
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('join-discord-id').fill('young_player');
      await page.getByTestId('join-epic-id').fill('YoungEpic');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-error')).toHaveText(text[lang].tooYoung);
      await expect(page.getByTestId('join-dialog')).toBeVisible();
      await page.getByTestId('join-cancel').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'join');
    });

    test(`a member who pressed "later" picks the faction afterwards from the tournament page (${lang})`, async ({
      page,
      request,
    }) => {
      const competitionId = await championshipId(request);
      const t = await createTournament(request, {
        name: unique(`Later ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 50,
        competitionId,
        ...registrationOpen(),
      });
      const { user, token } = await newPlayer(page, lang, `l${lang}`);
      const joined = await request.post(`/api/tournaments/${t.id}/register?userID=${user.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          gameAccounts: [
            { userId: user.id, gameAccount: { username: 'LaterPlayer', id: '', game: 'Valorant', console: 'PC' } },
          ],
        },
      });
      expect(joined.ok(), await joined.text()).toBe(true);

      await openTournament(page, lang, t.id);
      const pick = page.getByTestId('tournament-pick-team');
      await expect(pick).toHaveText(lang === 'it' ? 'Scegli la tua fazione' : 'Pick your faction');
      // "later" again only closes the dialog: the choice stays on offer
      await pick.click();
      await page.getByTestId('team-later').click();
      await expect(page.getByTestId('team-dialog')).toHaveCount(0);
      // the button is hidden while its dialog is open: the focus comes back to it once it shows again
      await expect(pick).toBeFocused();
      await pick.click();
      await page.getByTestId('team-option-precision').click();
      await page.getByTestId('team-confirm').click();
      await expect(page.getByTestId('team-dialog')).toHaveCount(0);
      await expect(pick).toHaveCount(0);
      // the faction is chosen and its button gone: the focus goes to the tournament's own button, where the
      // faction's badge hands it back
      await acknowledgeBadge(page, lang, text[lang].faction);
      await expect(page.getByTestId('tournament-action')).toBeFocused();
      await page.reload();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leave');
      await expect(pick).toHaveCount(0);
      const teams = (await (await request.get(`/api/tournaments/competitions/${competitionId}`)).json()).data.teams as {
        name: string;
        players: { playerId: string }[];
      }[];
      expect(teams.find((team) => team.name === 'precision')!.players.map((p) => p.playerId)).toContain(user.id);
    });

    // a player in no tournament is not asked
    test(`a member without a faction picks it on the championship page (${lang})`, async ({ page, request }) => {
      const competitionId = await championshipId(request);
      const t = await createTournament(request, {
        name: unique(`LaterChamp ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 50,
        competitionId,
        ...registrationOpen(),
      });
      // a logged-in player who joined nothing sees the leaderboard only
      await newPlayer(page, lang, `n${lang}`);
      await goto(page, at(lang, '/arena-bomber-championship'));
      await expect(page.getByTestId('faction-precision')).toBeVisible();
      await expect(page.getByTestId('faction-pick')).toBeHidden();

      const { user, token } = await newPlayer(page, lang, `c${lang}`);
      const joined = await request.post(`/api/tournaments/${t.id}/register?userID=${user.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          gameAccounts: [
            { userId: user.id, gameAccount: { username: 'ChampLater', id: '', game: 'Valorant', console: 'PC' } },
          ],
        },
      });
      expect(joined.ok(), await joined.text()).toBe(true);
      await goto(page, at(lang, '/arena-bomber-championship'));
      const form = page.getByTestId('faction-pick');
      await expect(form).toBeVisible();
      await expect(form.getByRole('group')).toContainText(
        lang === 'it' ? 'Scegli la tua fazione' : 'Pick your faction',
      );
      await expect(page.getByTestId('faction-pick-confirm')).toBeDisabled();
      await page.getByTestId('faction-pick-speed').click();
      await page.getByTestId('faction-pick-confirm').click();
      await expect(page.getByTestId('faction-picked')).toHaveText(
        lang === 'it' ? 'Sei nella Fazione Speed!' : 'You joined Faction Speed!',
      );
      await expect(form).toBeHidden();
      const teams = (await (await request.get(`/api/tournaments/competitions/${competitionId}`)).json()).data.teams as {
        name: string;
        players: { playerId: string }[];
      }[];
      expect(teams.find((team) => team.name === 'speed')!.players.map((p) => p.playerId)).toContain(user.id);
      await page.reload();
      await expect(page.getByTestId('faction-precision')).toBeVisible();
      await expect(form).toBeHidden();
    });

    test(`a captain whose duo still waits for its partner is offered the faction on both pages (${lang})`, async ({
      page,
      request,
    }) => {
      const competitionId = await championshipId(request);
      const t = await createTournament(request, {
        name: unique(`DuoChamp ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        teamSize: 2,
        maxPartecipants: 50,
        competitionId,
        ...registrationOpen(),
      });
      // the partner is invited and never answers; the captain registers the team from the join dialog (on a phone)
      if (lang === 'it') await page.setViewportSize({ width: 390, height: 844 });
      const { user: partner } = await newPlayer(page, lang, `dp${lang}`);
      const { user } = await newPlayer(page, lang, `dc${lang}`);
      await openTournament(page, lang, t.id);
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('join-new-username').fill('DuoCaptain');
      await page.getByTestId('join-new-platform').selectOption('PC');
      await page.getByTestId('join-team-name').fill(unique('Hawks'));
      await page.getByTestId('join-teammate-0').fill(partner.username);
      await page.getByTestId('join-teammate-game-0').fill('DuoPartner');
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'teamPending');
      // the team waits, yet the captain takes part: the choice opens, and "later" leaves it on offer
      await expect(page.getByTestId('team-dialog')).toBeVisible();
      await page.getByTestId('team-later').click();
      await expect(page.getByTestId('team-dialog')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('tournament-pick-team')).toBeVisible();
      await keepShot(page, { path: `test-results/shots/duo-faction-tournament-${lang}.png` });

      await goto(page, at(lang, '/arena-bomber-championship'));
      await page.getByTestId('faction-pick-speed').click();
      await keepShot(page.getByTestId('faction-pick'), {
        path: `test-results/shots/duo-faction-championship-${lang}.png`,
      });
      await page.getByTestId('faction-pick-confirm').click();
      await expect(page.getByTestId('faction-picked')).toHaveText(
        lang === 'it' ? 'Sei nella Fazione Speed!' : 'You joined Faction Speed!',
      );
      const teams = (await (await request.get(`/api/tournaments/competitions/${competitionId}`)).json()).data.teams as {
        name: string;
        players: { playerId: string }[];
      }[];
      expect(teams.find((team) => team.name === 'speed')!.players.map((p) => p.playerId)).toContain(user.id);
    });

    test(`a player who joins a full tournament waits on the waitlist and can leave it (${lang})`, async ({
      page,
      request,
    }) => {
      const t = await createTournament(request, {
        name: unique(`Full ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 1,
        ...registrationOpen(),
      });
      // someone else takes the only slot
      const first = unique(`w${lang}`);
      expect(
        (
          await request.post('/api/users/pp', {
            data: {
              username: first,
              email: `${first}@example.com`,
              password: 'tournament-pass-1',
              nickname: first,
              gender: 'male',
              language: lang,
            },
          })
        ).status(),
      ).toBe(201);
      const login = await request.post('/api/users/authenticate', {
        data: { email: `${first}@example.com`, password: 'tournament-pass-1' },
      });
      const { user: other, token: otherToken } = (await login.json()).data;
      const taken = await request.post(`/api/tournaments/${t.id}/register?userID=${other.id}`, {
        headers: { authorization: `Bearer ${otherToken}` },
        data: {
          gameAccounts: [
            { userId: other.id, gameAccount: { username: 'First', id: '', game: 'Valorant', console: 'PC' } },
          ],
        },
      });
      expect(taken.ok(), await taken.text()).toBe(true);

      // full: the badge and the button say so before the player joins
      const ns = localeTexts(lang, 'tournaments');
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-badge', 'full');
      await expect(page.getByTestId('tournament-phase')).toHaveText(ns.phase.full);

      await newPlayer(page, lang, `q${lang}`);
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-players')).toHaveText('1 / 1');
      await expect(page.getByTestId('tournament-phase')).toHaveText(ns.phase.full);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'joinWaitlist');
      await expect(page.getByTestId('tournament-action')).toHaveText(ns.action.joinWaitlist);
      await page.getByTestId('tournament-action').click();
      await page.getByTestId('join-new-username').fill('Second');
      // the dialog's button says where the sign-up goes
      await expect(page.getByTestId('join-submit')).toHaveText(ns.join.submitWaitlist);
      await page.getByTestId('join-submit').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'leaveWaitlist');
      await expect(page.getByTestId('tournament-standing')).toContainText('1');
      await expect(page.getByTestId('tournament-waitlist')).toBeVisible();

      await page.getByTestId('tournament-action').click();
      await page.getByTestId('tournament-confirm-confirm').click();
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'joinWaitlist');
      await expect(page.getByTestId('tournament-waitlist')).toBeHidden();

      // the list's card says it too
      await goto(page, at(lang, '/tournaments'));
      const list = page.getByTestId('tournament-grid-list');
      await expect(list.getByTestId('tournament-card').first()).toBeVisible();
      const card = list.locator(`[data-tournament-id="${t.id}"]`);
      await loadUntil(page, card);
      await expect(card.getByTestId('tournament-card-phase')).toHaveText(ns.phase.full);
    });

    test(`after "registration closes" the page says so to everyone, and the server refuses the join (${lang})`, async ({
      page,
      request,
    }) => {
      const ns = localeTexts(lang, 'tournaments');
      const t = await createTournament(request, {
        name: unique(`Closed ${lang} `),
        game: 'Valorant',
        console: ['PC'],
        maxPartecipants: 8,
        start_registration: minutes(-120),
        end_registration: minutes(-10),
        start_checkin: minutes(60),
        end_checkin: minutes(90),
        start_tournament: minutes(120),
        end_tournament: minutes(240),
      });
      // a visitor without a session: no sign-up offer, the phase's own label
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'registrationClosed');
      await expect(page.getByTestId('tournament-phase')).toHaveText(ns.phase.registrationClosed);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'closed');
      await expect(page.getByTestId('tournament-action')).toHaveText(ns.action.closed);
      await expect(page.getByTestId('tournament-action')).toBeDisabled();
      await expect(page.getByText(ns.action.signupHint)).toHaveCount(0);
      await expect(page.getByTestId('tournament-countdown')).toHaveAttribute('data-kind', 'checkinOpens');

      // a player reads the same, and the server keeps the rule
      const player = await newPlayer(page, lang, `c${lang}`);
      await openTournament(page, lang, t.id);
      await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'closed');
      const joined = await page.request.post(`/api/tournaments/${t.id}/register?userID=${player.user.id}`, {
        headers: { authorization: `Bearer ${player.token}` },
        data: {
          gameAccounts: [
            { userId: player.user.id, gameAccount: { username: 'Late', id: '', game: 'Valorant', console: 'PC' } },
          ],
        },
      });
      expect(joined.status()).toBe(409);
      expect((await joined.json()).error.code).toBe('REGISTRATION_CLOSED');
    });
  });
}
