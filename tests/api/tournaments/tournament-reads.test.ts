import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { phaseOf } from '../../../src/features/tournaments/rules.ts';
import { tournamentSchema } from '../../../src/features/tournaments/contract.ts';
import { getForViewer } from '../../../src/features/tournaments/server/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, quickPlayers, scheduleFor, type Person } from '../helpers/tournaments.ts';

/** Public reads: the list (filters, order, paging, `me`, caching), the detail, the .ics file, competitions. */
let t: TestApp;
let admin: Person;
let competitionId: string;
const ids: Record<string, string> = {};
const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  const c = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Championship', game: 'Fortnite', url: '/arena-bomber-championship' },
  });
  competitionId = c.json.data.id;
  // created in an order unrelated to the expected list order
  ids.endedOld = await createTournament(t, admin.token, 'complete', {
    name: 'ended old',
    start_registration: at(-30 * 24 * HOUR),
    start_checkin: null,
    end_checkin: null,
    start_tournament: at(-20 * 24 * HOUR),
    end_tournament: at(-19 * 24 * HOUR),
  });
  ids.later = await createTournament(t, admin.token, 'registration', {
    name: 'later',
    start_tournament: at(48 * HOUR),
    end_tournament: at(50 * HOUR),
  });
  ids.unscheduled = await createTournament(t, admin.token, 'registration', {
    name: 'unscheduled',
    start_registration: null,
    start_checkin: null,
    end_checkin: null,
    start_tournament: null,
    end_tournament: null,
  });
  ids.soon = await createTournament(t, admin.token, 'registration', { name: 'soon', competitionId });
  ids.endedNew = await createTournament(t, admin.token, 'complete', { name: 'ended new' });
  ids.ongoing = await createTournament(t, admin.token, 'ongoing', { name: 'ongoing', competitionId });
  // schedule says upcoming, the admin says ended: it sorts with the ended ones
  ids.forcedEnded = await createTournament(t, admin.token, 'registration', {
    name: 'forced ended',
    status: 2,
    start_tournament: at(24 * HOUR),
    end_tournament: at(26 * HOUR),
  });
});
afterAll(() => t?.close());

const names = (res: { json: any }) => res.json.data.map((x: { name: string }) => x.name);

describe('GET /api/tournaments', () => {
  test('lists not-ended tournaments by start (unscheduled last), then ended ones newest first', async () => {
    const res = await t.call('GET', '/api/tournaments');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['ongoing', 'soon', 'later', 'unscheduled', 'forced ended', 'ended new', 'ended old']);
    expect(res.json.total).toBe(7);
    for (const item of res.json.data) expect(tournamentSchema.safeParse(item).success).toBe(true);
  });

  test('pages with limit and offset; total counts every match', async () => {
    const page = await t.call('GET', '/api/tournaments?limit=2&offset=2');
    expect(names(page)).toEqual(['later', 'unscheduled']);
    expect(page.json.total).toBe(7);
    expect((await t.call('GET', '/api/tournaments?limit=100&offset=50')).json).toEqual({
      status: 'SUCCESS',
      data: [],
      total: 7,
    });
  });

  test.each([
    'limit=0',
    'limit=101',
    'limit=abc',
    'offset=-1',
    'limit=1.5',
    'showAllTournament=yes',
    'competitionId=bad%20id',
    'members=%00',
  ])('%s is 400 VALIDATION_ERROR', async (q) => {
    const res = await t.call('GET', `/api/tournaments?${q}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
  });

  test("competitionId keeps that competition's tournaments", async () => {
    const res = await t.call('GET', `/api/tournaments?competitionId=${competitionId}`);
    expect(names(res)).toEqual(['ongoing', 'soon']);
    expect(res.json.total).toBe(2);
    expect((await t.call('GET', '/api/tournaments?competitionId=unknown')).json.total).toBe(0);
  });

  test('showAllTournament=false leaves out ended ones', async () => {
    const res = await t.call('GET', '/api/tournaments?showAllTournament=false');
    expect(names(res)).toEqual(['ongoing', 'soon', 'later', 'unscheduled']);
    expect((await t.call('GET', '/api/tournaments?showAllTournament=true')).json.total).toBe(7);
  });

  test('the status and phase of each item follow the schedule unless overridden', async () => {
    const res = await t.call('GET', '/api/tournaments');
    const byName = Object.fromEntries(res.json.data.map((x: any) => [x.name, x]));
    expect(byName['ongoing']).toMatchObject({ status: 1, statusOverride: null });
    expect(byName['soon']).toMatchObject({ status: 0, statusOverride: null });
    expect(byName['ended new']).toMatchObject({ status: 2, statusOverride: null });
    expect(byName['forced ended']).toMatchObject({ status: 2, statusOverride: 2 });
    expect(phaseOf(byName['soon'])).toBe('registration');
    expect(phaseOf(byName['forced ended'])).toBe('complete');
  });

  test("members= lists one player's tournaments, waitlisted ones included, with their standing", async () => {
    const full = await createTournament(t, admin.token, 'registration', { name: 'full', maxPartecipants: 1 });
    const [p, other] = await quickPlayers(t, 2);
    await join(t, full, other);
    expect((await join(t, full, p)).json.data.state).toBe('waitlist');
    expect((await join(t, ids.soon, p)).json.data.state).toBe('member');

    const res = await t.call('GET', `/api/tournaments?members=${p.id}&showAllTournament=true`, { token: p.token });
    expect(res.status).toBe(200);
    expect(names(res).sort()).toEqual(['full', 'soon']);
    expect(res.json.total).toBe(2);
    const byName = Object.fromEntries(res.json.data.map((x: any) => [x.name, x]));
    expect(byName.soon.me).toEqual({ member: true, confirmed: false, waitlistPosition: null });
    expect(byName.full.me).toEqual({ member: false, confirmed: false, waitlistPosition: 1 });
    expect(byName.full).toMatchObject({ members: [other.id], waitlistCount: 1 });
    // an admin may look at anyone's list
    expect((await t.call('GET', `/api/tournaments?members=${p.id}`, { token: admin.token })).json.total).toBe(2);
    await t.call('DELETE', `/api/tournaments/${full}`, { token: admin.token });
    await t.call('PUT', `/api/tournaments/${ids.soon}/register?userID=${p.id}`, { token: p.token });
  });

  test("members= needs that player's token (401 anonymous, 403 another player)", async () => {
    const [p, other] = await quickPlayers(t, 2);
    expect((await t.call('GET', `/api/tournaments?members=${p.id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/tournaments?members=${p.id}`, { token: other.token })).status).toBe(403);
  });

  test('me is null without a token and filled with one', async () => {
    const p = await quickPlayer(t);
    expect((await t.call('GET', '/api/tournaments')).json.data.every((x: any) => x.me === null)).toBe(true);
    const res = await t.call('GET', '/api/tournaments', { token: p.token });
    expect(res.json.data.every((x: any) => x.me && x.me.member === false)).toBe(true);
  });

  test('a public list may be cached briefly; one with a token may not', async () => {
    const anon = await t.call('GET', '/api/tournaments');
    expect(anon.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
    const p = await quickPlayer(t);
    const mine = await t.call('GET', '/api/tournaments', { token: p.token });
    expect(mine.res.headers['cache-control']).toMatch(/private/);
    expect(mine.res.headers.vary).toMatch(/authorization/i);
  });

  test('a stale token does not break browsing', async () => {
    const res = await t.call('GET', '/api/tournaments', { token: 'x'.repeat(43) });
    expect(res.status).toBe(200);
    expect(res.json.data[0].me).toBeNull();
  });

  test("only the configured owner's tournaments are listed", async () => {
    const now = new Date().toISOString();
    const otherBrand = '0b7e1f0a-5c1d-4f7e-9a55-0000000000ab';
    await t.db.kysely
      .insertInto('tournaments')
      .values({
        id: otherBrand,
        owner: 'another-brand',
        name: 'Other brand cup',
        game: 'Fortnite',
        max_participants: 5,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await t.call('GET', '/api/tournaments?limit=100');
    expect(names(res)).not.toContain('Other brand cup');
    expect((await t.call('GET', `/api/tournaments/${otherBrand}`)).status).toBe(404);
    await t.db.kysely.deleteFrom('tournaments').where('id', '=', otherBrand).execute();
  });
});

describe('GET /api/tournaments/:id', () => {
  test('returns the tournament with me null for an anonymous caller', async () => {
    const res = await t.call('GET', `/api/tournaments/${ids.soon}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: ids.soon,
      name: 'soon',
      game: 'Fortnite',
      console: ['PC', 'PS5'],
      open: true,
      members: [],
      confirmedMembers: [],
      waitlistCount: 0,
      maxPartecipants: 10,
      competitionId,
      me: null,
    });
  });

  test('me reflects the caller', async () => {
    const p = await quickPlayer(t);
    await join(t, ids.later, p);
    expect((await t.call('GET', `/api/tournaments/${ids.later}`, { token: p.token })).json.data.me).toEqual({
      member: true,
      confirmed: false,
      waitlistPosition: null,
    });
    const other = await quickPlayer(t);
    expect((await t.call('GET', `/api/tournaments/${ids.later}`, { token: other.token })).json.data.me).toEqual({
      member: false,
      confirmed: false,
      waitlistPosition: null,
    });
  });

  test('an unknown id is 404 TOURNAMENT_NOT_FOUND; a non-UUID (abc) is 400 INVALID_TOURNAMENT_ID', async () => {
    const res = await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('TOURNAMENT_NOT_FOUND');
    for (const bad of ['abc', 'does-not-exist', 'bad%20id', '123']) {
      const r = await t.call('GET', `/api/tournaments/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.json.error.code, bad).toBe('INVALID_TOURNAMENT_ID');
    }
  });

  test('every tournament route answers a malformed id 400 INVALID_TOURNAMENT_ID, before any lookup', async () => {
    const p = await quickPlayer(t);
    for (const [method, url] of [
      ['GET', '/api/tournaments/abc/calendar.ics'],
      ['POST', '/api/tournaments/abc/register'],
      ['PUT', '/api/tournaments/abc/register'],
      ['POST', '/api/tournaments/abc/register/checkin'],
      ['PUT', '/api/tournaments/abc/register/checkin'],
    ] as const) {
      const r = await t.call(method, url, { token: p.token, body: method === 'POST' ? {} : undefined });
      expect(r.status, url).toBe(400);
      expect(r.json.error.code, url).toBe('INVALID_TOURNAMENT_ID');
    }
  });

  test('the page data hook (Astro locals) gives the same view, by token', async () => {
    const p = await quickPlayer(t);
    expect((await join(t, ids.later, p)).status).toBe(200);
    expect((await getForViewer(t.app, ids.later, p.token))?.me).toEqual({
      member: true,
      confirmed: false,
      waitlistPosition: null,
    });
    expect((await getForViewer(t.app, ids.later, null))?.me).toBeNull();
    expect((await getForViewer(t.app, ids.later, 'not-a-real-token-at-all'))?.me).toBeNull();
    expect(await getForViewer(t.app, 'no-such-id')).toBeNull();
    expect(await getForViewer(t.app, '../../etc')).toBeNull();
  });
});

describe('GET /api/tournaments/:id/calendar.ics', () => {
  test('is a text/calendar event with the start, end, name and the detail page', async () => {
    const start = Date.parse(scheduleFor('registration').start_tournament);
    const id = await createTournament(t, admin.token, 'registration', { name: 'Calendar, Cup; Final' });
    const res = await t.call('GET', `/api/tournaments/${id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.res.headers['content-disposition']).toMatch(/attachment; filename="calendar-cup-final\.ics"/);
    const body = res.res.body.replace(/\r\n[ \t]/g, '');
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toContain('SUMMARY:Calendar\\, Cup\\; Final');
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    // the ics package writes whole seconds
    const startStamp = stamp(Math.floor(start / 1000) * 1000);
    expect(body).toContain(`DTSTART:${startStamp}`);
    expect(body).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(body).toContain(`URL:http://arena.test/tournament/${id}`);
    expect(body).toContain(`UID:tournament-${id}@arena.test`);
    expect(body).toContain('END:VCALENDAR');
  });

  test("is in the page's language (?lang, else Accept-Language): the English name and the English page", async () => {
    const id = await createTournament(t, admin.token, 'registration', {
      name: 'Coppa Calendario',
      translations: { en: { name: 'Calendar Cup' } },
    });
    const event = async (query: string, headers: Record<string, string> = {}) =>
      (await t.call('GET', `/api/tournaments/${id}/calendar.ics${query}`, { headers })).res.body.replace(
        /\r\n[ \t]/g,
        '',
      );
    for (const english of [await event('?lang=en'), await event('', { 'accept-language': 'en-GB,en;q=0.9' })]) {
      expect(english).toContain('SUMMARY:Calendar Cup');
      expect(english).toContain(`URL:http://arena.test/en/tournament/${id}`);
    }
    // the page's language wins over the browser's
    for (const italian of [await event(''), await event('?lang=it', { 'accept-language': 'en' })]) {
      expect(italian).toContain('SUMMARY:Coppa Calendario');
      expect(italian).toContain(`URL:http://arena.test/tournament/${id}`);
    }
    expect((await t.call('GET', `/api/tournaments/${id}/calendar.ics?lang=fr`)).status).toBe(400);
  });

  test('an unscheduled tournament has no event (409), an unknown one 404', async () => {
    expect((await t.call('GET', `/api/tournaments/${ids.unscheduled}/calendar.ics`)).json.error.code).toBe(
      'TOURNAMENT_NOT_SCHEDULED',
    );
    expect((await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-000000000000/calendar.ics')).status).toBe(
      404,
    );
  });
});

describe('competitions', () => {
  test("GET /api/tournaments/competitions lists the brand's competitions with both factions", async () => {
    const res = await t.call('GET', '/api/tournaments/competitions?owner=' + t.config.ownerId);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(1);
    expect(res.json.data[0]).toEqual({
      id: competitionId,
      name: 'Championship',
      thumbnail: '',
      game: 'Fortnite',
      url: '/arena-bomber-championship',
      playoffsAt: null,
      finalsAt: null,
      finalsCity: '',
      translations: { it: { name: 'Championship', finalsCity: '' }, en: { name: '', finalsCity: '' } },
      teams: [
        { name: 'precision', players: [] },
        { name: 'speed', players: [] },
      ],
      // 'soon' and 'ongoing'
      tournamentCount: 2,
    });
    expect(res.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
    expect((await t.call('GET', '/api/tournaments/competitions')).json.total).toBe(1);
    // one owner policy for every domain: another brand's name is not found
    const foreign = await t.call('GET', '/api/tournaments/competitions?owner=someone-else');
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('NOT_FOUND');
  });

  test('GET /api/tournaments/competitions/:id sorts players by score, then name', async () => {
    const players = await quickPlayers(t, 4);
    const teams = [
      {
        name: 'precision',
        players: [
          { playerId: players[0].id, playerName: 'zed', score: 10 },
          { playerId: players[1].id, playerName: 'Amy', score: 10 },
          { playerId: players[2].id, playerName: 'bob', score: 30 },
        ],
      },
      { name: 'speed', players: [{ playerId: players[3].id, playerName: 'solo', score: 0 }] },
    ];
    expect(
      (await t.call('PUT', `/api/tournaments/competition/${competitionId}`, { token: admin.token, body: { teams } }))
        .status,
    ).toBe(200);
    const res = await t.call('GET', `/api/tournaments/competitions/${competitionId}`);
    expect(res.json.data.teams[0].players.map((p: any) => p.playerName)).toEqual(['bob', 'Amy', 'zed']);
    expect(res.json.data.teams[1].players).toEqual([{ playerId: players[3].id, playerName: 'solo', score: 0 }]);
    expect(res.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
  });

  test('an unknown competition is 404 COMPETITION_NOT_FOUND', async () => {
    const res = await t.call('GET', '/api/tournaments/competitions/nope');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('COMPETITION_NOT_FOUND');
  });
});

test('every tournament route is in the OpenAPI document', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  const paths = Object.keys(doc.paths);
  for (const p of [
    '/api/tournaments',
    '/api/tournaments/{id}',
    '/api/tournaments/{id}/calendar.ics',
    '/api/tournaments/{id}/register',
    '/api/tournaments/{id}/register/checkin',
    '/api/tournaments/{id}/registrations',
    '/api/tournaments/{id}/broadcast',
    '/api/tournaments/competitions',
    '/api/tournaments/competitions/{id}',
    '/api/tournaments/competitions/{id}/team',
    '/api/tournaments/competition/{id}',
  ])
    expect(paths).toContain(p);
  expect(Object.keys(doc.paths['/api/tournaments/{id}/register'])).toEqual(expect.arrayContaining(['post', 'put']));
  expect(doc.paths['/api/tournaments'].get.parameters.map((p: any) => p.name)).toEqual(
    expect.arrayContaining(['competitionId', 'members', 'showAllTournament', 'limit', 'offset']),
  );
});
