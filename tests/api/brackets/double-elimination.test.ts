import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { placements } from '../../../src/features/brackets/server/service.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';

/**
 * Double elimination and the single-elimination third-place match: generation with their options,
 * reports and disputes, overrides refused when a later match already has its result, the grand
 * final with and without its reset, and the final places paid as prizes once.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await T.quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

type Format = 'double_elimination' | 'single_elimination';

async function field(n: number, format: Format) {
  const game = 'Valorant';
  const id = await T.createTournament(t, admin.token, 'registration', { game, maxPartecipants: 64, format });
  const people = await T.quickPlayers(t, n);
  for (const p of people) expect((await T.join(t, id, p, T.registration(p.id, { game }))).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await T.checkIn(t, id, p, T.registration(p.id, { game }))).status).toBe(200);
  return { id, people };
}

const url = (id: string, rest = '') => `/api/tournaments/${id}${rest}`;
const generate = async (id: string, options: Record<string, unknown> = {}): Promise<Bracket> => {
  const res = await t.call('POST', url(id, '/bracket'), {
    token: admin.token,
    body: { seeding: 'checkin', ...options },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const getBracket = async (id: string): Promise<Bracket> => {
  // the admin's token reads it fresh, past the visitors' cache
  const res = await t.call('GET', url(id, '/bracket'), { token: admin.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const report = (id: string, m: BracketMatch, p: Person, scoreA: number, scoreB: number) =>
  t.call('POST', url(id, `/bracket/matches/${m.id}/report`), { token: p.token, body: { scoreA, scoreB } });
const override = (id: string, m: BracketMatch, scoreA: number, scoreB: number) =>
  t.call('POST', url(id, `/bracket/matches/${m.id}/override`), { token: admin.token, body: { scoreA, scoreB } });
const matchAt = (b: Bracket, group: number, round: number, slot = 0): BracketMatch =>
  b.rounds.find((r) => r.group === group && r.round === round)!.matches.find((m) => m.slot === slot)!;
const person = (people: Person[], name: string | undefined) => people.find((p) => p.username === name)!;

/** Both sides report the same score: side A wins unless `bWins`. */
async function play(id: string, people: Person[], m: BracketMatch, bWins = false): Promise<BracketMatch> {
  const [a, b] = bWins ? [0, 2] : [2, 0];
  expect((await report(id, m, person(people, m.sideA!.name), a, b)).status).toBe(200);
  const res = await report(id, m, person(people, m.sideB!.name), a, b);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.data.state).toBe('confirmed');
  return res.json.data;
}

const WB = 1;
const LB = 2;
const GF = 3;

test('the API and its OpenAPI document offer double elimination and both options', async () => {
  const doc = (await t.call('GET', '/api/openapi.json')).json;
  const text = JSON.stringify(doc.paths['/api/tournaments/{id}/bracket'].post);
  for (const word of ['thirdPlace', 'grandFinalReset', 'double_elimination']) expect(text).toContain(word);
  const { id } = await field(2, 'double_elimination');
  expect((await getBracket(id)).format).toBe('double_elimination');
  const bad = await t.call('POST', url(id, '/bracket'), {
    token: admin.token,
    body: { seeding: 'checkin', grandFinalReset: 'yes' },
  });
  expectError(bad, 400, 'VALIDATION_ERROR');
});

describe('single elimination with a third-place match', () => {
  test('the semi-final losers meet; places 1 to 4, each once, paid once', async () => {
    const { id, people } = await field(4, 'single_elimination');
    let b = await generate(id, { thirdPlace: true });
    expect(b.rounds.map((r) => r.matches.length)).toEqual([2, 2]);
    const losers: string[] = [];
    for (const m of b.rounds[0]!.matches) {
      await play(id, people, m);
      losers.push(m.sideB!.id);
    }
    b = await getBracket(id);
    const third = matchAt(b, 0, 2, 1);
    expect([third.sideA?.id, third.sideB?.id]).toEqual(losers);
    expect(third.state).toBe('awaiting');
    // the final alone does not end the bracket while the third-place match is to play
    const final = await play(id, people, matchAt(b, 0, 2, 0));
    expect(await getBracket(id)).toMatchObject({ complete: false, champion: { id: final.winner } });
    await play(id, people, third, true);
    expect((await getBracket(id)).complete).toBe(true);
    const places = (await placements(t.app, id)).map((r) => [r.rank, r.entrantId]);
    expect(places).toEqual([
      [1, final.winner],
      [2, final.sideB!.id],
      [3, third.sideB!.id],
      [4, third.sideA!.id],
    ]);
    await paysOnce(id, places as [number, string][]);
  });

  test('without the option (the default) the semi-final losers share place 3', async () => {
    const { id, people } = await field(4, 'single_elimination');
    const b = await generate(id);
    expect(b.rounds.map((r) => r.matches.length)).toEqual([2, 1]);
    for (const m of b.rounds[0]!.matches) await play(id, people, m);
    await play(id, people, matchAt(await getBracket(id), 0, 2));
    expect((await placements(t.app, id)).map((r) => r.rank)).toEqual([1, 2, 3, 3]);
  });
});

/** Prizes for places 1 to 4, the tournament finalised: each place paid its prize, once, even if finalised again. */
async function paysOnce(id: string, places: [number, string][]) {
  const prizes = [1, 2, 3, 4].map((p) => ({ from: p, to: p, credits: 100 * (5 - p) }));
  const put = await t.call('PUT', url(id, '/prizes'), { token: admin.token, body: { prizes } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  expect((await t.call('POST', url(id, '/finalise'), { token: admin.token })).status).toBe(200);
  await t.call('POST', url(id, '/finalise'), { token: admin.token });
  const ledger = await t.db.kysely
    .selectFrom('wallet_transactions')
    .select(['user_id', 'amount'])
    .where('reference', 'like', `prize:${id}:%`)
    .execute();
  expect(ledger.map((e) => [e.user_id, Number(e.amount)]).sort()).toEqual(
    places.map(([rank, who]) => [who, 100 * (5 - rank)]).sort(),
  );
}

describe('double elimination', () => {
  // with a dispute on the way; the reset decides
  test('four players: winners, losers and grand final with its reset; places paid once', async () => {
    const { id, people } = await field(4, 'double_elimination');
    let b = await generate(id);
    expect(b.rounds.map((r) => [r.group, r.round, r.matches.length])).toEqual([
      [WB, 1, 2],
      [WB, 2, 1],
      [LB, 1, 1],
      [LB, 2, 1],
      [GF, 1, 1],
      [GF, 2, 1],
    ]);
    const [p1, p2, p3, p4] = people as [Person, Person, Person, Person];
    // seeds 1 v 4 and 2 v 3; side A wins both
    await play(id, people, matchAt(b, WB, 1, 0));
    await play(id, people, matchAt(b, WB, 1, 1));
    b = await getBracket(id);
    expect(matchAt(b, LB, 1)).toMatchObject({ sideA: { id: p4.id }, sideB: { id: p3.id }, state: 'awaiting' });
    expect(matchAt(b, WB, 2)).toMatchObject({ sideA: { id: p1.id }, sideB: { id: p2.id } });

    // a dispute in the losers' bracket, resolved by the admin
    const lb1 = matchAt(b, LB, 1);
    expect((await report(id, lb1, p4, 2, 0)).status).toBe(200);
    expect((await report(id, lb1, p3, 0, 2)).json.data.state).toBe('disputed');
    expect((await override(id, lb1, 0, 2)).json.data).toMatchObject({ state: 'confirmed', winner: p3.id });

    // p2 loses the winners' final, drops to the losers' final against p3, and wins it
    await play(id, people, matchAt(await getBracket(id), WB, 2));
    b = await getBracket(id);
    expect(matchAt(b, LB, 2)).toMatchObject({ sideA: { id: p3.id }, sideB: { id: p2.id }, state: 'awaiting' });
    await play(id, people, matchAt(b, LB, 2), true);
    b = await getBracket(id);
    expect(matchAt(b, GF, 1)).toMatchObject({ sideA: { id: p1.id }, sideB: { id: p2.id }, state: 'awaiting' });
    expect(matchAt(b, GF, 2).state).toBe('pending');

    // the losers' finalist wins the grand final: the reset is played
    await play(id, people, matchAt(b, GF, 1), true);
    b = await getBracket(id);
    expect(b).toMatchObject({ complete: false, champion: null });
    expect(matchAt(b, GF, 2)).toMatchObject({ sideA: { id: p1.id }, sideB: { id: p2.id }, state: 'awaiting' });
    await play(id, people, matchAt(b, GF, 2), true);
    expect(await getBracket(id)).toMatchObject({ complete: true, champion: { id: p2.id } });

    const places = (await placements(t.app, id)).map((r) => [r.rank, r.entrantId] as [number, string]);
    expect(places).toEqual([
      [1, p2.id],
      [2, p1.id],
      [3, p3.id],
      [4, p4.id],
    ]);
    await paysOnce(id, places);
  });

  // without the reset option the losers side wins it all with the one grand final
  test('the winners-bracket champion wins the grand final: no reset', async () => {
    for (const [reset, bWins] of [
      [true, false],
      [false, true],
    ] as const) {
      const { id, people } = await field(2, 'double_elimination');
      let b = await generate(id, { grandFinalReset: reset });
      expect(b.rounds.map((r) => [r.group, r.round])).toEqual(
        reset
          ? [
              [WB, 1],
              [GF, 1],
              [GF, 2],
            ]
          : [
              [WB, 1],
              [GF, 1],
            ],
      );
      await play(id, people, matchAt(b, WB, 1));
      b = await getBracket(id);
      const gf = matchAt(b, GF, 1);
      expect(gf).toMatchObject({ sideA: { id: people[0]!.id }, sideB: { id: people[1]!.id } });
      await play(id, people, gf, bWins);
      b = await getBracket(id);
      const champion = bWins ? people[1]! : people[0]!;
      expect(b).toMatchObject({ complete: true, champion: { id: champion.id } });
      if (reset) expect(matchAt(b, GF, 2)).toMatchObject({ state: 'bye', sideA: null, sideB: null });
      expect((await placements(t.app, id)).map((r) => [r.rank, r.entrantId])).toEqual([
        [1, champion.id],
        [2, (bWins ? people[0] : people[1])!.id],
      ]);
    }
  });

  test('an override reflows the bracket while the later match is unplayed, and is refused once it is', async () => {
    const { id, people } = await field(4, 'double_elimination');
    let b = await generate(id);
    const [p1, , p3, p4] = people as [Person, Person, Person, Person];
    await play(id, people, matchAt(b, WB, 1, 0));
    await play(id, people, matchAt(b, WB, 1, 1));
    b = await getBracket(id);
    // p4 reports in the losers' match, then the admin turns the first match round: p1 drops instead
    expect((await report(id, matchAt(b, LB, 1), p4, 2, 0)).status).toBe(200);
    expect((await override(id, matchAt(b, WB, 1, 0), 0, 2)).status).toBe(200);
    b = await getBracket(id);
    expect(matchAt(b, LB, 1)).toMatchObject({
      sideA: { id: p1.id },
      sideB: { id: p3.id },
      state: 'awaiting',
      reported: { a: false, b: false },
    });
    expect(matchAt(b, WB, 2).sideA!.id).toBe(p4.id);

    await play(id, people, matchAt(b, LB, 1));
    const before = await getBracket(id);
    expectError(await override(id, matchAt(before, WB, 1, 0), 2, 0), 409, 'LATER_MATCH_CONFIRMED');
    expect(await getBracket(id)).toEqual(before);
    // the same winner with another score changes nobody's place: allowed
    expect((await override(id, matchAt(before, WB, 1, 0), 1, 3)).status).toBe(200);
    expect(matchAt(await getBracket(id), LB, 1).state).toBe('confirmed');
  });

  test('five players: byes to the top three seeds; a one-sided losers match goes through by itself', async () => {
    const { id, people } = await field(5, 'double_elimination');
    let b = await generate(id);
    expect(b.rounds[0]!.matches.map((m) => m.state)).toEqual(['bye', 'awaiting', 'bye', 'bye']);
    expect(matchAt(b, LB, 1, 1)).toMatchObject({ state: 'bye', sideA: null, sideB: null });
    expect(matchAt(b, LB, 1, 0).state).toBe('pending');
    await play(id, people, matchAt(b, WB, 1, 1));
    b = await getBracket(id);
    // seed 5 lost and has nobody to meet in losers round 1: through to losers round 2
    expect(matchAt(b, LB, 1, 0)).toMatchObject({ state: 'bye', winner: people[4]!.id });
    expect(matchAt(b, LB, 2, 0).sideA!.id).toBe(people[4]!.id);
    expectError(await report(id, matchAt(b, LB, 1, 0), people[4]!, 2, 0), 409, 'MATCH_NOT_READY');
    expectError(await report(id, matchAt(b, WB, 2, 0), people[0]!, 1, 1), 400, 'DRAW_NOT_ALLOWED');
  });
});
