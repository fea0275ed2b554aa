import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { seriousViolations } from '../axe.ts';
import {
  ADMIN,
  decodeQuotedPrintable,
  fillText,
  goto,
  keepShot,
  latestMailTo,
  localeTexts,
  loginAs,
  minutes,
  registrationOpenSchedule,
  unique,
} from '../helpers.ts';

/**
 * A duo tournament from its players' side, in both languages: the captain registers the team from
 * the join dialog (on a phone), the partner reads the invitation on the tournament page and accepts
 * (on a desktop), both check in, and the page shows the team checked in.
 */

type Lang = 'it' | 'en';
const at = (lang: Lang, path: string) => (lang === 'it' ? path : `/en${path}`);

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/users/authenticate', { data: ADMIN });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

type Who = { id: string; token: string };

/** A player signed up and logged in through the API, with a saved Valorant account when asked. */
async function apiPlayer(request: APIRequestContext, lang: Lang, prefix: string, account?: string) {
  const username = unique(prefix);
  const email = `${username}@example.com`;
  const password = 'team-pass-2026';
  const signup = await request.post('/api/users/pp', {
    data: { username, email, password, nickname: `N${username}`, gender: 'female', language: lang },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  let login = await request.post('/api/users/authenticate', { data: { email, password } });
  let { user, token } = (await login.json()).data;
  if (account) {
    const saved = await request.put(`/api/users/pp/${user.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { gameAccounts: [{ username: account, id: account, game: 'Valorant', console: 'PC' }] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    login = await request.post('/api/users/authenticate', { data: { email, password } });
    ({ user, token } = (await login.json()).data);
  }
  return { id: user.id as string, username, email, user, token: token as string };
}

/** A player signed up through the API, with a saved Valorant account when asked, logged in in this page. */
async function player(page: Page, lang: Lang, prefix: string, account?: string) {
  const { user, token, ...who } = await apiPlayer(page.request, lang, prefix, account);
  await page.goto(at(lang, '/privacy-policy'));
  await page.evaluate(
    ([u, t]) => {
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('token', t);
    },
    [user, token] as const,
  );
  return { ...who, token };
}

/** A duo (or `teamSize`) Valorant tournament open for registration, check-in a day away. */
async function duoTournament(
  request: APIRequestContext,
  token: string,
  name: string,
  maxPartecipants: number,
  teamSize = 2,
) {
  const created = await request.post('/api/tournaments', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: unique(name),
      game: 'Valorant',
      console: ['PC'],
      teamSize,
      maxPartecipants,
      ...registrationOpenSchedule(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.id as string;
}

async function openTournament(page: Page, lang: Lang, id: string) {
  await goto(page, at(lang, `/tournament/${id}`));
  await expect(page.getByTestId('tournament-action')).not.toHaveAttribute('data-action', 'loading');
}

/** Checks in from the banner; the first check-in's badge, when the server pays one, is closed. */
async function checkIn(page: Page) {
  await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkIn');
  await page.getByTestId('tournament-action').click();
  await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'checkOut');
  const badge = page.getByTestId('badge-earned-ok');
  if (await badge.isVisible().catch(() => false)) await badge.click();
}

for (const lang of ['it', 'en'] as const) {
  test(`a captain registers a duo, the partner accepts, both check in (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const texts = localeTexts(lang, 'tournaments');
    const token = await adminToken(page.request);
    const id = await duoTournament(page.request, token, `Duo ${lang} `, 8);

    const partnerContext = await browser.newContext({
      locale: lang === 'it' ? 'it-IT' : 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    const partnerPage = await partnerContext.newPage();
    const partner = await player(partnerPage, lang, `pt${lang}`, 'PartnerAim');

    // the captain, on a phone, registers the team from the join dialog
    await page.setViewportSize({ width: 390, height: 844 });
    const captain = await player(page, lang, `cp${lang}`);
    await openTournament(page, lang, id);
    await expect(page.getByTestId('entry-teams')).toContainText(texts.teams.none);
    await page.getByTestId('tournament-action').click();
    const dialog = page.getByTestId('join-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('join-team')).toContainText(fillText(texts.join.teamLegend, { size: 2 }));
    // a duo has one teammate: the field is not numbered
    await expect(page.locator('label[for="join-teammate-0"]')).toHaveText(texts.join.teammateOnly);
    // signing up alone (for the organiser to place) hides the team's fields
    await page.getByTestId('join-alone').check();
    await expect(page.getByTestId('join-team')).toHaveCount(0);
    await page.getByTestId('join-alone').uncheck();
    await page.getByTestId('join-new-username').fill('CaptainAim');
    await page.getByTestId('join-new-platform').selectOption('PC');
    await expect(page.getByTestId('join-submit')).toBeDisabled();
    // a disabled Join says why, down to the teammate's in-game name nobody marks as required
    await expect(page.getByTestId('join-incomplete')).toHaveText(texts.join.incomplete);
    await expect(page.getByTestId('join-submit')).toHaveAccessibleDescription(texts.join.incomplete);
    await page.getByTestId('join-team-name').fill('Night Owls');
    // a captain who names themself as the teammate is told a player is named twice (nothing about factions)
    await page.getByTestId('join-teammate-0').fill(captain.username);
    await page.getByTestId('join-teammate-game-0').fill('PartnerAim');
    await page.getByTestId('join-submit').click();
    await expect(page.getByTestId('join-error')).toHaveText(
      lang === 'it' ? 'Lo stesso giocatore è indicato più di una volta.' : 'The same player is named more than once.',
    );
    // the refusal leaves the focus on Join, for the next try
    await expect(page.getByTestId('join-submit')).toBeFocused();
    await page.getByTestId('join-teammate-0').fill(partner.username);
    await page.getByTestId('join-teammate-game-0').fill('');
    await expect(page.getByTestId('join-incomplete')).toBeVisible();
    await page.getByTestId('join-teammate-game-0').fill('PartnerAim');
    await expect(page.getByTestId('join-submit')).toBeEnabled();
    await expect(page.getByTestId('join-incomplete')).toBeHidden();
    await page.getByTestId('join-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(texts.action.teamRegistered)).toBeVisible();
    const team = page.getByTestId('entry-team');
    await expect(team.getByTestId('entry-team-name')).toHaveText('Night Owls');
    await expect(team.getByTestId('entry-team-state')).toHaveText(texts.teams.pending);
    // the captain's team takes the seat once whole: no join of their own is offered meanwhile
    await expect(page.getByTestId('tournament-action')).toHaveAttribute('data-action', 'teamPending');
    await expect(page.getByTestId('tournament-action')).toHaveText(texts.action.teamPending);
    await expect(page.getByTestId('tournament-action')).toBeDisabled();
    await expect(team.getByTestId('entry-team-member').nth(1)).toContainText(
      `${partner.username} — ${texts.teams.memberInvited}`,
    );

    // the partner got the invitation by mail in their language, and answers on the page
    const mail = decodeQuotedPrintable(await latestMailTo(partner.email));
    expect(mail).toContain('Night Owls');
    // My tournaments lists the invitation, with the way to the tournament's page
    await goto(partnerPage, at(lang, '/my-tournaments'));
    const openTeam = partnerPage.getByTestId('open-team');
    await expect(openTeam).toContainText(fillText(texts.mine.openInvited, { team: 'Night Owls' }));
    await openTeam.getByRole('link').click();
    await expect(partnerPage).toHaveURL((u) => u.pathname === at(lang, `/tournament/${id}`));
    await expect(partnerPage.getByTestId('tournament-action')).not.toHaveAttribute('data-action', 'loading');
    const invite = partnerPage.getByTestId('entry-team-invite');
    await expect(invite).toContainText(fillText(texts.teams.invited, { team: 'Night Owls' }));
    expect(await seriousViolations(partnerPage)).toEqual([]);
    if (lang === 'it') await partnerPage.getByTestId('entry-team-accept').click();
    else {
      // the join dialog shows the invitation too, and accepts it
      await partnerPage.getByTestId('tournament-action').click();
      await expect(partnerPage.getByTestId('join-invitation')).toContainText('Night Owls');
      await partnerPage.getByTestId('join-invitation-accept').click();
    }
    await expect(partnerPage.getByTestId('entry-team-state')).toHaveText(texts.teams.complete);
    await expect(partnerPage.getByTestId('entry-team-invite')).toBeHidden();
    // the whole team takes one slot of the eight
    await expect(partnerPage.getByTestId('tournament-players')).toHaveText('1 / 8');

    // check-in opens: each checks in, then the team is checked in
    const opened = await page.request.put(`/api/tournaments/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        start_registration: minutes(-180),
        end_registration: minutes(-5),
        start_checkin: minutes(-5),
        end_checkin: minutes(60),
        start_tournament: minutes(75),
        end_tournament: minutes(240),
      },
    });
    expect(opened.ok()).toBe(true);
    await openTournament(page, lang, id);
    await checkIn(page);
    // the captain's own check-in is not yet the team's
    await expect(page.getByTestId('tournament-standing')).toHaveText(texts.action.confirmedInTeam);
    await goto(page, at(lang, `/tournament/${id}`));
    await expect(page.getByTestId('entry-team-state')).toHaveText(texts.teams.complete);
    await openTournament(partnerPage, lang, id);
    await checkIn(partnerPage);
    // the list of teams follows the check-in without a reload
    await expect(partnerPage.getByTestId('entry-team-state')).toHaveText(texts.teams.checkedIn);
    await expect(partnerPage.getByTestId('entry-team-member')).toHaveText([
      new RegExp(`— ${texts.teams.memberCheckedIn}`),
      new RegExp(`${partner.username} — ${texts.teams.memberCheckedIn}`),
    ]);
    await goto(page, at(lang, `/tournament/${id}`));
    await expect(page.getByTestId('entry-team-state')).toHaveText(texts.teams.checkedIn);
    expect(await seriousViolations(page)).toEqual([]);

    // the organiser's roster shows the team, and the form offers the check-in minimum of a team tournament
    const dashboard = localeTexts(lang, 'dashboard').tournaments;
    await partnerPage.setViewportSize({ width: 1280, height: 900 });
    await loginAs(partnerPage, ADMIN, at(lang, '/privacy-policy'));
    await goto(partnerPage, at(lang, `/dashboard/tournaments/edit?id=${id}#players`));
    const rosterTeam = partnerPage.getByTestId('roster-entry-team');
    await expect(rosterTeam).toContainText('Night Owls');
    await expect(rosterTeam).toContainText(dashboard.roster.teamCheckedIn);
    // the header counts the duo as the one seat it takes, as the limit does
    await expect(partnerPage.getByTestId('tournament-editor-players')).toHaveText(
      fillText(dashboard.detail.playersSummary, { members: 1, max: 8, waitlist: 0 }),
    );
    await goto(partnerPage, at(lang, `/dashboard/tournaments/edit?id=${id}`));
    await expect(partnerPage.getByLabel(dashboard.form.teamCheckinMinimum)).toBeVisible();
    await partnerContext.close();
  });
}

/**
 * The captain registers a duo with a new partner, who accepts: all through the API. The partner plays as `p` followed
 * by the team's name ("pKites"); the partner is answered.
 */
async function wholeDuo(request: APIRequestContext, lang: Lang, id: string, name: string, captain: Who) {
  const partner = await apiPlayer(request, lang, `wp${lang}`);
  const account = (tag: string) => ({ username: tag, id: tag, game: 'Valorant', console: 'PC' });
  const res = await request.post(`/api/tournaments/${id}/register?userID=${captain.id}`, {
    headers: { authorization: `Bearer ${captain.token}` },
    data: {
      teamName: name,
      gameAccounts: [
        { userId: captain.id, gameAccount: account(`c${name}`) },
        { userId: partner.id, gameAccount: account(`p${name}`) },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const teamId = (await res.json()).data.team.id as string;
  const accepted = await request.post(`/api/tournaments/${id}/entry-teams/${teamId}/accept`, {
    headers: { authorization: `Bearer ${partner.token}` },
    data: {},
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return partner;
}

for (const lang of ['it', 'en'] as const) {
  test(`an earlier team fills in its name, the teammate and their in-game name (${lang})`, async ({ page }) => {
    const texts = localeTexts(lang, 'tournaments').join;
    const token = await adminToken(page.request);
    const captain = await player(page, lang, `ec${lang}`, 'CaptainAim');
    const partner = await wholeDuo(
      page.request,
      lang,
      await duoTournament(page.request, token, 'Old duo ', 8),
      'Kites',
      captain,
    );
    const id = await duoTournament(page.request, token, `Again ${lang} `, 8);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await openTournament(page, lang, id);
      await page.getByTestId('tournament-action').click();
      await expect(page.getByTestId('join-dialog')).toBeVisible();
      // a duo has one teammate: the field is not numbered
      await expect(page.locator('label[for="join-teammate-0"]')).toHaveText(texts.teammateOnly);
      await expect(page.getByTestId('join-teammate-game-0')).toHaveValue('');
      await page
        .getByTestId('join-past-team')
        .selectOption({ label: `Kites (${captain.username}, ${partner.username})` });
      await expect(page.getByTestId('join-team-name')).toHaveValue('Kites');
      await expect(page.getByTestId('join-teammate-0')).toHaveValue(partner.username);
      await expect(page.getByTestId('join-teammate-game-0')).toHaveValue('pKites');
      await keepShot(page.getByTestId('join-team'), {
        path: test.info().outputPath(`past-team-${lang}-${size.width}.png`),
      });
      await page.getByTestId('join-cancel').click();
      await expect(page.getByTestId('join-dialog')).toHaveCount(0);
    }
    await page.getByTestId('tournament-action').click();
    await page.getByTestId('join-saved-account').selectOption({ index: 1 });
    await page.getByTestId('join-past-team').selectOption({ index: 1 });
    await page.getByTestId('join-submit').click();
    await expect(page.getByTestId('entry-team-name')).toHaveText('Kites');

    // a trio's two teammates are told apart by their number
    await openTournament(page, lang, await duoTournament(page.request, token, `Trio ${lang} `, 8, 3));
    await page.getByTestId('tournament-action').click();
    await expect(page.locator('label[for="join-teammate-0"]')).toHaveText(fillText(texts.teammate, { n: 1 }));
    await expect(page.locator('label[for="join-teammate-1"]')).toHaveText(fillText(texts.teammate, { n: 2 }));
    await keepShot(page.getByTestId('join-team'), { path: test.info().outputPath(`trio-teammates-${lang}.png`) });
  });
}

for (const lang of ['it', 'en'] as const) {
  test(`a team made whole in a full field waits on the waitlist, then takes the slot (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const texts = localeTexts(lang, 'tournaments');
    const dashboard = localeTexts(lang, 'dashboard').tournaments;
    const token = await adminToken(page.request);
    const id = await duoTournament(page.request, token, `Full duo ${lang} `, 1);
    await wholeDuo(page.request, lang, id, 'Seated', await apiPlayer(page.request, lang, `sc${lang}`));

    // the waiting team's captain, on a phone
    await page.setViewportSize({ width: 390, height: 844 });
    const captain = await player(page, lang, `lc${lang}`);
    await wholeDuo(page.request, lang, id, 'Late', captain);
    await openTournament(page, lang, id);
    const lateTeam = page.getByTestId('entry-team').filter({ hasText: 'Late' });
    await expect(lateTeam.getByTestId('entry-team-state')).toHaveText(fillText(texts.teams.waiting, { position: 1 }));
    await expect(page.getByTestId('tournament-players')).toHaveText('1 / 1');
    expect(await seriousViolations(page)).toEqual([]);
    await keepShot(page, { path: test.info().outputPath(`team-waiting-${lang}.png`), fullPage: true });

    // the organiser sees it waiting, and a second seat takes it in whole
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, ADMIN, at(lang, '/privacy-policy'));
    await goto(page, at(lang, `/dashboard/tournaments/edit?id=${id}#players`));
    await expect(page.getByTestId('roster-entry-team').filter({ hasText: 'Late' })).toContainText(
      fillText(dashboard.roster.teamWaiting, { position: 1 }),
    );
    // the waitlist names the team its captain waits for
    await expect(page.getByText(fillText(dashboard.roster.waitingTeam, { team: 'Late' }))).toBeVisible();
    await keepShot(page, { path: test.info().outputPath(`roster-waiting-${lang}.png`), fullPage: true });
    // disqualifying the captain would disband the team: the dialog says so before anything is done
    await page
      .locator(`[data-testid="tournament-waitlist-row"][data-user-id="${captain.id}"]`)
      .getByTestId('roster-disqualify')
      .click();
    const dialog = page.getByTestId('roster-reason-dialog');
    await expect(dialog).toContainText(fillText(dashboard.roster.waitingTeamDisbanded, { team: 'Late' }));
    await keepShot(page, { path: test.info().outputPath(`roster-disqualify-captain-${lang}.png`) });
    await page.getByTestId('roster-reason-cancel').click();
    await expect(dialog).toBeHidden();
    const bigger = await page.request.put(`/api/tournaments/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { maxPartecipants: 2 },
    });
    expect(bigger.ok(), await bigger.text()).toBe(true);
    await openTournament(page, lang, id);
    await expect(lateTeam.getByTestId('entry-team-state')).toHaveText(texts.teams.complete);
    await expect(page.getByTestId('tournament-players')).toHaveText('2 / 2');
  });
}

for (const lang of ['it', 'en'] as const) {
  test(`a captain whose teammate declined invites another from the page (${lang})`, async ({ page }) => {
    const texts = localeTexts(lang, 'tournaments').teams;
    const token = await adminToken(page.request);
    const id = await duoTournament(page.request, token, `Short duo ${lang} `, 8);
    const captain = await player(page, lang, `ic${lang}`);
    const declining = await apiPlayer(page.request, lang, `id${lang}`);
    const replacement = await apiPlayer(page.request, lang, `ir${lang}`);
    const account = (tag: string) => ({ username: tag, id: tag, game: 'Valorant', console: 'PC' });
    const registered = await page.request.post(`/api/tournaments/${id}/register?userID=${captain.id}`, {
      headers: { authorization: `Bearer ${captain.token}` },
      data: {
        teamName: 'Short',
        gameAccounts: [
          { userId: captain.id, gameAccount: account('cShort') },
          { userId: declining.id, gameAccount: account('dShort') },
        ],
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const teamId = (await registered.json()).data.team.id as string;
    const declined = await page.request.post(`/api/tournaments/${id}/entry-teams/${teamId}/decline`, {
      headers: { authorization: `Bearer ${declining.token}` },
      data: {},
    });
    expect(declined.status(), await declined.text()).toBe(200);

    // on a phone, the captain's team is one player short: the form to invite another shows, for the captain only
    await page.setViewportSize({ width: 390, height: 844 });
    await openTournament(page, lang, id);
    const form = page.locator('[data-invite-form]');
    await expect(form).toBeVisible();
    await expect(form).toContainText(texts.inviteTitle);
    const result = page.getByTestId('entry-team-invite-result');
    await page.getByTestId('entry-team-invite-submit').click();
    await expect(result).toHaveText(texts.inviteMissing);
    await page.getByTestId('entry-team-invite-username').fill(`nobody${Date.now()}`);
    await page.getByTestId('entry-team-invite-game').fill('Ghost');
    await page.getByTestId('entry-team-invite-submit').click();
    await expect(result).toHaveText(texts.inviteUnknown);
    // a player disqualified from the tournament may not enter it again: the form says so
    const banned = await apiPlayer(page.request, lang, `ib${lang}`);
    const joined = await page.request.post(`/api/tournaments/${id}/register?userID=${banned.id}`, {
      headers: { authorization: `Bearer ${banned.token}` },
      data: { gameAccounts: [{ userId: banned.id, gameAccount: account('bShort') }] },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const disqualified = await page.request.post(`/api/tournaments/${id}/registrations/${banned.id}/disqualify`, {
      headers: { authorization: `Bearer ${token}` },
      data: { reason: 'Cheating' },
    });
    expect(disqualified.status(), await disqualified.text()).toBe(200);
    await page.getByTestId('entry-team-invite-username').fill(banned.username);
    await page.getByTestId('entry-team-invite-submit').click();
    await expect(result).toHaveText(texts.inviteDisqualified);
    await keepShot(page.getByTestId('entry-teams'), {
      path: test.info().outputPath(`invite-disqualified-${lang}-390.png`),
    });
    await page.getByTestId('entry-team-invite-username').fill(replacement.username);
    await page.getByTestId('entry-team-invite-game').fill('Stand-in');
    await page.getByTestId('entry-team-invite-submit').click();
    await expect(result).toHaveText(fillText(texts.inviteDone, { name: replacement.username }));
    // the list shows the new teammate invited, and the team no longer short hides the form
    await expect(page.getByTestId('entry-team-member').nth(1)).toContainText(
      `${replacement.username} — ${texts.memberInvited}`,
    );
    await expect(form).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await keepShot(page, { path: test.info().outputPath(`team-invited-${lang}-390.png`), fullPage: true });
    // the replacement is mailed the invitation, in their language
    expect(decodeQuotedPrintable(await latestMailTo(replacement.email))).toContain('Short');

    // the replacement declines too: the team is short again, and the form is back for the captain
    const again = await page.request.post(`/api/tournaments/${id}/entry-teams/${teamId}/decline`, {
      headers: { authorization: `Bearer ${replacement.token}` },
      data: {},
    });
    expect(again.status(), await again.text()).toBe(200);
    await openTournament(page, lang, id);
    await expect(form).toBeVisible();
    await expect(page.getByTestId('entry-team-leave')).toBeVisible();
    // a third player is invited and has not answered when registration closes
    const late = await apiPlayer(page.request, lang, `il${lang}`);
    const invited = await page.request.post(`/api/tournaments/${id}/entry-teams/${teamId}/invite`, {
      headers: { authorization: `Bearer ${captain.token}` },
      data: { userId: late.id, gameAccount: account('lShort') },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    // registration closes: the server would refuse an invitation, so the panel lists the team and offers none
    const closed = await page.request.put(`/api/tournaments/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { end_registration: minutes(-1) },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    await openTournament(page, lang, id);
    await expect(page.getByTestId('entry-team-member').first()).toContainText(captain.username);
    await expect(page.getByTestId('entry-team-state')).toHaveText(texts.incomplete);
    // the invitation can no longer be accepted, and the list says so
    await expect(page.getByTestId('entry-team-member').nth(1)).toHaveText(`${late.username} — ${texts.memberLapsed}`);
    await expect(form).toBeHidden();
    await expect(page.getByTestId('entry-team-leave')).toBeHidden();
    await keepShot(page, { path: test.info().outputPath(`team-closed-${lang}-390.png`), fullPage: true });
  });
}

for (const lang of ['it', 'en'] as const) {
  test(`leaving a team asks first; Escape or "stay" keeps the player in it (${lang})`, async ({ page }) => {
    const texts = localeTexts(lang, 'tournaments').teams;
    const token = await adminToken(page.request);
    const id = await duoTournament(page.request, token, `Leave duo ${lang} `, 8);
    const captain = await apiPlayer(page.request, lang, `lc${lang}`);
    const member = await player(page, lang, `lm${lang}`);
    const account = (tag: string) => ({ username: tag, id: tag, game: 'Valorant', console: 'PC' });
    const registered = await page.request.post(`/api/tournaments/${id}/register?userID=${captain.id}`, {
      headers: { authorization: `Bearer ${captain.token}` },
      data: {
        teamName: 'Leavers',
        gameAccounts: [
          { userId: captain.id, gameAccount: account('cLeave') },
          { userId: member.id, gameAccount: account('mLeave') },
        ],
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const teamId = (await registered.json()).data.team.id as string;
    const accepted = await page.request.post(`/api/tournaments/${id}/entry-teams/${teamId}/accept`, {
      headers: { authorization: `Bearer ${member.token}` },
      data: {},
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await openTournament(page, lang, id);
    const leave = page.getByTestId('entry-team-leave');
    const dialog = page.getByTestId('entry-team-leave-dialog');
    const leaves: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/register') && leaves.push(r.url()));
    // Escape, then "stay": nothing is sent, the player is still in the team
    await leave.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(texts.leaveTitle);
    await expect(dialog).toContainText(texts.leaveMessage);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await leave.click();
    await page.getByTestId('entry-team-leave-cancel').click();
    await expect(dialog).toBeHidden();
    expect(leaves).toEqual([]);
    await expect(leave).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // confirmed, the player leaves: the team lists the captain alone
    await leave.click();
    await page.getByTestId('entry-team-leave-confirm').click();
    await expect(page.getByTestId('entry-team-member')).toHaveCount(1);
    await expect(leave).toBeHidden();
    expect(leaves).toHaveLength(1);
  });
}
