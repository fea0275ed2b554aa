import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { oneAfterTheOther, tablePauses, watched } from '../helpers/table-pause.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  setPhase,
  teamBody,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { form, png } from '../helpers/campaign.ts';
import { line, matchDay, resultsApi } from '../helpers/results.ts';
import { bulkPlayers, seatCheckedIn } from '../helpers/big-field.ts';
import type { ScoringTable } from '../../../src/features/results/contract.ts';

/**
 * Battle-royale lobbies: the organiser splits the checked-in field balanced by seed or by hand, each
 * match belongs to a lobby and takes only its entrants, the standings add up every lobby, finalising
 * counts lines per lobby, and a lobby's key reaches only its own players once its time has come.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  stranger = await quickPlayer(t);
});
afterAll(() => t?.close());

/** Lobbies of three: five checked-in players need two. */
const smallLobbies: ScoringTable = {
  preset: 'custom',
  placementPoints: [
    { from: 1, to: 1, points: 10 },
    { from: 2, to: 3, points: 5 },
  ],
  pointsPerElimination: 1,
  eliminationBrackets: [],
  countedMatches: null,
  lobbySize: 3,
  tiebreakers: [],
};

async function split() {
  const day = await matchDay(t, admin.token, { checkedIn: 5, waiting: 1 });
  const api = resultsApi(t, admin.token, day.id);
  expect((await api.setScoring(smallLobbies)).status).toBe(200);
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown, token = admin.token) =>
    t.call(method, `/api/tournaments/${day.id}/lobbies${path}`, { token, body });
  const create = (lines: unknown[], lobby?: number) =>
    t.call('POST', `/api/tournaments/${day.id}/matches`, { token: admin.token, body: { lines, lobby } });
  return { ...day, api, call, create };
}

const ids = (lobbies: { entrants: { id: string }[] }[]) => lobbies.map((l) => l.entrants.map((e) => e.id));

describe('splitting', () => {
  test('before a split one lobby holds everyone; the automatic split deals the seeds like cards', async () => {
    const { players, call } = await split();
    const before = await call('GET', '');
    expect(before.status).toBe(200);
    expect(before.json.data.needed).toBe(2);
    expect(ids(before.json.data.lobbies)).toEqual([players.map((p) => p.id)]);
    const auto = await call('POST', '/auto', {});
    expect(auto.status, JSON.stringify(auto.json)).toBe(200);
    const [a, b, c, d, e] = players.map((p) => p.id);
    expect(ids(auto.json.data.lobbies)).toEqual([
      [a, c, e],
      [b, d],
    ]);
    expect(auto.json.data.unassigned).toEqual([]);
    expect(ids((await call('GET', '')).json.data.lobbies)).toEqual(ids(auto.json.data.lobbies));
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'lobby.auto')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  test('by hand: a player moves; bad lobbies are 400 with a code and change nothing', async () => {
    const { players, waiting, call } = await split();
    await call('POST', '/auto', {});
    const [a, b, c, d, e] = players.map((p) => p.id);
    const moved = await call('PUT', '', {
      lobbies: [
        [a, c],
        [b, d, e],
      ],
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(ids(moved.json.data.lobbies)).toEqual([
      [a, c],
      [b, d, e],
    ]);
    const snapshot = await t.snapshot();
    expectError(await call('PUT', '', { lobbies: [[a, c, e, b], [d]] }), 400, 'LOBBY_TOO_LARGE');
    expectError(
      await call('PUT', '', {
        lobbies: [
          [a, c],
          [b, d, a],
        ],
      }),
      400,
      'ENTRANT_IN_TWO_LOBBIES',
    );
    expectError(await call('PUT', '', { lobbies: [[a, waiting[0]!.id], [b]] }), 400, 'ENTRANT_NOT_CHECKED_IN');
    expectError(await call('PUT', '', { lobbies: [] }), 400, 'VALIDATION_ERROR');
    expect(await t.snapshot()).toEqual(snapshot);
  });

  test('anonymous is 401 and a player 403 on the organiser calls', async () => {
    const { players, call } = await split();
    const cases: ['GET' | 'PUT' | 'POST', string, unknown][] = [
      ['GET', '', undefined],
      ['POST', '/auto', {}],
      ['PUT', '', { lobbies: [[players[0]!.id]] }],
      ['PUT', '/1/code', { code: 'X', visibleFrom: null }],
    ];
    for (const [method, path, body] of cases) {
      expectError(await call(method, path, body, ''), 401, 'UNAUTHORIZED');
      expectError(await call(method, path, body, players[0]!.token), 403, 'FORBIDDEN');
    }
  });

  test('a lobby whose matches have results keeps its entrants (409), the other lobby may still change', async () => {
    const { players, call, create } = await split();
    await call('POST', '/auto', {});
    const [a, b, c, d, e] = players.map((p) => p.id);
    expect((await create([line({ id: a }, 1), line({ id: c }, 2)], 1)).status).toBe(201);
    expectError(
      await call('PUT', '', {
        lobbies: [
          [a, c],
          [b, d, e],
        ],
      }),
      409,
      'LOBBIES_LOCKED',
    );
    expectError(await call('POST', '/auto', { count: 3 }), 409, 'LOBBIES_LOCKED');
    // lobby 2 has no results yet: its members may change as long as lobby 1 stays as it is
    const ok = await call('PUT', '', {
      lobbies: [
        [a, c, e],
        [d, b],
      ],
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await create([line({ id: b }, 1)], 2)).status).toBe(201);
    expectError(await call('PUT', '', { lobbies: [[a, c, e], [b]] }), 409, 'LOBBIES_LOCKED');
  });
});

describe('matches per lobby', () => {
  test("a match takes only its lobby's entrants; the standings add up both lobbies", async () => {
    const { players, call, create, api, id } = await split();
    await call('POST', '/auto', {});
    const [a, b, c, d, e] = players.map((p) => ({ id: p.id }));
    const wrong = await create([line(a!, 1), line(b!, 2)], 1);
    expectError(wrong, 400, 'ENTRANT_NOT_IN_LOBBY');
    expect(wrong.json.error.issues).toEqual([{ path: 'body.lines.1', message: 'ENTRANT_NOT_IN_LOBBY' }]);
    expectError(await create([line(a!, 1)], 3), 404, 'LOBBY_NOT_FOUND');
    const one = await create([line(a!, 1, 2), line(c!, 2), line(e!, 3)], 1);
    expect(one.status).toBe(201);
    expect(one.json.data).toMatchObject({ number: 1, lobby: 1, entrants: 3 });
    const two = await create([line(d!, 1, 4), line(b!, 2)], 2);
    expect(two.json.data).toMatchObject({ number: 2, lobby: 2, entrants: 2 });
    const moved = await t.call('PUT', `/api/tournaments/${id}/matches/2`, {
      token: admin.token,
      body: { lines: [line(d!, 1)], lobby: 1 },
    });
    expectError(moved, 409, 'MATCH_IN_OTHER_LOBBY');
    expectError(await api.updateMatch(2, [line(a!, 1)]), 400, 'ENTRANT_NOT_IN_LOBBY');
    const standings = (await api.standings()).json.data.rows as { entrantId: string; points: number; rank: number }[];
    const points = Object.fromEntries(standings.map((r) => [r.entrantId, r.points]));
    expect(points).toEqual({ [a!.id]: 12, [c!.id]: 5, [e!.id]: 5, [d!.id]: 14, [b!.id]: 5 });
    expect(standings[0]).toMatchObject({ entrantId: d!.id, rank: 1 });
  });

  test("the CSV preview resolves names but refuses another lobby's entrants", async () => {
    const { players, call, id } = await split();
    await call('POST', '/auto', {});
    const csv = `${players[0]!.username},1,0\n${players[1]!.username},2,0`;
    const r = await t.call('POST', `/api/tournaments/${id}/matches/preview`, {
      token: admin.token,
      body: { csv, lobby: 2 },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.valid).toBe(false);
    expect(r.json.data.rows.map((x: { error: string | null }) => x.error)).toEqual(['ENTRANT_NOT_IN_LOBBY', null]);
  });

  test("finalising counts each match's lines against its own lobby", async () => {
    const { players, call, create, id } = await split();
    await call('POST', '/auto', {});
    const [a, b, c, d, e] = players.map((p) => ({ id: p.id }));
    await create([line(a!, 1), line(c!, 2), line(e!, 3)], 1);
    await create([line(d!, 1)], 2);
    const prizes = await t.call('GET', `/api/tournaments/${id}/prizes`, { token: admin.token });
    expect(prizes.status, JSON.stringify(prizes.json)).toBe(200);
    expect(prizes.json.data.problems).toEqual([{ kind: 'linesMissing', matchNumber: 2, lines: 1, entrants: 2 }]);
    expect(
      (
        await t.call('PUT', `/api/tournaments/${id}/matches/2`, {
          token: admin.token,
          body: { lines: [line(d!, 1), line(b!, 2)] },
        })
      ).status,
    ).toBe(200);
    const after = await t.call('GET', `/api/tournaments/${id}/prizes`, { token: admin.token });
    expect(after.json.data.problems).toEqual([]);
  });
});

describe('one lobby', () => {
  test('a tournament that fits one lobby keeps one lobby: matches in lobby 1, reports name no lobby', async () => {
    const day = await matchDay(t, admin.token, { checkedIn: 2 });
    await setPhase(t, admin.token, day.id, 'ongoing');
    const made = await resultsApi(t, admin.token, day.id).createMatch([line(day.players[0]!, 1)]);
    expect(made.json.data).toMatchObject({ number: 1, lobby: 1, entrants: 2 });
    const body = form({ matchNumber: '1', placement: '2', eliminations: '0' }, [{ data: await png(4242) }]);
    const res = await t.inject({
      method: 'POST',
      url: `/api/tournaments/${day.id}/reports`,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${day.players[1]!.token}` },
      payload: body.body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lobby).toBeNull();
    const lobbies = await t.call('GET', `/api/tournaments/${day.id}/lobbies`, { token: admin.token });
    expect(lobbies.json.data).toMatchObject({ needed: 1, unassigned: [] });
    expect(lobbies.json.data.lobbies).toHaveLength(1);
  });
});

describe("a player's lobby and its key", () => {
  test("only that lobby's checked-in players see the key, and only from its time", async () => {
    const { players, waiting, call, create, id } = await split();
    const mine = (who: Person | null) =>
      t.call('GET', `/api/tournaments/${id}/lobbies/mine`, who ? { token: who.token } : {});
    // before a split everyone checked in is in lobby 1
    expect((await mine(players[1]!)).json.data).toMatchObject({ lobby: 1, lobbies: 1, code: null });
    await call('POST', '/auto', {});
    await create([line(players[1]!, 1)], 2);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const posted = await call('PUT', '/2/code', { code: 'LOBBY-TWO', visibleFrom: soon });
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
    expect(posted.json.data.lobbies[1]).toMatchObject({ code: 'LOBBY-TWO' });
    expect((await mine(players[1]!)).json.data).toMatchObject({
      lobby: 2,
      lobbies: 2,
      code: null,
      codeVisibleFrom: soon,
    });
    await call('PUT', '/2/code', { code: 'LOBBY-TWO', visibleFrom: new Date(Date.now() - 1000).toISOString() });
    const seen = await mine(players[1]!);
    expect(seen.status).toBe(200);
    expect(seen.json.data).toMatchObject({
      lobby: 2,
      code: 'LOBBY-TWO',
      matches: [{ number: 1, voided: false, played: true }],
    });
    const raw = await t.inject({
      method: 'GET',
      url: `/api/tournaments/${id}/lobbies/mine`,
      headers: { authorization: `Bearer ${players[1]!.token}` },
    });
    expect(raw.headers['cache-control']).toMatch(/private|no-store/);
    const other = await mine(players[0]!);
    expect(other.json.data).toMatchObject({ lobby: 1, code: null, matches: [] });
    expectError(await mine(waiting[0]!), 403, 'NOT_CHECKED_IN');
    expectError(await mine(stranger), 403, 'NOT_CHECKED_IN');
    expectError(await mine(null), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', '/3/code', { code: 'X', visibleFrom: null }), 404, 'LOBBY_NOT_FOUND');
    // the key never reaches the public reads
    for (const url of [`/api/tournaments/${id}`, `/api/tournaments/${id}/standings`])
      expect(JSON.stringify((await t.call('GET', url)).json)).not.toContain('LOBBY-TWO');
    // a player the organiser left out of the lobbies has none
    const left = await call('PUT', '', {
      lobbies: [
        [players[0]!.id, players[2]!.id],
        [players[1]!.id, players[3]!.id],
      ],
    });
    expect(left.json.data.unassigned.map((e: { id: string }) => e.id)).toEqual([players[4]!.id]);
    expectError(await mine(players[4]!), 404, 'NOT_IN_A_LOBBY');
  });

  // the organiser would be refused the player's line, so the player's report is refused too, before any picture is kept
  test('a player the organiser left in no lobby is refused their self-report', async () => {
    const { players, call, id } = await split();
    const [a, b, c, d] = players.map((p) => p.id);
    expect(
      (
        await call('PUT', '', {
          lobbies: [
            [a, c],
            [b, d],
          ],
        })
      ).status,
    ).toBe(200);
    await setPhase(t, admin.token, id, 'ongoing');
    const report = async (who: Person) => {
      const body = form({ matchNumber: '1', placement: '1', eliminations: '0' }, [{ data: await png(4242) }]);
      const res = await t.inject({
        method: 'POST',
        url: `/api/tournaments/${id}/reports`,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${who.token}` },
        payload: body.body,
      });
      return { status: res.statusCode, json: res.json() };
    };
    const before = await t.snapshot();
    expectError(await report(players[4]!), 400, 'ENTRANT_IN_NO_LOBBY');
    expect(await t.snapshot()).toEqual(before);
    // a player in a lobby reports as before
    expect((await report(players[0]!)).status).toBe(201);
  });

  // a report of a match not recorded yet is approved into the reporter's lobby
  test('a self-report of a match recorded in another lobby is refused', async () => {
    const { players, call, create, id } = await split();
    await call('POST', '/auto', {});
    await setPhase(t, admin.token, id, 'ongoing');
    await create([line(players[0]!, 1)], 1);
    const report = async (who: Person, matchNumber: number) => {
      const body = form({ matchNumber: String(matchNumber), placement: '1', eliminations: '0' }, [
        { data: await png(matchNumber * 100 + who.id.length) },
      ]);
      const res = await t.inject({
        method: 'POST',
        url: `/api/tournaments/${id}/reports`,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${who.token}` },
        payload: body.body,
      });
      return { status: res.statusCode, json: res.json() };
    };
    expectError(await report(players[1]!, 1), 409, 'MATCH_IN_OTHER_LOBBY');
    const fresh = await report(players[1]!, 2);
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(201);
    // the report names the reporter's lobby while its match is not recorded yet
    expect(fresh.json.data.lobby).toBe(2);
    const queue = await t.call('GET', `/api/tournaments/${id}/reports`, { token: admin.token });
    expect(queue.json.data.map((r: { lobby: number | null }) => r.lobby)).toEqual([2]);
    const approved = await t.call('POST', `/api/tournaments/${id}/reports/${fresh.json.data.id}/review`, {
      token: admin.token,
      body: { decision: 'approve', createMatch: true },
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const matches = (await t.call('GET', `/api/tournaments/${id}/matches`, { token: admin.token })).json.data;
    const mine = await t.call('GET', `/api/tournaments/${id}/reports/mine`, { token: players[1]!.token });
    expect(mine.json.data.map((r: { matchNumber: number; lobby: number | null }) => [r.matchNumber, r.lobby])).toEqual([
      [2, 2],
    ]);
    expect(matches.map((m: { number: number; lobby: number }) => [m.number, m.lobby])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('a disqualified member of a team that plays on', () => {
  test('is refused the lobby and its key, as any player who no longer plays; the teammates keep them', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2, maxPartecipants: 10 });
    const [captain, partner] = await quickPlayers(t, 2);
    const members = [{ userId: captain.id }, { userId: partner.id }];
    const registered = await join(t, id, captain, teamBody('Cheaters', members));
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const teamId = registered.json.data.team.id as string;
    const accepted = await t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/accept`, {
      token: partner.token,
      body: {},
    });
    expect(accepted.json.data.complete).toBe(true);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of [captain, partner]) expect((await checkIn(t, id, p)).status).toBe(200);
    const code = { code: 'SQUAD-KEY', visibleFrom: null };
    const posted = await t.call('PUT', `/api/tournaments/${id}/lobbies/1/code`, { token: admin.token, body: code });
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
    const mine = (who: Person) => t.call('GET', `/api/tournaments/${id}/lobbies/mine`, { token: who.token });
    expect((await mine(partner)).json.data).toMatchObject({ lobby: 1, code: 'SQUAD-KEY' });

    const out = await t.call('POST', `/api/tournaments/${id}/registrations/${partner.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'cheating' },
    });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expectError(await mine(partner), 403, 'NOT_CHECKED_IN');
    const kept = await mine(captain);
    expect(kept.json.data, JSON.stringify(kept.json)).toMatchObject({
      lobby: 1,
      entrant: 'Cheaters',
      code: 'SQUAD-KEY',
    });
  });

  test("of the organiser's teams likewise: the key reaches only the members still playing", async () => {
    const day = await matchDay(t, admin.token, { checkedIn: 4, overrides: { teamSize: 2 } });
    const [a, b, c, d] = day.players as [Person, Person, Person, Person];
    const formed = await t.call('PUT', `/api/tournaments/${day.id}/teams`, {
      token: admin.token,
      body: {
        teams: [
          { name: 'Alpha', members: [a.id, b.id] },
          { name: 'Beta', members: [c.id, d.id] },
        ],
      },
    });
    expect(formed.status, JSON.stringify(formed.json)).toBe(200);
    const code = { code: 'DUO-KEY', visibleFrom: null };
    expect(
      (await t.call('PUT', `/api/tournaments/${day.id}/lobbies/1/code`, { token: admin.token, body: code })).status,
    ).toBe(200);
    const out = await t.call('POST', `/api/tournaments/${day.id}/registrations/${b.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'cheating' },
    });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    const mine = (who: Person) => t.call('GET', `/api/tournaments/${day.id}/lobbies/mine`, { token: who.token });
    expectError(await mine(b), 403, 'NOT_CHECKED_IN');
    expect((await mine(a)).json.data).toMatchObject({ lobby: 1, entrant: 'Alpha', code: 'DUO-KEY' });
  });
});

describe("a player off the roster whom the organiser's team still lists", () => {
  // removed by the organiser rather than disqualified: the team formed before keeps them on its list
  test('is refused the lobby and its key; the teammate still playing keeps them', async () => {
    const day = await matchDay(t, admin.token, { checkedIn: 4, overrides: { teamSize: 2 } });
    const [a, b, c, d] = day.players as [Person, Person, Person, Person];
    const formed = await t.call('PUT', `/api/tournaments/${day.id}/teams`, {
      token: admin.token,
      body: {
        teams: [
          { name: 'Alpha', members: [a.id, b.id] },
          { name: 'Beta', members: [c.id, d.id] },
        ],
      },
    });
    expect(formed.status, JSON.stringify(formed.json)).toBe(200);
    const code = { code: 'DUO-KEY', visibleFrom: null };
    expect(
      (await t.call('PUT', `/api/tournaments/${day.id}/lobbies/1/code`, { token: admin.token, body: code })).status,
    ).toBe(200);
    const mine = (who: Person) => t.call('GET', `/api/tournaments/${day.id}/lobbies/mine`, { token: who.token });
    expect((await mine(b)).json.data).toMatchObject({ code: 'DUO-KEY' });
    const removed = await t.call('POST', `/api/tournaments/${day.id}/registrations/${b.id}/remove`, {
      token: admin.token,
      body: { reason: 'Not here' },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expectError(await mine(b), 403, 'NOT_CHECKED_IN');
    expect((await mine(a)).json.data).toMatchObject({ lobby: 1, entrant: 'Alpha', code: 'DUO-KEY' });
  });
});

/** Lobbies of `lobbySize`, as small as two: only the winner scores a placement. */
const lobbiesOf = (lobbySize: number): ScoringTable => ({
  ...smallLobbies,
  placementPoints: [{ from: 1, to: 1, points: 10 }],
  lobbySize,
});

/** A team tournament of `n` checked-in players (teams of `teamSize`), each lobby `lobbySize` teams. */
async function teamDay(n: number, teamSize: number, lobbySize: number) {
  const day = await matchDay(t, admin.token, { checkedIn: n, overrides: { teamSize } });
  const api = resultsApi(t, admin.token, day.id);
  expect((await api.setScoring(lobbiesOf(lobbySize))).status).toBe(200);
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
    t.call(method, `/api/tournaments/${day.id}/lobbies${path}`, { token: admin.token, body });
  /** PUT the teams, answering each team's id by name. */
  const formTeams = async (teams: { name: string; members: Person[] }[]) => {
    const res = await api.setTeams(teams.map((x) => ({ name: x.name, members: x.members.map((p) => p.id) })));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return Object.fromEntries((res.json.data as { id: string; name: string }[]).map((e) => [e.name, e.id]));
  };
  const mine = (who: Person) => t.call('GET', `/api/tournaments/${day.id}/lobbies/mine`, { token: who.token });
  return { ...day, api, call, formTeams, mine };
}

type LobbiesAnswer = {
  lobbies: { entrants: { name: string }[]; code: string | null }[];
  unassigned: { name: string }[];
};
/** Each lobby's entrants by name, and then those in none. */
const named = (l: LobbiesAnswer) => ({
  lobbies: l.lobbies.map((x) => x.entrants.map((e) => e.name)),
  unassigned: l.unassigned.map((e) => e.name),
});
/** The stored lobby rows' entrant ids: no row may outlive its team. */
const lobbyRows = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('tournament_lobby_entrants')
      .select('entrant_id')
      .where('tournament_id', '=', id)
      .execute()
  )
    .map((r) => r.entrant_id)
    .sort();

describe('teams formed anew', () => {
  // trios: North has two of B's members and one of A's, East one of each (a tie: the lower lobby), West none
  test('each new team takes the lobby most of its members came from; lobby keys stay', async () => {
    const { id, players: p, call, formTeams, mine, api } = await teamDay(12, 3, 3);
    const old = await formTeams([
      { name: 'A', members: [p[0]!, p[1]!, p[2]!] },
      { name: 'B', members: [p[3]!, p[4]!, p[5]!] },
      { name: 'C', members: [p[6]!, p[7]!, p[8]!] },
    ]);
    const split = await call('PUT', '', { lobbies: [[old.A, old.C], [old.B]] });
    expect(split.status, JSON.stringify(split.json)).toBe(200);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('PUT', '/1/code', { code: 'KEY-ONE', visibleFrom: null })).status).toBe(200);
    expect((await call('PUT', '/2/code', { code: 'KEY-TWO', visibleFrom: later })).status).toBe(200);

    const now = await formTeams([
      { name: 'North', members: [p[3]!, p[4]!, p[0]!] },
      { name: 'East', members: [p[1]!, p[5]!] },
      { name: 'West', members: [p[9]!, p[10]!] },
      { name: 'South', members: [p[6]!, p[11]!, p[7]!] },
    ]);
    const after = await call('GET', '');
    expect(after.status).toBe(200);
    expect(named(after.json.data)).toEqual({ lobbies: [['East', 'South'], ['North']], unassigned: ['West'] });
    expect(after.json.data.lobbies.map((l: { code: string | null }) => l.code)).toEqual(['KEY-ONE', 'KEY-TWO']);
    expect(after.json.data.lobbies[1].codeVisibleFrom).toBe(later);
    // the old teams' rows are gone with them
    expect(await lobbyRows(id)).toEqual([now.North, now.East, now.South].sort());

    // each player's own lobby follows their new team; a team in none has none, a player on no team plays nowhere
    expect((await mine(p[0]!)).json.data).toMatchObject({ lobby: 2, lobbies: 2, entrant: 'North', code: null });
    expect((await mine(p[11]!)).json.data).toMatchObject({ lobby: 1, entrant: 'South', code: 'KEY-ONE' });
    expectError(await mine(p[9]!), 404, 'NOT_IN_A_LOBBY');
    expectError(await mine(p[2]!), 403, 'NOT_CHECKED_IN');

    // a match of lobby 1 takes its new teams, and still refuses another lobby's
    const refused = await t.call('POST', `/api/tournaments/${id}/matches`, {
      token: admin.token,
      body: { lobby: 1, lines: [line({ id: now.East! }, 1), line({ id: now.North! }, 2)] },
    });
    expectError(refused, 400, 'ENTRANT_NOT_IN_LOBBY');
    expect(refused.json.error.issues).toEqual([{ path: 'body.lines.1', message: 'ENTRANT_NOT_IN_LOBBY' }]);
    const made = await t.call('POST', `/api/tournaments/${id}/matches`, {
      token: admin.token,
      body: { lobby: 1, lines: [line({ id: now.East! }, 1), line({ id: now.South! }, 2)] },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.data).toMatchObject({ lobby: 1, entrants: 2 });
    expect((await api.matches()).json.data).toHaveLength(1);
  });

  // the admin reading the log sees why a lobby's entrants changed: the seats before and after, beside the teams' entry
  test('the seats the new teams take are in the audit log, lobby by lobby, and who is left to place', async () => {
    const { id, players: p, call, formTeams } = await teamDay(6, 3, 2);
    const old = await formTeams([
      { name: 'A', members: [p[0]!, p[1]!, p[2]!] },
      { name: 'B', members: [p[3]!, p[4]!, p[5]!] },
    ]);
    expect((await call('PUT', '', { lobbies: [[old.A], [old.B]] })).status).toBe(200);
    // three teams of B's players for lobby 2's two seats: the last finds none
    await formTeams([
      { name: 'North', members: [p[3]!] },
      { name: 'South', members: [p[0]!, p[1]!] },
      { name: 'West', members: [p[4]!] },
      { name: 'Last', members: [p[5]!] },
    ]);
    const log = await t.call('GET', `/api/admin/audit?tournament=${id}&category=teams&limit=100`, {
      token: admin.token,
    });
    expect(log.status, JSON.stringify(log.json)).toBe(200);
    const seat = (name: string, ...players: number[]) => ({ name, members: players.map((i) => p[i]!.username) });
    const entries = log.json.data as { action: string; actor: { id: string }; before: unknown; after: unknown }[];
    // newest first: the seats' entry follows the teams' own
    expect(entries.map((e) => e.action)).toEqual(['lobby.follow', 'team.update', 'lobby.update', 'team.update']);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.id },
      entityType: 'tournament',
      entityId: id,
      before: { lobbies: { 1: [seat('A', 0, 1, 2)], 2: [seat('B', 3, 4, 5)] }, unassigned: [] },
      after: {
        lobbies: { 1: [seat('South', 0, 1)], 2: [seat('North', 3), seat('West', 4)] },
        unassigned: [seat('Last', 5)],
      },
    });
    // formed again as they are, the teams move nothing a person reads: no second entry about the lobbies
    await formTeams([
      { name: 'North', members: [p[3]!] },
      { name: 'South', members: [p[0]!, p[1]!] },
      { name: 'West', members: [p[4]!] },
      { name: 'Last', members: [p[5]!] },
    ]);
    const again = await t.call('GET', `/api/admin/audit?tournament=${id}&category=teams&limit=100`, {
      token: admin.token,
    });
    expect((again.json.data as { action: string }[]).map((e) => e.action).slice(0, 2)).toEqual([
      'team.update',
      'lobby.follow',
    ]);
    // teams formed while nobody had a seat move none: no entry about the lobbies
    const fresh = await teamDay(4, 2, 2);
    await fresh.formTeams([{ name: 'Solo', members: [fresh.players[0]!] }]);
    const quiet = await t.call('GET', `/api/admin/audit?tournament=${fresh.id}&category=teams`, { token: admin.token });
    expect((quiet.json.data as { action: string }[]).map((e) => e.action)).toEqual(['team.update']);
  });

  // the organiser meets it approving the report of a team left in no lobby: it was refused as "in another lobby"
  test('a line, a report or its approval for a team in no lobby is refused as such until it is moved in', async () => {
    const { id, players: p, call, formTeams, api } = await teamDay(6, 3, 2);
    const old = await formTeams([
      { name: 'A', members: [p[0]!, p[1]!, p[2]!] },
      { name: 'B', members: [p[3]!, p[4]!, p[5]!] },
    ]);
    expect((await call('PUT', '', { lobbies: [[old.A], [old.B]] })).status).toBe(200);
    const now = await formTeams([
      { name: 'North', members: [p[3]!] },
      { name: 'South', members: [p[0]!, p[1]!] },
      { name: 'West', members: [p[4]!] },
      { name: 'Last', members: [p[5]!] },
    ]);
    expect(named((await call('GET', '')).json.data).unassigned).toEqual(['Last']);
    const entered = await t.call('POST', `/api/tournaments/${id}/matches`, {
      token: admin.token,
      body: { lobby: 2, lines: [line({ id: now.North! }, 1), line({ id: now.Last! }, 2)] },
    });
    expectError(entered, 400, 'ENTRANT_IN_NO_LOBBY');
    expect(entered.json.error.issues).toEqual([{ path: 'body.lines.1', message: 'ENTRANT_IN_NO_LOBBY' }]);

    await setPhase(t, admin.token, id, 'ongoing');
    const send = async () => {
      const body = form({ matchNumber: '1', placement: '1', eliminations: '2' }, [{ data: await png(7474) }]);
      const res = await t.inject({
        method: 'POST',
        url: `/api/tournaments/${id}/reports`,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${p[5]!.token}` },
        payload: body.body,
      });
      return { status: res.statusCode, json: res.json() };
    };
    const unsent = await t.snapshot();
    expectError(await send(), 400, 'ENTRANT_IN_NO_LOBBY');
    expect(await t.snapshot()).toEqual(unsent);
    const move = async (lobbies: (string | undefined)[][]) =>
      expect((await call('PUT', '', { lobbies })).status).toBe(200);
    // in lobby 1 the team reports; taken out again before the report is decided, its approval is refused
    await move([
      [now.South, now.Last],
      [now.North, now.West],
    ]);
    const sent = await send();
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    await move([[now.South], [now.North, now.West]]);
    const approve = () =>
      t.call('POST', `/api/tournaments/${id}/reports/${sent.json.data.id}/review`, {
        token: admin.token,
        body: { decision: 'approve', createMatch: true },
      });
    const before = await t.snapshot();
    expectError(await approve(), 400, 'ENTRANT_IN_NO_LOBBY');
    expect(await t.snapshot()).toEqual(before);
    // moved into lobby 1 again, the team's report is approved there
    await move([
      [now.South, now.Last],
      [now.North, now.West],
    ]);
    expect((await approve()).status).toBe(200);
    const matches = (await api.matches()).json.data as { lobby: number; lines: { name: string }[] }[];
    expect(matches.map((m) => [m.lobby, m.lines.map((l) => l.name)])).toEqual([[1, ['Last']]]);
  });

  test('automatic teams formed again keep their lobbies; a report approved for one lands in its lobby', async () => {
    const { id, players: p, api, call, mine } = await teamDay(8, 2, 2);
    expect((await api.autoTeams()).status).toBe(200);
    const split = await call('POST', '/auto', {});
    expect(named(split.json.data)).toEqual({
      lobbies: [
        ['Team 1', 'Team 3'],
        ['Team 2', 'Team 4'],
      ],
      unassigned: [],
    });
    await setPhase(t, admin.token, id, 'ongoing');
    // a player of Team 2 reports a match not recorded yet, then the teams are formed again (same members, new ids)
    const body = form({ matchNumber: '1', placement: '1', eliminations: '3' }, [{ data: await png(7373) }]);
    const sent = await t.inject({
      method: 'POST',
      url: `/api/tournaments/${id}/reports`,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${p[2]!.token}` },
      payload: body.body,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await api.autoTeams();
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const fresh = again.json.data as { id: string; name: string }[];
    const after = (await call('GET', '')).json.data;
    expect(named(after)).toEqual(named(split.json.data));
    expect(ids(after.lobbies).flat().sort()).toEqual(fresh.map((e) => e.id).sort());
    expect((await mine(p[2]!)).json.data).toMatchObject({ lobby: 2, entrant: 'Team 2' });

    const approved = await t.call('POST', `/api/tournaments/${id}/reports/${sent.json().data.id}/review`, {
      token: admin.token,
      body: { decision: 'approve', createMatch: true },
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const matches = (await api.matches()).json.data as { lobby: number; lines: { name: string }[] }[];
    expect(matches.map((m) => [m.lobby, m.lines.map((l) => l.name)])).toEqual([[2, ['Team 2']]]);
  });

  // lobbies of two: One and Two fill lobby 1, Three (a tie) goes on to lobby 2, Four finds no room
  test('a full lobby takes no more: the team tries its members’ next lobby, else stays in none', async () => {
    const { id, players: p, call, formTeams } = await teamDay(9, 3, 2);
    const old = await formTeams([
      { name: 'A', members: [p[0]!, p[1]!, p[2]!] },
      { name: 'B', members: [p[3]!, p[4]!, p[5]!] },
      { name: 'C', members: [p[6]!, p[7]!, p[8]!] },
    ]);
    expect((await call('PUT', '', { lobbies: [[old.A, old.B], [old.C]] })).status).toBe(200);
    await formTeams([
      { name: 'One', members: [p[0]!] },
      { name: 'Two', members: [p[1]!] },
      { name: 'Three', members: [p[2]!, p[6]!] },
      { name: 'Four', members: [p[3]!] },
      { name: 'Five', members: [p[7]!, p[8]!] },
    ]);
    const after = await call('GET', '');
    expect(named(after.json.data)).toEqual({
      lobbies: [
        ['One', 'Two'],
        ['Three', 'Five'],
      ],
      unassigned: ['Four'],
    });
    expect(await lobbyRows(id)).toHaveLength(4);
  });

  test('a team its captain registered keeps its lobby and its place in it', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2, maxPartecipants: 10 });
    const [captain, partner, ...solo] = await quickPlayers(t, 6);
    const registered = await join(
      t,
      id,
      captain!,
      teamBody('Captains', [{ userId: captain!.id }, { userId: partner!.id }]),
    );
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const teamId = registered.json.data.team.id as string;
    const accepted = await t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/accept`, {
      token: partner!.token,
      body: {},
    });
    expect(accepted.json.data.complete).toBe(true);
    for (const s of solo) expect((await join(t, id, s)).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const x of [captain!, partner!, ...solo]) expect((await checkIn(t, id, x)).status).toBe(200);
    const api = resultsApi(t, admin.token, id);
    expect((await api.setScoring(lobbiesOf(2))).status).toBe(200);
    const [s0, s1, s2, s3] = solo.map((x) => x.id);
    const first = await api.setTeams([
      { name: 'T1', members: [s0, s1] },
      { name: 'T2', members: [s2, s3] },
    ]);
    const [t1, t2] = (first.json.data as { id: string }[]).map((e) => e.id);
    const lobbies = (body?: unknown) =>
      t.call(body ? 'PUT' : 'GET', `/api/tournaments/${id}/lobbies`, { token: admin.token, body });
    expect((await lobbies({ lobbies: [[teamId, t1], [t2]] })).status).toBe(200);
    // both new teams tie between lobbies 1 and 2; the captains' team keeps one of lobby 1's two places
    expect(
      (
        await api.setTeams([
          { name: 'X', members: [s0, s2] },
          { name: 'Y', members: [s1, s3] },
        ])
      ).status,
    ).toBe(200);
    expect(named((await lobbies()).json.data)).toEqual({ lobbies: [['Captains', 'X'], ['Y']], unassigned: [] });
  });
});

describe('at the roster limit', () => {
  // a whole field's lobby rows go a slice per statement, as every long list does; ten thousand take seconds, not more
  test('10,000 solo players dealt into 100 lobbies of 100', async () => {
    const id = await createTournament(t, admin.token, 'checkinOpen', { maxPartecipants: 10000 });
    const roster = await bulkPlayers(t, 10000);
    await seatCheckedIn(t, id, roster, 'Fortnite');
    expect((await resultsApi(t, admin.token, id).setScoring(lobbiesOf(100))).status).toBe(200);
    const split = await t.call('POST', `/api/tournaments/${id}/lobbies/auto`, { token: admin.token, body: {} });
    expect(split.status, JSON.stringify(split.json).slice(0, 300)).toBe(200);
    const lobbies = ids(split.json.data.lobbies);
    expect(lobbies.map((l) => l.length)).toEqual(Array.from({ length: 100 }, () => 100));
    expect(lobbies.map((l) => l[0])).toEqual(roster.slice(0, 100));
    expect(split.json.data.unassigned).toEqual([]);
    expect(await lobbyRows(id)).toEqual([...roster].sort());
  }, 120_000);

  // ten thousand players in five thousand duos over fifty lobbies, formed again: each new team where its
  // predecessor was. The bound of two minutes tells a busy machine from a hang
  test('10,000 players: 5,000 new teams follow into their lobbies', async () => {
    const id = await createTournament(t, admin.token, 'checkinOpen', { maxPartecipants: 10000, teamSize: 2 });
    await seatCheckedIn(t, id, await bulkPlayers(t, 10000), 'Fortnite');
    const api = resultsApi(t, admin.token, id);
    expect((await api.setScoring(lobbiesOf(100))).status).toBe(200);
    expect((await api.autoTeams()).status).toBe(200);
    const split = await t.call('POST', `/api/tournaments/${id}/lobbies/auto`, { token: admin.token, body: {} });
    expect(split.status, JSON.stringify(split.json).slice(0, 300)).toBe(200);
    expect(split.json.data.lobbies).toHaveLength(50);
    const again = await api.autoTeams();
    expect(again.status, JSON.stringify(again.json).slice(0, 300)).toBe(200);
    const after = await t.call('GET', `/api/tournaments/${id}/lobbies`, { token: admin.token });
    expect(after.json.data.unassigned).toHaveLength(0);
    expect(named(after.json.data)).toEqual(named(split.json.data));
    expect(await lobbyRows(id)).toEqual((again.json.data as { id: string }[]).map((e) => e.id).sort());
  }, 120_000);
});

if (engine === 'postgres')
  describe('PostgreSQL, lobbies saved beside the scoring table and the teams', () => {
    const pauseAt = tablePauses(() => t);

    // the table's save holds the tournament, waiting at its audit entry, when the lobbies are sent
    test('a lobby over the size just saved is refused (400 LOBBY_TOO_LARGE) and nothing is split', async () => {
      const { players, api, call } = await split();
      expect((await api.setScoring({ ...smallLobbies, lobbySize: 5 })).status).toBe(200);
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const smaller = watched(api.setScoring(smallLobbies));
      expect(await pause.untilWaiting(1, () => smaller.settled)).toBe(1);
      const [a, b, c, d, e] = players.map((p) => p.id);
      const stored = watched(call('PUT', '', { lobbies: [[a, b, c, d], [e]] }));
      expect(await pause.untilWaiting(2, () => stored.settled)).toBe(2);
      await pause.release();
      expect((await smaller.promise).status).toBe(200);
      expectError(await stored.promise, 400, 'LOBBY_TOO_LARGE');
      expect(ids((await call('GET', '')).json.data.lobbies)).toEqual([players.map((p) => p.id)]);
    });

    test('teams formed again behind a lobby save follow the lobbies just saved', async () => {
      const { players: p, call, formTeams, api } = await teamDay(4, 2, 2);
      const old = await formTeams([
        { name: 'A', members: [p[0]!, p[1]!] },
        { name: 'B', members: [p[2]!, p[3]!] },
      ]);
      const [saved, formed] = await oneAfterTheOther(
        pauseAt,
        () => call('PUT', '', { lobbies: [[old.B], [old.A]] }),
        () => api.autoTeams(),
      );
      expect([saved.status, formed.status]).toEqual([200, 200]);
      expect(named((await call('GET', '')).json.data)).toEqual({ lobbies: [['Team 2'], ['Team 1']], unassigned: [] });
    });

    test('a lobby save behind a re-forming naming the old teams is refused; the new teams keep theirs', async () => {
      const { players: p, call, formTeams, api } = await teamDay(4, 2, 2);
      const old = await formTeams([
        { name: 'A', members: [p[0]!, p[1]!] },
        { name: 'B', members: [p[2]!, p[3]!] },
      ]);
      expect((await call('PUT', '', { lobbies: [[old.A], [old.B]] })).status).toBe(200);
      const [formed, saved] = await oneAfterTheOther(
        pauseAt,
        () => api.autoTeams(),
        () => call('PUT', '', { lobbies: [[old.B], [old.A]] }),
      );
      expect(formed.status).toBe(200);
      expectError(saved, 400, 'ENTRANT_NOT_CHECKED_IN');
      expect(named((await call('GET', '')).json.data)).toEqual({ lobbies: [['Team 1'], ['Team 2']], unassigned: [] });
    });
  });
