import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { tablePauses, watched } from '../helpers/table-pause.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  registration,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { finalizeDirectly, line, matchDay, resultsApi } from '../helpers/results.ts';
import { DEFAULT_SCORING, presetTables } from '../../../src/features/results/contract.ts';
import * as ResultsService from '../../../src/features/results/server/service.ts';

/**
 * Match day's results: an admin enters, edits and voids the matches of
 * a battle-royale tournament under the rules (placements unique and within the lobby, entrants from
 * the checked-in roster), every write audited; the public standings follow them and freeze once the
 * tournament is finalised.
 */
let t: TestApp;
let admin: Person;
let player: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
});
afterAll(() => t?.close());

const auditActions = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .execute()
  ).map((r) => r.action);

describe('who may call', () => {
  // and the refused calls change nothing
  test('anonymous is 401 and a player 403 on every admin call; standings and scoring are public', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const calls = [
      { method: 'GET' as const, url: `/api/tournaments/${id}/matches` },
      { method: 'POST' as const, url: `/api/tournaments/${id}/matches`, body: { lines: [line(players[0], 1)] } },
      { method: 'PUT' as const, url: `/api/tournaments/${id}/matches/1`, body: { lines: [line(players[0], 1)] } },
      { method: 'POST' as const, url: `/api/tournaments/${id}/matches/1/void`, body: { voided: true } },
      {
        method: 'POST' as const,
        url: `/api/tournaments/${id}/matches/preview`,
        body: { csv: `${players[0].username},1,0` },
      },
      { method: 'PUT' as const, url: `/api/tournaments/${id}/scoring`, body: presetTables.startgg_ffa },
      { method: 'GET' as const, url: `/api/tournaments/${id}/entrants` },
      { method: 'GET' as const, url: `/api/tournaments/${id}/teams` },
      { method: 'PUT' as const, url: `/api/tournaments/${id}/teams`, body: { teams: [] } },
      { method: 'POST' as const, url: `/api/tournaments/${id}/teams/auto` },
    ];
    for (const c of calls) {
      const before = await t.snapshot();
      expectError(await t.call(c.method, c.url, { body: c.body }), 401, 'UNAUTHORIZED');
      expectError(await t.call(c.method, c.url, { body: c.body, token: player.token }), 403, 'FORBIDDEN');
      expectError(await t.call(c.method, c.url, { body: c.body, token: players[0].token }), 403, 'FORBIDDEN');
      expect(await t.snapshot()).toEqual(before);
    }
    const api = resultsApi(t, admin.token, id);
    expect((await api.standings()).status).toBe(200);
    expect((await api.standings(player.token)).status).toBe(200);
    expect((await api.scoring()).json.data).toEqual(DEFAULT_SCORING);
  });

  test('an agency admin runs match day like a site admin: scoring, matches, void', async () => {
    const agencyAdmin = await quickPlayer(t);
    await t.makeAdmin(agencyAdmin.id, `${t.config.agencyName}Admin`);
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const api = resultsApi(t, agencyAdmin.token, id);
    expect((await api.setScoring(presetTables.startgg_ffa)).status).toBe(200);
    expect((await api.createMatch([line(players[0], 1, 7), line(players[1], 2)])).status).toBe(201);
    expect((await api.voidMatch(1, true)).status).toBe(200);
    expect((await api.matches()).json.data).toHaveLength(1);
    const actors = await t.db.kysely
      .selectFrom('audit_log')
      .select('actor_id')
      .where('entity_id', '=', id)
      .where('action', 'in', ['scoring.update', 'match.create', 'match.void'])
      .execute();
    expect(actors.map((a) => a.actor_id)).toEqual([agencyAdmin.id, agencyAdmin.id, agencyAdmin.id]);
  });

  test('the OpenAPI document lists every results call', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    for (const [path, method] of [
      ['/api/tournaments/{id}/standings', 'get'],
      ['/api/tournaments/{id}/scoring', 'put'],
      ['/api/tournaments/{id}/entrants', 'get'],
      ['/api/tournaments/{id}/teams', 'put'],
      ['/api/tournaments/{id}/teams/auto', 'post'],
      ['/api/tournaments/{id}/matches', 'post'],
      ['/api/tournaments/{id}/matches/preview', 'post'],
      ['/api/tournaments/{id}/matches/{number}', 'put'],
      ['/api/tournaments/{id}/matches/{number}/void', 'post'],
    ])
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  });

  test('bad ids and unknown tournaments are 4xx with their codes', async () => {
    expectError(await t.call('GET', '/api/tournaments/not-an-id/standings'), 400, 'INVALID_TOURNAMENT_ID');
    expectError(
      await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-000000000000/standings'),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    expectError(
      await t.call('POST', '/api/tournaments/00000000-0000-4000-8000-000000000000/matches', {
        token: admin.token,
        body: { lines: [line(player, 1)] },
      }),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    const { id } = await matchDay(t, admin.token, { checkedIn: 1 });
    expectError(
      await t.call('PUT', `/api/tournaments/${id}/matches/0`, {
        token: admin.token,
        body: { lines: [line(player, 1)] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await t.call('PUT', `/api/tournaments/${id}/matches/abc`, {
        token: admin.token,
        body: { lines: [line(player, 1)] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await t.call('POST', `/api/tournaments/${id}/matches`, { token: admin.token, body: { lines: [] } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await t.call('POST', `/api/tournaments/${id}/matches`, {
        token: admin.token,
        body: { lines: [{ entrantId: player.id, placement: 0, eliminations: 0 }] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await t.call('POST', `/api/tournaments/${id}/matches`, {
        token: admin.token,
        body: { lines: [{ entrantId: player.id, placement: 1, eliminations: -1 }] },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('scoring tables', () => {
  // each change is audited as `scoring.update`
  test('the default until an admin picks a preset or a custom table, each change audited', async () => {
    const { id } = await matchDay(t, admin.token, { checkedIn: 1 });
    const api = resultsApi(t, admin.token, id);
    expect((await api.scoring()).json.data).toEqual(presetTables.placement_plus_elims);
    const put = await api.setScoring(presetTables.startgg_ffa);
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect((await api.scoring()).json.data).toEqual(presetTables.startgg_ffa);
    const custom = {
      ...presetTables.startgg_ffa,
      preset: 'custom',
      placementPoints: [{ from: 1, to: 1, points: 25 }],
      countedMatches: 3,
      lobbySize: 50,
      tiebreakers: ['best_placement'],
    };
    expect((await api.setScoring(custom)).status).toBe(200);
    expect((await api.scoring()).json.data).toEqual(custom);
    expect((await auditActions(id)).filter((a) => a === 'scoring.update')).toHaveLength(2);
  });

  test('an invalid table is 400 and changes nothing', async () => {
    const { id } = await matchDay(t, admin.token, { checkedIn: 1 });
    const api = resultsApi(t, admin.token, id);
    const base = presetTables.placement_plus_elims;
    const bad = [
      {
        ...base,
        placementPoints: [
          { from: 1, to: 3, points: 5 },
          { from: 3, to: 4, points: 2 },
        ],
      },
      { ...base, placementPoints: [{ from: 4, to: 2, points: 5 }] },
      {
        ...base,
        eliminationBrackets: [
          { from: 3, to: null, points: 1 },
          { from: 5, to: 6, points: 2 },
        ],
      },
      { ...base, lobbySize: 10 },
      { ...base, tiebreakers: ['eliminations', 'eliminations'] },
      { ...base, countedMatches: 0 },
      { ...base, pointsPerElimination: -1 },
      { ...base, preset: 'other' },
    ];
    for (const table of bad) expectError(await api.setScoring(table), 400, 'VALIDATION_ERROR');
    // the contract's own rules name their text (errors.RANGES_OVERLAP, …) on the field at fault
    const issues = async (table: unknown) => (await api.setScoring(table)).json.error.issues;
    expect(await issues(bad[0])).toEqual([{ path: 'body.placementPoints', message: 'RANGES_OVERLAP' }]);
    expect(await issues(bad[3])).toEqual([{ path: 'body.placementPoints', message: 'PLACEMENT_OVER_LOBBY' }]);
    expect(await issues(bad[4])).toEqual([{ path: 'body.tiebreakers', message: 'DUPLICATE_TIEBREAKER' }]);
    expect((await api.scoring()).json.data).toEqual(DEFAULT_SCORING);
  });

  test('a lobby smaller than a placement already entered is refused', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const api = resultsApi(t, admin.token, id);
    expect((await api.createMatch([line(players[0], 1), line(players[1], 40)])).status).toBe(201);
    expectError(await api.setScoring({ ...presetTables.startgg_ffa, lobbySize: 20 }), 409, 'PLACEMENT_OVER_LOBBY');
  });

  test('a non-battle-royale tournament has no scoring, matches or standings: 409 NOT_BATTLE_ROYALE', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant' });
    const api = resultsApi(t, admin.token, id);
    expectError(await api.scoring(), 409, 'NOT_BATTLE_ROYALE');
    expectError(await api.setScoring(presetTables.startgg_ffa), 409, 'NOT_BATTLE_ROYALE');
    expectError(await api.standings(), 409, 'NOT_BATTLE_ROYALE');
    expectError(await api.createMatch([line(player, 1)]), 409, 'NOT_BATTLE_ROYALE');
    expectError(await api.matches(), 409, 'NOT_BATTLE_ROYALE');
    // its entrants (for a bracket) are still there
    expect((await api.entrants()).json.data).toEqual([]);
  });
});

describe('entering matches', () => {
  // each write is audited
  test('matches take numbers 1, 2, 3; the standings rank by points then the tiebreakers', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 4 });
    const [a, b, c, d] = players;
    const api = resultsApi(t, admin.token, id);
    const m1 = await api.createMatch([line(a, 1, 2), line(b, 2, 5), line(c, 3, 0)]);
    expect(m1.status, JSON.stringify(m1.json)).toBe(201);
    expect(m1.json.data).toMatchObject({
      number: 1,
      voided: false,
      lines: [
        { entrantId: a.id, name: a.username, placement: 1, eliminations: 2 },
        { entrantId: b.id },
        { entrantId: c.id },
      ],
    });
    expect((await api.createMatch([line(c, 1, 1), line(a, 6, 0)])).json.data.number).toBe(2);

    const s = (await api.standings()).json.data;
    expect(s).toMatchObject({
      tournamentId: id,
      format: 'battle_royale',
      teamSize: 1,
      matches: 2,
      final: false,
      scoring: DEFAULT_SCORING,
    });
    // placement + 1 per elimination: a 10+2 and 3+0 = 15; b 7+5 = 12; c 7+0 and 10+1 = 18; d nothing yet
    expect(
      s.rows.map((r: any) => [r.rank, r.entrantId, r.points, r.matchesCounted, r.eliminations, r.bestPlacement]),
    ).toEqual([
      [1, c.id, 18, 2, 1, 1],
      [2, a.id, 15, 2, 2, 1],
      [3, b.id, 12, 1, 5, 2],
      [4, d.id, 0, 0, 0, null],
    ]);
    expect(s.rows[0]).toMatchObject({ name: c.username, members: [c.username], averagePlacement: 2, matchesPlayed: 2 });
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['match.create', 'match.create']));
  });

  test.each([
    ['the same placement twice', 'PLACEMENT_TAKEN', (p: Person[]) => [line(p[0], 1), line(p[1], 1)]],
    ['a placement above the lobby', 'PLACEMENT_OVER_LOBBY', (p: Person[]) => [line(p[0], 101)]],
    ['the same entrant twice', 'ENTRANT_REPEATED', (p: Person[]) => [line(p[0], 1), line(p[0], 2)]],
    [
      'a member who did not check in',
      'ENTRANT_NOT_CHECKED_IN',
      (p: Person[], w: Person[]) => [line(p[0], 1), line(w[0], 2)],
    ],
    ['a player who never joined', 'ENTRANT_NOT_CHECKED_IN', (p: Person[]) => [line(p[0], 1), line(player, 2)]],
  ] as const)('%s is 400 %s and writes nothing', async (_name, code, lines) => {
    const { id, players, waiting } = await matchDay(t, admin.token, { checkedIn: 2, waiting: 1 });
    const api = resultsApi(t, admin.token, id);
    const before = await t.snapshot();
    const res = await api.createMatch(lines(players, waiting));
    expectError(res, 400, code);
    expect(res.json.error.issues).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^body\.lines\.\d$/), message: code }),
    ]);
    expect(await t.snapshot()).toEqual(before);
    // an edit is held to the same rules
    expect((await api.createMatch([line(players[0], 1)])).status).toBe(201);
    expectError(await api.updateMatch(1, lines(players, waiting)), 400, code);
  });

  // an unchanged line keeps its submission time
  test("an edit replaces the match's lines; 404 MATCH_NOT_FOUND for a number not entered", async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 3 });
    const [a, b, c] = players;
    const api = resultsApi(t, admin.token, id);
    await api.createMatch([line(a, 1, 3), line(b, 2, 0)]);
    const stamps = async () =>
      Object.fromEntries(
        (
          await t.db.kysely
            .selectFrom('match_results')
            .select(['entrant_id', 'submitted_at'])
            .where('tournament_id', '=', id)
            .execute()
        ).map((r) => [r.entrant_id, r.submitted_at]),
      );
    const first = await stamps();
    const edited = await api.updateMatch(1, [line(a, 1, 3), line(c, 2, 4)]);
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.lines.map((l: any) => [l.entrantId, l.placement, l.eliminations])).toEqual([
      [a.id, 1, 3],
      [c.id, 2, 4],
    ]);
    const second = await stamps();
    expect(second[a.id]).toBe(first[a.id]);
    expect(second[b.id]).toBeUndefined();
    expect(second[c.id]! >= first[a.id]!).toBe(true);
    expectError(await api.updateMatch(7, [line(a, 1)]), 404, 'MATCH_NOT_FOUND');
    expectError(await api.voidMatch(7, true), 404, 'MATCH_NOT_FOUND');
    expect(await auditActions(id)).toContain('match.update');
  });

  test('a match saved with fewer lines than entrants is saved and says how many entrants play', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 3 });
    const api = resultsApi(t, admin.token, id);
    const short = await api.createMatch([line(players[0], 1), line(players[1], 2)]);
    expect(short.status, JSON.stringify(short.json)).toBe(201);
    expect([short.json.data.lines.length, short.json.data.entrants]).toEqual([2, 3]);
    const whole = await api.updateMatch(1, [line(players[0], 1), line(players[1], 2), line(players[2], 3)]);
    expect([whole.json.data.lines.length, whole.json.data.entrants]).toEqual([3, 3]);
    expect((await api.matches()).json.data[0].entrants).toBe(3);
  });

  test("a disqualified player's recorded lines stay editable; they are never added to another match", async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 3 });
    const [a, b, c] = players;
    const api = resultsApi(t, admin.token, id);
    expect((await api.createMatch([line(a, 1, 2), line(b, 2), line(c, 3)])).status).toBe(201);
    expect((await api.createMatch([line(b, 1), line(c, 2)])).status).toBe(201);
    const dq = await t.call('POST', `/api/tournaments/${id}/registrations/${a.id}/disqualify`, {
      token: admin.token,
      body: { reason: 'Teaming' },
    });
    expect(dq.status, JSON.stringify(dq.json)).toBe(200);

    const listed = (await api.matches()).json.data[0];
    expect(listed.lines.find((l: any) => l.entrantId === a.id).name).toBe(a.username);
    const kept = await api.updateMatch(1, [line(a, 1, 5), line(b, 2), line(c, 3)]);
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json.data.entrants).toBe(2);
    expectError(await api.updateMatch(2, [line(b, 1), line(c, 2), line(a, 3)]), 400, 'ENTRANT_NOT_CHECKED_IN');
    expectError(await api.createMatch([line(a, 1)]), 400, 'ENTRANT_NOT_CHECKED_IN');

    const rows = (await api.standings()).json.data.rows;
    expect(rows.map((r: any) => [r.entrantId, r.rank, r.disqualified ?? false])).toEqual([
      [b.id, 1, false],
      [c.id, 2, false],
      [a.id, 0, true],
    ]);
    // placement 1 and five eliminations in the default table: 10 + 5
    expect(rows[2].points).toBe(15);
  });

  test('voiding a match restores exactly the standings without it; restoring it brings them back', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 3 });
    const [a, b, c] = players;
    const api = resultsApi(t, admin.token, id);
    await api.createMatch([line(a, 1, 1), line(b, 2, 2), line(c, 3, 3)]);
    const withOne = (await api.standings()).json.data.rows;
    await api.createMatch([line(c, 1, 9), line(b, 2, 0), line(a, 12, 0)]);
    const withBoth = (await api.standings()).json.data.rows;
    expect(withBoth).not.toEqual(withOne);

    const voided = await api.voidMatch(2, true);
    expect(voided.status).toBe(200);
    expect(voided.json.data).toMatchObject({ number: 2, voided: true });
    const afterVoid = (await api.standings()).json.data;
    expect(afterVoid.rows).toEqual(withOne);
    expect(afterVoid.matches).toBe(1);
    // the voided match is still listed for the admin
    expect((await api.matches()).json.data.map((m: any) => [m.number, m.voided])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await api.voidMatch(2, false)).json.data.voided).toBe(false);
    expect((await api.standings()).json.data.rows).toEqual(withBoth);
    expect((await auditActions(id)).filter((x) => x === 'match.void')).toHaveLength(2);
  });

  test('best N: only the best matches count', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const [a, b] = players;
    const api = resultsApi(t, admin.token, id);
    expect((await api.setScoring({ ...presetTables.placement_plus_elims, countedMatches: 2 })).status).toBe(200);
    await api.createMatch([line(a, 1, 0), line(b, 2, 0)]);
    await api.createMatch([line(a, 15, 0), line(b, 1, 0)]);
    await api.createMatch([line(a, 2, 0), line(b, 30, 0)]);
    const rows = (await api.standings()).json.data.rows;
    // a: 10 + 7 (the 1 of 15th left out); b: 10 + 7 (the 0 of 30th left out): level on points, and
    // on eliminations, best placement and average placement; a submitted its last counted line later
    expect(rows.map((r: any) => [r.entrantId, r.points, r.matchesCounted, r.matchesPlayed])).toEqual([
      [b.id, 17, 2, 3],
      [a.id, 17, 2, 3],
    ]);
    expect(rows.map((r: any) => r.rank)).toEqual([1, 2]);
  });

  test('two admins entering matches at once get distinct numbers 1..N, never a 5xx', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const admin2 = await quickPlayer(t, { admin: true });
    const calls = Array.from({ length: 12 }, (_, i) =>
      resultsApi(t, i % 2 ? admin.token : admin2.token, id).createMatch([line(players[0], 1, i), line(players[1], 2)]),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(results.map((r) => r.json.data.number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const stored = await t.db.kysely
      .selectFrom('tournament_matches')
      .select('number')
      .where('tournament_id', '=', id)
      .orderBy('number')
      .execute();
    expect(stored.map((r) => r.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('recordLine (for self-reports)', () => {
  // a line for a match not entered yet creates the match
  test('adds or replaces one line; a placement held by another entrant is 409 PLACEMENT_TAKEN', async () => {
    const { id, players, waiting } = await matchDay(t, admin.token, { checkedIn: 3, waiting: 1 });
    const [a, b, c] = players;
    const actor = { id: admin.id, name: admin.username };
    const at = '2026-01-01T10:00:00.000Z';
    const made = await ResultsService.recordLine(t.app, actor, id, 3, { ...line(a, 4, 2), submittedAt: at });
    expect(made).toMatchObject({
      number: 3,
      voided: false,
      lines: [{ entrantId: a.id, placement: 4, eliminations: 2 }],
    });
    await ResultsService.recordLine(t.app, actor, id, 3, { ...line(b, 1, 0), submittedAt: at });
    // a's second report replaces the first
    const replaced = await ResultsService.recordLine(t.app, actor, id, 3, { ...line(a, 2, 5), submittedAt: at });
    expect(replaced.lines.map((l) => [l.entrantId, l.placement, l.eliminations])).toEqual([
      [b.id, 1, 0],
      [a.id, 2, 5],
    ]);
    const stored = await t.db.kysely
      .selectFrom('match_results')
      .select(['entrant_id', 'submitted_at'])
      .where('tournament_id', '=', id)
      .execute();
    expect(stored.every((r) => r.submitted_at === at)).toBe(true);
    await expect(
      ResultsService.recordLine(t.app, actor, id, 3, { ...line(c, 1, 0), submittedAt: at }),
    ).rejects.toMatchObject({ code: 'PLACEMENT_TAKEN', kind: 'conflict' });
    await expect(
      ResultsService.recordLine(t.app, actor, id, 3, { ...line(waiting[0], 5, 0), submittedAt: at }),
    ).rejects.toMatchObject({ code: 'ENTRANT_NOT_CHECKED_IN' });
    await expect(
      ResultsService.recordLine(t.app, actor, id, 3, { ...line(c, 101, 0), submittedAt: at }),
    ).rejects.toMatchObject({ code: 'PLACEMENT_OVER_LOBBY' });
    // the next match an admin enters comes after it
    expect((await resultsApi(t, admin.token, id).createMatch([line(c, 1)])).json.data.number).toBe(4);
    expect((await auditActions(id)).filter((x) => x === 'match.record')).toHaveLength(3);
    expect(await ResultsService.entrantOf(t.app, id, a.id)).toEqual({
      id: a.id,
      name: a.username,
      members: [{ id: a.id, username: a.username }],
    });
    expect(await ResultsService.entrantOf(t.app, id, waiting[0].id)).toBeNull();
  });
});

describe('finalised tournaments', () => {
  test('every results write is 409 TOURNAMENT_FINALIZED and the standings are the frozen rows', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
    const api = resultsApi(t, admin.token, id);
    await api.createMatch([line(players[0], 1, 1), line(players[1], 2)]);
    const live = (await api.standings()).json.data.rows;
    await finalizeDirectly(t, id, live);
    // finalised behind the API, so no write emptied the standings read a moment ago (kept a second)
    t.app.responseCache?.clear();
    const before = await t.snapshot();
    expectError(await api.createMatch([line(players[0], 1)]), 409, 'TOURNAMENT_FINALIZED');
    expectError(await api.updateMatch(1, [line(players[0], 2)]), 409, 'TOURNAMENT_FINALIZED');
    expectError(await api.voidMatch(1, true), 409, 'TOURNAMENT_FINALIZED');
    expectError(await api.setScoring(presetTables.startgg_ffa), 409, 'TOURNAMENT_FINALIZED');
    await expect(
      ResultsService.recordLine(t.app, { id: admin.id, name: admin.username }, id, 2, {
        ...line(players[0], 1, 0),
        submittedAt: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ code: 'TOURNAMENT_FINALIZED' });
    expect(await t.snapshot()).toEqual(before);
    // frozen: a change behind the API (a player removed from the roster) does not move them
    await t.db.kysely
      .updateTable('tournament_registrations')
      .set({ confirmed: 0 })
      .where('tournament_id', '=', id)
      .execute();
    const frozen = (await api.standings()).json.data;
    expect(frozen.final).toBe(true);
    expect(frozen.rows).toEqual(live);
  });
});

describe('CSV preview', () => {
  test('comma, semicolon or tab, a header or none, names in any case: the lines to send, writing nothing', async () => {
    const { id, players } = await matchDay(t, admin.token, { checkedIn: 3 });
    const [a, b, c] = players;
    const api = resultsApi(t, admin.token, id);
    const expected = [line(a, 1, 4), line(b, 2, 0), line(c, 3, 1)];
    const before = await t.snapshot();
    for (const csv of [
      `${a.username},1,4\n${b.username},2,0\n${c.username},3,1`,
      `player;placement;kills\r\n${a.username.toUpperCase()};1;4\r\n${b.username};2;0\r\n\r\n${c.username};3;1\r\n`,
      `name\tplacement\teliminations\n${a.username}\t1\t4\n"${b.username}"\t2\t0\n${c.username}\t 3 \t1`,
    ]) {
      const res = await api.preview(csv);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data).toMatchObject({ valid: true, lines: expected });
      expect(res.json.data.rows.every((r: any) => r.error === null)).toBe(true);
    }
    expect(await t.snapshot()).toEqual(before);
  });

  test("a row may name the player's registered game account; one shared by two players names neither", async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
    const [a, b, c] = await quickPlayers(t, 3);
    const account = (p: Person, username: string) => registration(p.id, { username });
    const accounts = new Map([
      [a, `Epic_${a.username}`],
      [b, 'SharedPad'],
      [c, 'sharedpad'],
    ]);
    for (const [p, name] of accounts) expect((await join(t, id, p, account(p, name))).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const [p, name] of accounts) expect((await checkIn(t, id, p, account(p, name))).status).toBe(200);
    const api = resultsApi(t, admin.token, id);
    const res = await api.preview(`epic_${a.username.toUpperCase()},1,4\n${b.username},2,0\nSharedPad,3,0`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.rows.map((r: any) => [r.entrantId, r.error])).toEqual([
      [a.id, null],
      [b.id, null],
      [null, 'UNKNOWN_ENTRANT'],
    ]);
    const good = await api.preview(`Epic_${a.username},1,4\n${b.username},2,0\n${c.username},3,0`);
    expect(good.json.data).toMatchObject({ valid: true, lines: [line(a, 1, 4), line(b, 2), line(c, 3)] });
  });

  test('each faulty row carries its code and line number; no lines are offered until all are good', async () => {
    const { id, players, waiting } = await matchDay(t, admin.token, { checkedIn: 3, waiting: 1 });
    const [a, b, c] = players;
    const api = resultsApi(t, admin.token, id);
    const csv = [
      `${a.username},1,2`,
      `nobody,2,0`,
      `${b.username},first,0`,
      `${c.username},1,0`,
      `${a.username},4,0`,
      `${waiting[0].username},5,0`,
      `${b.username},500,0`,
      `${b.username},3`,
    ].join('\n');
    const res = await api.preview(csv);
    expect(res.status).toBe(200);
    expect(res.json.data.valid).toBe(false);
    expect(res.json.data.lines).toEqual([]);
    expect(res.json.data.rows.map((r: any) => [r.row, r.error])).toEqual([
      [1, null],
      [2, 'UNKNOWN_ENTRANT'],
      [3, 'CSV_ROW_INVALID'],
      [4, 'PLACEMENT_TAKEN'],
      [5, 'ENTRANT_REPEATED'],
      [6, 'UNKNOWN_ENTRANT'],
      [7, 'CSV_ROW_INVALID'],
      [8, 'CSV_ROW_INVALID'],
    ]);
    // a first row with a typo in its placement is shown as faulty, not taken for a header and left out
    const typo = await api.preview(`${a.username},first,2\n${b.username},2,0`);
    expect(typo.json.data.rows.map((r: any) => [r.row, r.error])).toEqual([
      [1, 'CSV_ROW_INVALID'],
      [2, null],
    ]);
    expect(typo.json.data).toMatchObject({ valid: false, lines: [] });
    expect((await api.preview('')).json.data).toEqual({ rows: [], lines: [], valid: false });
    expectError(await api.preview('x'.repeat(100_001)), 400, 'VALIDATION_ERROR');
  });
});

describe('micro-cached standings', () => {
  let c: TestApp;
  let boss: Person;
  beforeAll(async () => {
    c = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
    boss = await quickPlayer(c, { admin: true });
  });
  afterAll(() => c?.close());

  test('a copy is served until a results write, which the very next read shows (anonymous or signed in)', async () => {
    const { id, players } = await matchDay(c, boss.token, { checkedIn: 2 });
    const api = resultsApi(c, boss.token, id);
    const reader = await quickPlayer(c);
    expect((await api.standings()).json.data.matches).toBe(0);
    expect((await api.standings(reader.token)).json.data.matches).toBe(0);
    // a change no write announced is not seen: the copy is cached
    await c.db.kysely
      .updateTable('tournaments')
      .set({ scoring: JSON.stringify(presetTables.startgg_ffa) })
      .where('id', '=', id)
      .execute();
    expect((await api.standings()).json.data.scoring.preset).toBe('placement_plus_elims');
    const created = await api.createMatch([line(players[0], 1, 7), line(players[1], 2, 0)]);
    expect(created.status).toBe(201);
    const fresh = (await api.standings()).json.data;
    expect(fresh.matches).toBe(1);
    // start.gg FFA: 1st 3 + 7 kills 3 = 6; 2nd 2
    expect(fresh.rows.map((r: any) => r.points)).toEqual([6, 2]);
    expect((await api.standings(reader.token)).json.data.matches).toBe(1);
    await api.voidMatch(1, true);
    expect((await api.standings()).json.data.matches).toBe(0);
  });
});

if (engine === 'postgres')
  describe('PostgreSQL, a match saved while the scoring table changes', () => {
    const pauseAt = tablePauses(() => t);

    // the table is written and its save waits at the audit entry, holding the tournament, when the match is sent
    test('a placement over the lobby size just saved is refused: no line that would never score', async () => {
      const { id, players } = await matchDay(t, admin.token, { checkedIn: 2 });
      const api = resultsApi(t, admin.token, id);
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const smaller = watched(api.setScoring({ ...presetTables.startgg_ffa, lobbySize: 20 }));
      expect(await pause.untilWaiting(1, () => smaller.settled)).toBe(1);
      const created = watched(api.createMatch([line(players[0], 1), line(players[1], 40)]));
      expect(await pause.untilWaiting(2, () => created.settled)).toBe(2);
      await pause.release();
      expect((await smaller.promise).status).toBe(200);
      expectError(await created.promise, 400, 'PLACEMENT_OVER_LOBBY');
      expect((await api.matches()).json.data).toEqual([]);
      expect((await api.scoring()).json.data.lobbySize).toBe(20);
    });

    test("the second of two table saves at once records the first's table as its before", async () => {
      const { id } = await matchDay(t, admin.token, { checkedIn: 2 });
      const api = resultsApi(t, admin.token, id);
      const first = { ...presetTables.startgg_ffa, lobbySize: 60 };
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const one = watched(api.setScoring(first));
      expect(await pause.untilWaiting(1, () => one.settled)).toBe(1);
      const two = watched(api.setScoring({ ...presetTables.startgg_ffa, lobbySize: 30 }));
      expect(await pause.untilWaiting(2, () => two.settled)).toBe(2);
      await pause.release();
      expect((await one.promise).status).toBe(200);
      expect((await two.promise).status).toBe(200);
      const entries = await t.db.kysely
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('entity_id', '=', id)
        .where('action', '=', 'scoring.update')
        .execute();
      const sizes = entries.map((e) => [e.before, e.after].map((x) => JSON.parse(x as string).lobbySize));
      expect(sizes).toHaveLength(2);
      expect(sizes).toEqual(
        expect.arrayContaining([
          [100, 60],
          [60, 30],
        ]),
      );
    });
  });
