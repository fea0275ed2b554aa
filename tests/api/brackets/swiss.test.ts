import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { placements } from '../../../src/features/brackets/server/service.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { TournamentFormat } from '../../../src/features/tournaments/contract.ts';

/**
 * The Swiss format: round one by seed, the next round paired once a round is complete or the admin
 * closes it (unplayed matches a 0–0 draw), results locked once paired on, the table's tiebreakers
 * and the final places.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

/** A Swiss Valorant tournament whose `n` players joined and checked in, in order. */
async function field(n: number, format: TournamentFormat = 'swiss') {
  const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant', maxPartecipants: 64, format });
  const people = await quickPlayers(t, n);
  for (const p of people) expect((await join(t, id, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await checkIn(t, id, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  return { id, people };
}

const generate = (id: string, body: Record<string, unknown> = { seeding: 'checkin' }) =>
  t.call('POST', `/api/tournaments/${id}/bracket`, { token: admin.token, body });
const nextRound = (id: string, round: unknown, token = admin.token) =>
  t.call('POST', `/api/tournaments/${id}/bracket/next-round`, { token, body: { round } });
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
const override = (id: string, matchId: string, scoreA: number, scoreB: number) =>
  t.call('POST', `/api/tournaments/${id}/bracket/matches/${matchId}/override`, {
    token: admin.token,
    body: { scoreA, scoreB },
  });
const roundOf = (b: Bracket, round: number): BracketMatch[] => b.rounds.find((r) => r.round === round)?.matches ?? [];
const person = (people: Person[], id: string | undefined) => people.find((p) => p.id === id)!;
/** Both sides report the same score: the match is confirmed by the players. */
async function play(id: string, people: Person[], m: BracketMatch, scoreA: number, scoreB: number) {
  expect((await report(id, m.id, person(people, m.sideA!.id), scoreA, scoreB)).status).toBe(200);
  const res = await report(id, m.id, person(people, m.sideB!.id), scoreA, scoreB);
  expect(res.json.data.state, JSON.stringify(res.json)).toBe('confirmed');
}

test('Swiss is a tournament format and the OpenAPI document lists the next-round call', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  expect(doc.paths['/api/tournaments/{id}/bracket/next-round']?.post?.summary).toBeTruthy();
  expect(JSON.stringify(doc)).toContain('"swiss"');
  const { id } = await field(2);
  expect((await getBracket(id)).format).toBe('swiss');
});

describe('a Swiss bracket', () => {
  test('round one by seed halves, a bye for the last seed; the rounds chosen are stored, too many is 400', async () => {
    const { id, people } = await field(5);
    expectError(await generate(id, { seeding: 'checkin', rounds: 6 }), 400, 'SWISS_TOO_MANY_ROUNDS');
    expectError(await generate(id, { seeding: 'checkin', rounds: 0 }), 400, 'VALIDATION_ERROR');
    const res = await generate(id, { seeding: 'checkin', rounds: 4 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b: Bracket = res.json.data;
    expect(b.swiss).toEqual({ rounds: 4, current: 1, canClose: true });
    const first = roundOf(b, 1);
    expect(first.map((m) => [m.sideA?.seed ?? null, m.sideB?.seed ?? null, m.state])).toEqual([
      [1, 3, 'awaiting'],
      [2, 4, 'awaiting'],
      [5, null, 'bye'],
    ]);
    expect(first[2]!.winner).toBe(people[4]!.id);
    // the bye is a win on the table already
    expect(b.tables[0]!.rows[0]).toMatchObject({ entrantId: people[4]!.id, points: 3, wins: 1 });
    // the default is ceil(log2 n)
    const other = await field(5);
    expect((await generate(other.id)).json.data.swiss.rounds).toBe(3);
  });

  test('a complete round pairs the next by score; a result then stays; closing counts unplayed as draws', async () => {
    const { id, people } = await field(4);
    const b: Bracket = (await generate(id, { seeding: 'checkin', rounds: 3 })).json.data;
    const [m1, m2] = roundOf(b, 1);
    // seeds 1 v 3, 2 v 4: seed 1 and seed 4 win
    await play(id, people, m1!, 2, 0);
    expect(roundOf(await getBracket(id), 2)).toEqual([]);
    await play(id, people, m2!, 0, 2);
    let now = await getBracket(id);
    expect(now.swiss).toEqual({ rounds: 3, current: 2, canClose: true });
    // winners meet, losers meet
    expect(roundOf(now, 2).map((m) => [m.sideA!.seed, m.sideB!.seed])).toEqual([
      [1, 4],
      [2, 3],
    ]);
    // round one is closed: neither the players nor the admin change it
    expectError(await override(id, m1!.id, 0, 2), 409, 'SWISS_ROUND_CLOSED');
    expectError(await report(id, m1!.id, people[0]!, 0, 2), 409, 'SWISS_ROUND_CLOSED');

    // round two: one match is played, the other disputed; the admin closes the round
    const [top, bottom] = roundOf(now, 2);
    await play(id, people, top!, 1, 1);
    await report(id, bottom!.id, person(people, bottom!.sideA!.id), 3, 0);
    expect((await report(id, bottom!.id, person(people, bottom!.sideB!.id), 0, 3)).json.data.state).toBe('disputed');
    expectError(await nextRound(id, 2, people[0]!.token), 403, 'FORBIDDEN');
    expectError(await nextRound(id, 'two'), 400, 'VALIDATION_ERROR');
    // round one is no longer the one being played: a stale close does not close round two
    expectError(await nextRound(id, 1), 409, 'SWISS_NOT_CURRENT_ROUND');
    const closed = await nextRound(id, 2);
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    now = closed.json.data;
    expect(roundOf(now, 2)[1]).toMatchObject({ state: 'confirmed', scoreA: 0, scoreB: 0, decidedBy: 'admin' });
    expect(now.swiss).toEqual({ rounds: 3, current: 3, canClose: true });
    // round three: nobody meets an opponent again
    const met = new Set([...roundOf(now, 1), ...roundOf(now, 2)].map((m) => [m.sideA!.id, m.sideB!.id].sort().join()));
    for (const m of roundOf(now, 3)) expect(met.has([m.sideA!.id, m.sideB!.id].sort().join())).toBe(false);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', id)
      .where('action', '=', 'bracket.next_round')
      .execute();
    expect(audit).toHaveLength(1);

    // the last round: the admin's result, then the bracket is complete and closing is refused
    const [x, y] = roundOf(now, 3);
    expect((await override(id, x!.id, 2, 1)).status).toBe(200);
    await play(id, people, y!, 0, 1);
    const done = await getBracket(id);
    expect(done.complete).toBe(true);
    expect(done.swiss).toEqual({ rounds: 3, current: 3, canClose: false });
    expect(roundOf(done, 4)).toEqual([]);
    expectError(await nextRound(id, 3), 409, 'SWISS_ROUNDS_DONE');

    // final places in the table's order, a bye or draw counted in the points
    const table = done.tables[0]!.rows;
    const places = await placements(t.app, id);
    expect(places.map((p) => [p.rank, p.entrantId, p.points])).toEqual(
      table.map((r) => [r.rank, r.entrantId, r.points]),
    );
    for (let i = 1; i < table.length; i++) expect(table[i - 1]!.points).toBeGreaterThanOrEqual(table[i]!.points);
    expect(table.every((r) => r.played === 3 && typeof r.buchholz === 'number')).toBe(true);
  });

  test('next-round is only for a Swiss bracket that exists', async () => {
    const single = await field(2, 'single_elimination');
    expectError(await nextRound(single.id, 1), 409, 'NOT_SWISS');
    const swiss = await field(2);
    expectError(await nextRound(swiss.id, 1), 404, 'BRACKET_NOT_GENERATED');
    expectError(await nextRound('00000000-0000-4000-8000-000000000000', 1), 404, 'TOURNAMENT_NOT_FOUND');
  });

  test('finalising pays the prizes in the table order', async () => {
    const { id, people } = await field(4);
    let b: Bracket = (await generate(id, { seeding: 'checkin', rounds: 2 })).json.data;
    // side A wins every match: seeds 1 and 2 win round one, then seed 1 beats seed 2
    for (const round of [1, 2]) {
      for (const m of roundOf(b, round)) await play(id, people, m, 2, 0);
      b = await getBracket(id);
    }
    expect(b.complete).toBe(true);
    const prizes = [
      { from: 1, to: 1, credits: 500 },
      { from: 2, to: 2, credits: 300 },
    ];
    const put = await t.call('PUT', `/api/tournaments/${id}/prizes`, { token: admin.token, body: { prizes } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const fin = await t.call('POST', `/api/tournaments/${id}/finalise`, { token: admin.token });
    expect(fin.status, JSON.stringify(fin.json)).toBe(200);
    const [first, second] = b.tables[0]!.rows;
    expect([first!.entrantId, second!.entrantId]).toEqual([people[0]!.id, people[1]!.id]);
    const paid = await t.db.kysely
      .selectFrom('wallet_transactions')
      .select(['user_id', 'amount'])
      .where('reference', 'like', `prize:${id}:%`)
      .execute();
    expect(new Map(paid.map((e) => [e.user_id, Number(e.amount)]))).toEqual(
      new Map([
        [people[0]!.id, 500],
        [people[1]!.id, 300],
      ]),
    );
  });

  test('an odd field: a different entrant gets the bye each round', async () => {
    const { id, people } = await field(3);
    let b: Bracket = (await generate(id, { seeding: 'checkin', rounds: 3 })).json.data;
    const byes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const matches = roundOf(b, round);
      byes.push(matches.find((m) => m.state === 'bye')!.sideA!.id);
      for (const m of matches.filter((x) => x.state === 'awaiting')) await play(id, people, m, 1, 0);
      b = await getBracket(id);
    }
    expect(new Set(byes).size).toBe(3);
    expect(b.complete).toBe(true);
  });
});
