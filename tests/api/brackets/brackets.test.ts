import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withClockStopped } from '../helpers/clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
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
import { bulkPlayers, seatCheckedIn } from '../helpers/big-field.ts';
import { placements } from '../../../src/features/brackets/server/service.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { Game } from '../../../src/features/games/contract.ts';

/**
 * Brackets: the admin generates a single-elimination or round-robin
 * bracket from the checked-in players, both sides report, agreeing reports confirm and advance,
 * differing ones go to the admin, who resolves and overrides; the public bracket and the final places.
 */
let t: TestApp;
let admin: Person;
let outsider: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  outsider = await quickPlayer(t);
});
afterAll(() => t?.close());

/** A Valorant tournament (single elimination by its game) whose `n` players joined and checked in, in order. */
async function field(
  n: number,
  overrides: { format?: 'round_robin' | 'single_elimination' | 'battle_royale'; game?: Game; teamSize?: number } = {},
) {
  const game = overrides.game ?? 'Valorant';
  const id = await createTournament(t, admin.token, 'registration', {
    game,
    maxPartecipants: 64,
    teamSize: overrides.teamSize ?? null,
    ...(overrides.format ? { format: overrides.format } : {}),
  });
  const people = await quickPlayers(t, n);
  for (const p of people) expect((await join(t, id, p, registration(p.id, { game }))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await checkIn(t, id, p, registration(p.id, { game }))).status).toBe(200);
  return { id, people };
}

const generate = (id: string, seeding: unknown = 'checkin', token = admin.token) =>
  t.call('POST', `/api/tournaments/${id}/bracket`, { token, body: { seeding } });
const getBracket = async (id: string): Promise<Bracket> => {
  const res = await t.call('GET', `/api/tournaments/${id}/bracket`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const report = (id: string, matchId: string, p: Person, scoreA: number, scoreB: number) =>
  t.call('POST', `/api/tournaments/${id}/bracket/matches/${matchId}/report`, {
    token: p.token,
    body: { scoreA, scoreB },
  });
const override = (id: string, matchId: string, scoreA: number, scoreB: number, token = admin.token) =>
  t.call('POST', `/api/tournaments/${id}/bracket/matches/${matchId}/override`, { token, body: { scoreA, scoreB } });
const matchAt = (b: Bracket, round: number, slot: number, group = 0): BracketMatch =>
  b.rounds.find((r) => r.group === group && r.round === round)!.matches[slot]!;
const auditOf = (id: string, action: string) =>
  t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', action).execute();
const person = (people: Person[], name: string | undefined) => people.find((p) => p.username === name)!;

test('the OpenAPI document lists every bracket call', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  for (const [path, method] of [
    ['/api/tournaments/{id}/bracket', 'get'],
    ['/api/tournaments/{id}/bracket', 'post'],
    ['/api/tournaments/{id}/bracket/mine', 'get'],
    ['/api/tournaments/{id}/bracket/matches/{matchId}/report', 'post'],
    ['/api/tournaments/{id}/bracket/matches/{matchId}/override', 'post'],
  ])
    expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
});

describe('generating a bracket', () => {
  // a battle-royale tournament has no bracket
  test('only an admin generates, for two entrants at least; a bad seeding is 400', async () => {
    const { id, people } = await field(2);
    expectError(
      await t.call('POST', `/api/tournaments/${id}/bracket`, { body: { seeding: 'random' } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await generate(id, 'random', people[0]!.token), 403, 'FORBIDDEN');
    expectError(await generate(id, 'alphabetical'), 400, 'VALIDATION_ERROR');
    expect(await getBracket(id)).toMatchObject({
      format: 'single_elimination',
      seeding: null,
      rounds: [],
      tables: [],
      complete: false,
      champion: null,
    });

    const fortnite = await createTournament(t, admin.token, 'registration', { game: 'Fortnite' });
    expectError(await generate(fortnite), 409, 'NOT_BRACKET_FORMAT');
    expectError(await t.call('GET', `/api/tournaments/${fortnite}/bracket`), 409, 'NOT_BRACKET_FORMAT');
    expectError(
      await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-000000000000/bracket'),
      404,
      'TOURNAMENT_NOT_FOUND',
    );
    expectError(await t.call('GET', '/api/tournaments/not-a-tournament/bracket'), 400, 'INVALID_TOURNAMENT_ID');

    const lonely = await field(1);
    expectError(await generate(lonely.id), 409, 'BRACKET_TOO_FEW_ENTRANTS');
    expect(
      await t.db.kysely.selectFrom('brackets').selectAll().where('tournament_id', '=', lonely.id).execute(),
    ).toEqual([]);
  });

  // the seeds with a bye wait in round two
  test('five checked-in players in check-in order: byes to seeds 1-3, 4 v 5 plays; audited', async () => {
    const { id, people } = await field(5);
    const res = await generate(id, 'checkin');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b: Bracket = res.json.data;
    expect(b.seeding).toBe('checkin');
    expect(b.rounds.map((r) => r.matches.length)).toEqual([4, 2, 1]);
    const names = people.map((p) => p.username);
    const r1 = b.rounds[0]!.matches;
    expect(r1.map((m) => [m.sideA?.name ?? null, m.sideB?.name ?? null, m.state])).toEqual([
      [names[0], null, 'bye'],
      [names[3], names[4], 'awaiting'],
      [names[1], null, 'bye'],
      [names[2], null, 'bye'],
    ]);
    expect(r1[0]!.sideA!.seed).toBe(1);
    expect(matchAt(b, 2, 0)).toMatchObject({ sideA: { name: names[0] }, sideB: null, state: 'pending' });
    expect(matchAt(b, 2, 1)).toMatchObject({ sideA: { name: names[1] }, sideB: { name: names[2] }, state: 'awaiting' });
    const rows = await auditOf(id, 'bracket.generate');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({
      format: 'single_elimination',
      seeding: 'checkin',
      seeds: names,
      matches: 7,
    });
  });

  test('players who join and check in within one millisecond are seeded in the order they came in', async () => {
    // the clock stands still: every join and check-in below happens in the same millisecond
    await withClockStopped(async () => {
      const { id, people } = await field(6);
      expect((await generate(id, 'checkin')).status).toBe(200);
      const rows = await auditOf(id, 'bracket.generate');
      expect(JSON.parse(rows.at(-1)!.after!).seeds).toEqual(people.map((p) => p.username));
    });
  });

  test('generating again is allowed until a side reports, then 409 and nothing changes', async () => {
    const { id, people } = await field(4);
    expect((await generate(id, 'checkin')).status).toBe(200);
    const again = await generate(id, 'random');
    expect(again.status).toBe(200);
    expect(again.json.data.seeding).toBe('random');
    expect(
      (again.json.data as Bracket).rounds[0]!.matches.flatMap((m) => [m.sideA!.name, m.sideB!.name]).sort(),
    ).toEqual(people.map((p) => p.username).sort());
    expect(await auditOf(id, 'bracket.regenerate')).toHaveLength(1);

    const m = again.json.data.rounds[0].matches[0] as BracketMatch;
    expect((await report(id, m.id, person(people, m.sideA!.name), 2, 0)).status).toBe(200);
    const before = await getBracket(id);
    expectError(await generate(id, 'checkin'), 409, 'BRACKET_HAS_RESULTS');
    expect(await getBracket(id)).toEqual(before);
    expect(await auditOf(id, 'bracket.regenerate')).toHaveLength(1);
  });
});

describe('reporting', () => {
  test('agreeing reports confirm the match and send the winner on; the rules of who and what', async () => {
    const { id, people } = await field(4);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const m = matchAt(b, 1, 0);
    const [a, d] = [person(people, m.sideA!.name), person(people, m.sideB!.name)];
    expect([a, d]).toEqual([people[0], people[3]]);

    expectError(await report(id, m.id, outsider, 2, 1), 403, 'NOT_A_SIDE');
    expectError(await report(id, m.id, people[1]!, 2, 1), 403, 'NOT_A_SIDE');
    expectError(await report(id, m.id, a, 1, 1), 400, 'DRAW_NOT_ALLOWED');
    expectError(await report(id, m.id, a, -1, 1), 400, 'VALIDATION_ERROR');
    expectError(
      await t.call('POST', `/api/tournaments/${id}/bracket/matches/${m.id}/report`, { body: { scoreA: 1, scoreB: 0 } }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await report(id, 'no-such-match', a, 2, 1), 404, 'BRACKET_MATCH_NOT_FOUND');
    expectError(await report(id, matchAt(b, 2, 0).id, a, 2, 1), 409, 'MATCH_NOT_READY');

    const mine = await t.call('GET', `/api/tournaments/${id}/bracket/mine`, { token: a.token });
    expect(mine.json.data).toEqual([{ matchId: m.id, side: 'a', report: null }]);

    const first = await report(id, m.id, a, 2, 1);
    expect(first.status).toBe(200);
    // the other side cannot see the score reported before they report theirs
    expect(first.json.data).toMatchObject({
      state: 'awaiting',
      reported: { a: true, b: false },
      reports: null,
      scoreA: null,
      winner: null,
    });
    expect((await t.call('GET', `/api/tournaments/${id}/bracket/mine`, { token: a.token })).json.data).toEqual([
      { matchId: m.id, side: 'a', report: { scoreA: 2, scoreB: 1 } },
    ]);
    // a side may correct itself before the other reports
    expect((await report(id, m.id, a, 3, 1)).json.data.state).toBe('awaiting');
    const second = await report(id, m.id, d, 3, 1);
    expect(second.json.data).toMatchObject({
      state: 'confirmed',
      scoreA: 3,
      scoreB: 1,
      winner: a.id,
      decidedBy: 'players',
    });
    expectError(await report(id, m.id, d, 0, 3), 409, 'MATCH_ALREADY_CONFIRMED');

    const after = await getBracket(id);
    expect(matchAt(after, 2, 0)).toMatchObject({ sideA: { id: a.id }, sideB: null, state: 'pending' });
    expect((await t.call('GET', `/api/tournaments/${id}/bracket/mine`, { token: a.token })).json.data).toEqual([]);
  });

  test('differing reports dispute the match; the admin resolves it and the winner goes on; audited', async () => {
    const { id, people } = await field(2);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const m = matchAt(b, 1, 0);
    const [a, z] = people as [Person, Person];
    expect((await report(id, m.id, a, 2, 0)).status).toBe(200);
    const disputed = await report(id, m.id, z, 0, 2);
    expect(disputed.json.data).toMatchObject({
      state: 'disputed',
      winner: null,
      reports: { a: { scoreA: 2, scoreB: 0 }, b: { scoreA: 0, scoreB: 2 } },
    });
    expect((await getBracket(id)).rounds[0]!.matches[0]!.state).toBe('disputed');

    expectError(await override(id, m.id, 0, 2, a.token), 403, 'FORBIDDEN');
    expectError(await override(id, m.id, 1, 1), 400, 'DRAW_NOT_ALLOWED');
    const resolved = await override(id, m.id, 0, 2);
    expect(resolved.json.data).toMatchObject({
      state: 'confirmed',
      scoreA: 0,
      scoreB: 2,
      winner: z.id,
      decidedBy: 'admin',
      reports: null,
    });
    const final = await getBracket(id);
    expect(final).toMatchObject({ complete: true, champion: { id: z.id } });
    const rows = await auditOf(id, 'bracket.resolve');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.before!)).toMatchObject({
      matchId: m.id,
      state: 'disputed',
      reports: { a: { scoreA: 2, scoreB: 0 } },
    });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ matchId: m.id, state: 'confirmed', scoreA: 0, scoreB: 2 });
    expect(await placements(t.app, id)).toEqual([
      expect.objectContaining({
        rank: 1,
        entrantId: z.id,
        name: z.username,
        members: [z.username],
        points: 3,
        matchesPlayed: 1,
      }),
      expect.objectContaining({ rank: 2, entrantId: a.id, points: 0 }),
    ]);
  });

  // re-flowing clears the next match's reports
  test('an override re-flows the winner into the next match, refused once that match has a result', async () => {
    const { id, people } = await field(4);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const [m0, m1] = [matchAt(b, 1, 0), matchAt(b, 1, 1)];
    const [p1, p2, p3, p4] = people as [Person, Person, Person, Person];
    // 1 v 4 and 2 v 3, both agreed: 1 and 2 go on
    for (const [m, x, y] of [
      [m0, p1, p4],
      [m1, p2, p3],
    ] as const) {
      await report(id, m.id, x, 1, 0);
      expect((await report(id, m.id, y, 1, 0)).json.data.state).toBe('confirmed');
    }
    const final = matchAt(await getBracket(id), 2, 0);
    expect(final).toMatchObject({ sideA: { id: p1.id }, sideB: { id: p2.id }, state: 'awaiting' });
    await report(id, final.id, p1, 3, 0);

    // the admin finds 4 actually beat 1: 4 takes the final's side a and 1's report there is gone
    const flipped = await override(id, m0.id, 0, 2);
    expect(flipped.json.data).toMatchObject({ winner: p4.id, decidedBy: 'admin' });
    const reopened = matchAt(await getBracket(id), 2, 0);
    expect(reopened).toMatchObject({
      sideA: { id: p4.id },
      sideB: { id: p2.id },
      state: 'awaiting',
      reported: { a: false, b: false },
    });
    expect(await auditOf(id, 'bracket.override')).toHaveLength(1);
    expectError(await report(id, final.id, p1, 3, 0), 403, 'NOT_A_SIDE');

    // the final is played; now the first match can no longer change hands, but the same winner with another score can
    // be recorded
    await report(id, final.id, p4, 0, 2);
    expect((await report(id, final.id, p2, 0, 2)).json.data.state).toBe('confirmed');
    expectError(await override(id, m0.id, 2, 0), 409, 'LATER_MATCH_CONFIRMED');
    expect(matchAt(await getBracket(id), 1, 0)).toMatchObject({ winner: p4.id, scoreA: 0, scoreB: 2 });
    expect((await override(id, m0.id, 1, 3)).json.data).toMatchObject({ winner: p4.id, scoreA: 1, scoreB: 3 });

    const done = await getBracket(id);
    expect(done).toMatchObject({ complete: true, champion: { id: p2.id } });
    const places = await placements(t.app, id);
    expect(places.map((r) => [r.entrantId, r.rank])).toEqual([
      [p2.id, 1],
      [p4.id, 2],
      [p1.id, 3],
      [p3.id, 3],
    ]);
  });

  test('entrants still in play get the place losing their current match would give', async () => {
    const { id, people } = await field(4);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const m0 = matchAt(b, 1, 0);
    await report(id, m0.id, people[0]!, 1, 0);
    await report(id, m0.id, people[3]!, 1, 0);
    const places = Object.fromEntries((await placements(t.app, id)).map((r) => [r.entrantId, r.rank]));
    expect(places).toEqual({ [people[0]!.id]: 2, [people[1]!.id]: 3, [people[2]!.id]: 3, [people[3]!.id]: 3 });
  });
});

describe('round robin', () => {
  // draws are allowed
  test('every pairing in rounds, a table by points then difference, final places in table order', async () => {
    const { id, people } = await field(4, { format: 'round_robin' });
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    expect(b.format).toBe('round_robin');
    expect(b.rounds.map((r) => [r.group, r.round, r.matches.length])).toEqual([
      [1, 1, 2],
      [1, 2, 2],
      [1, 3, 2],
    ]);
    const pairs = b.rounds.flatMap((r) => r.matches.map((m) => [m.sideA!.id, m.sideB!.id].sort().join()));
    expect(new Set(pairs).size).toBe(6);
    expect(b.tables).toHaveLength(1);
    expect(b.tables[0]!.rows.every((r) => r.played === 0 && r.points === 0)).toBe(true);

    // results: p1 wins all; p2 draws p3; both beat p4
    const score = (x: string, y: string): [number, number] => {
      const rank = (id: string) => people.findIndex((p) => p.id === id);
      const [rx, ry] = [rank(x), rank(y)];
      if (rx === 0) return [2, 0];
      if (ry === 0) return [0, 2];
      if ((rx === 1 && ry === 2) || (rx === 2 && ry === 1)) return [1, 1];
      // p2 beats p4 by more than p3 does, so the difference separates the two drawn entrants
      const margin: [number, number] = rx === 1 || ry === 1 ? [3, 0] : [3, 1];
      return rx < ry ? margin : [margin[1], margin[0]];
    };
    for (const m of b.rounds.flatMap((r) => r.matches)) {
      const [sa, sb] = score(m.sideA!.id, m.sideB!.id);
      await report(id, m.id, person(people, m.sideA!.name), sa, sb);
      expect((await report(id, m.id, person(people, m.sideB!.name), sa, sb)).json.data.state).toBe('confirmed');
    }
    const done = await getBracket(id);
    expect(done.complete).toBe(true);
    expect(done.champion).toBeNull();
    expect(
      done.tables[0]!.rows.map((r) => [
        r.name,
        r.played,
        r.wins,
        r.draws,
        r.losses,
        r.scoreFor,
        r.scoreAgainst,
        r.difference,
        r.points,
      ]),
    ).toEqual([
      [people[0]!.username, 3, 3, 0, 0, 6, 0, 6, 9],
      [people[1]!.username, 3, 1, 1, 1, 4, 3, 1, 4],
      [people[2]!.username, 3, 1, 1, 1, 4, 4, 0, 4],
      [people[3]!.username, 3, 0, 0, 3, 1, 8, -7, 0],
    ]);
    expect((await placements(t.app, id)).map((r) => [r.rank, r.entrantId, r.points])).toEqual([
      [1, people[0]!.id, 9],
      [2, people[1]!.id, 4],
      [3, people[2]!.id, 4],
      [4, people[3]!.id, 0],
    ]);
  });

  test('ten entrants split into two groups of five, each with its own table', async () => {
    const { id } = await field(10, { format: 'round_robin' });
    const b: Bracket = (await generate(id, 'random')).json.data;
    expect(b.tables.map((g) => [g.group, g.rows.length])).toEqual([
      [1, 5],
      [2, 5],
    ]);
    // five in a group: five rounds of two matches, one resting each round
    expect(b.rounds.filter((r) => r.group === 1).map((r) => r.matches.length)).toEqual([2, 2, 2, 2, 2]);
  });
});

describe('a large field', () => {
  // more match rows than one statement may bind parameters for, on either engine
  test('a round robin of 1,450 checked-in players: 182 groups, every match stored, never a 5xx', async () => {
    const id = await createTournament(t, admin.token, 'registration', {
      game: 'Valorant',
      maxPartecipants: 2000,
      format: 'round_robin',
    });
    await seatCheckedIn(t, id, await bulkPlayers(t, 1450), 'Valorant');
    const res = await generate(id, 'checkin');
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    const b: Bracket = res.json.data;
    // 1,450 in 182 groups: 176 of eight (28 matches each) and 6 of seven (21 each)
    expect(b.tables).toHaveLength(182);
    expect(b.rounds.flatMap((r) => r.matches)).toHaveLength(176 * 28 + 6 * 21);
    expect(b.tables.every((g) => g.rows.length === 8 || g.rows.length === 7)).toBe(true);
  });
});

describe('team games and finalised tournaments', () => {
  test('in a team game the sides are the teams and any member reports for their team', async () => {
    const { id, people } = await field(4, { teamSize: 2 });
    const formed = await t.call('POST', `/api/tournaments/${id}/teams/auto`, { token: admin.token });
    expect(formed.status, JSON.stringify(formed.json)).toBe(200);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const m = matchAt(b, 1, 0);
    // teams of two in check-in order: players 1 and 2 against players 3 and 4
    expect([...m.sideA!.members].sort()).toEqual([people[0]!.username, people[1]!.username].sort());
    expect([...m.sideB!.members].sort()).toEqual([people[2]!.username, people[3]!.username].sort());
    expect((await report(id, m.id, people[1]!, 0, 2)).json.data.state).toBe('awaiting');
    expectError(await report(id, m.id, outsider, 0, 2), 403, 'NOT_A_SIDE');
    const done = await report(id, m.id, people[2]!, 0, 2);
    expect(done.json.data).toMatchObject({ state: 'confirmed', winner: m.sideB!.id });
    expect((await placements(t.app, id)).map((r) => [r.rank, r.name, r.members])).toEqual([
      [1, m.sideB!.name, m.sideB!.members],
      [2, m.sideA!.name, m.sideA!.members],
    ]);
  });

  // the bracket keeps the teams it was drawn with; forming them again (a rename, say) gives them new ids
  test('teams formed again after the final are paid as the bracket drew them: each member once', async () => {
    const { id, people } = await field(4, { teamSize: 2 });
    const teams = () => t.call('POST', `/api/tournaments/${id}/teams/auto`, { token: admin.token });
    expect((await teams()).status).toBe(200);
    const m = matchAt((await generate(id, 'checkin')).json.data, 1, 0);
    expect((await override(id, m.id, 0, 2)).json.data.state).toBe('confirmed');
    expect((await teams()).status).toBe(200);
    const prizes = [
      { from: 1, to: 1, credits: 500 },
      { from: 2, to: 2, credits: 300 },
    ];
    const put = await t.call('PUT', `/api/tournaments/${id}/prizes`, { token: admin.token, body: { prizes } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const credits = (payouts: { userId: string; credits: number }[]) =>
      people.map((p) => payouts.find((x) => x.userId === p.id)?.credits ?? 0);
    // players 1 and 2 lost to players 3 and 4
    expect(credits(put.json.data.payouts)).toEqual([300, 300, 500, 500]);
    const done = await t.call('POST', `/api/tournaments/${id}/finalise`, { token: admin.token });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(credits(done.json.data.payouts)).toEqual([300, 300, 500, 500]);
    const placed = await t.db.kysely
      .selectFrom('tournament_placements')
      .select(['user_id', 'rank'])
      .where('tournament_id', '=', id)
      .execute();
    expect(people.map((p) => placed.find((x) => x.user_id === p.id)?.rank)).toEqual([2, 2, 1, 1]);
  });

  // no generation, report or override
  test('once the tournament is finalised its bracket no longer changes', async () => {
    const { id, people } = await field(2);
    const m = matchAt((await generate(id, 'checkin')).json.data, 1, 0);
    await t.db.kysely
      .updateTable('tournaments')
      .set({ finalized_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    expectError(await generate(id, 'random'), 409, 'TOURNAMENT_FINALIZED');
    expectError(await report(id, m.id, people[0]!, 1, 0), 409, 'TOURNAMENT_FINALIZED');
    expectError(await override(id, m.id, 1, 0), 409, 'TOURNAMENT_FINALIZED');
    expect((await getBracket(id)).rounds[0]!.matches[0]!.state).toBe('awaiting');
  });
});

describe('races', () => {
  test('both sides reporting at the same instant confirm each match once and advance each winner once', async () => {
    const { id, people } = await field(8);
    const b: Bracket = (await generate(id, 'checkin')).json.data;
    const first = b.rounds[0]!.matches;
    const answers = await Promise.all(
      first.flatMap((m) => [
        report(id, m.id, person(people, m.sideA!.name), 2, 1),
        report(id, m.id, person(people, m.sideB!.name), 2, 1),
      ]),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const after = await getBracket(id);
    expect(after.rounds[0]!.matches.every((m) => m.state === 'confirmed' && m.winner === m.sideA!.id)).toBe(true);
    expect(after.rounds[1]!.matches.map((m) => [m.sideA?.seed, m.sideB?.seed, m.state])).toEqual([
      [1, 4, 'awaiting'],
      [2, 3, 'awaiting'],
    ]);
    // exactly one of each pair of answers saw the match confirmed by its own report
    for (const m of first) {
      const pair = answers.filter((r) => r.json.data.id === m.id);
      expect(pair.map((r) => r.json.data.state).sort()).toEqual(['awaiting', 'confirmed']);
    }
  });

  test('two generations at once: one generates, the other generates again, and the bracket is whole once', async () => {
    const { id, people } = await field(6);
    const answers = await Promise.all([generate(id, 'random'), generate(id, 'checkin')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await auditOf(id, 'bracket.generate')).length).toBe(1);
    expect((await auditOf(id, 'bracket.regenerate')).length).toBe(1);
    const b = await getBracket(id);
    expect(b.rounds.map((r) => r.matches.length)).toEqual([4, 2, 1]);
    expect(
      b.rounds[0]!.matches.flatMap((m) => [m.sideA?.id, m.sideB?.id])
        .filter(Boolean)
        .sort(),
    ).toEqual(people.map((p) => p.id).sort());
    expect(
      await t.db.kysely.selectFrom('bracket_entrants').select('entrant_id').where('tournament_id', '=', id).execute(),
    ).toHaveLength(6);
  });

  // either the bracket is new and the report refused, or the report stands and the regeneration is refused
  test('a report racing a regeneration: either the new bracket or the report stands, not both', async () => {
    const { id, people } = await field(2);
    const m = matchAt((await generate(id, 'checkin')).json.data, 1, 0);
    const [rep, gen] = await Promise.all([report(id, m.id, people[0]!, 1, 0), generate(id, 'random')]);
    if (gen.status === 200) {
      expectError(rep, 404, 'BRACKET_MATCH_NOT_FOUND');
      expect(
        (await t.db.kysely.selectFrom('bracket_reports').selectAll().execute()).filter((r) => r.match_id === m.id),
      ).toEqual([]);
    } else {
      expectError(gen, 409, 'BRACKET_HAS_RESULTS');
      expect(rep.status).toBe(200);
    }
  });
});
