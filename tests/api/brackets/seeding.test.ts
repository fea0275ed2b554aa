import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, quickPlayers, setPhase, type Person } from '../helpers/tournaments.ts';
import { checkInNow } from '../helpers/results.ts';
import { expectError } from '../helpers/expect-error.ts';
import type { Bracket } from '../../../src/features/brackets/contract.ts';
import { rankingPoints } from '../../../src/features/results/server/points-service.ts';
import type { TournamentFormat } from '../../../src/features/tournaments/contract.ts';

/**
 * Seeding a bracket by hand (every checked-in entrant once, else 400) and by ranking points: over
 * the tournament's championship, else over the results finalised in the last 12 months, ties by
 * check-in order; the seeding is stored and read back with the bracket.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, body });

/** A tournament (Fortnite, so one registration suits every one of them) whose players check in in the order given. */
async function tournament(players: Person[], format: TournamentFormat, competitionId?: string) {
  const id = await createTournament(t, admin.token, 'registration', {
    maxPartecipants: 50,
    format,
    ...(competitionId ? { competitionId } : {}),
  });
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) await checkInNow(t, id, p);
  return id;
}

/** A finalised battle royale where `order` finished 1st, 2nd, … (10, 7, 7 points with the default table). */
async function finalisedWith(order: Person[], competitionId?: string) {
  const id = await tournament(order, 'battle_royale', competitionId);
  const lines = order.map((p, i) => ({ entrantId: p.id, placement: i + 1, eliminations: 0 }));
  const made = await call('POST', `/api/tournaments/${id}/matches`, { lines });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  const done = await call('POST', `/api/tournaments/${id}/finalise`);
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  return id;
}

const pointsOf = async (tournamentId: string, p: Person) =>
  (
    await t.db.kysely
      .selectFrom('tournament_placements')
      .select('points')
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow()
  ).points;

const generate = (id: string, body: Record<string, unknown>) => call('POST', `/api/tournaments/${id}/bracket`, body);
const seeds = (b: Bracket, people: Person[]) =>
  b.rounds
    .flatMap((r) => r.matches)
    .flatMap((m) => [m.sideA, m.sideB])
    .filter((s) => s !== null)
    .reduce(
      (acc, s) =>
        acc.set(
          s.seed,
          people.findIndex((p) => p.id === s.id),
        ),
      new Map<number, number>(),
    );
/** The field's indexes (into `people`) in seed order, from the sides of the first round. */
const bySeed = (b: Bracket, people: Person[]) =>
  [...seeds(b, people).entries()].sort(([x], [y]) => x - y).map(([, i]) => i);

describe('manual seeding', () => {
  test("the admin's order makes the seeds; the bracket says it was seeded by hand", async () => {
    const people = await quickPlayers(t, 4);
    const id = await tournament(people, 'single_elimination');
    const order = [people[2]!, people[0]!, people[3]!, people[1]!].map((p) => p.id);
    const res = await generate(id, { seeding: 'manual', order });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b: Bracket = res.json.data;
    expect(b.seeding).toBe('manual');
    expect(bySeed(b, people)).toEqual([2, 0, 3, 1]);
    // seed 1 meets seed 4, seed 2 meets seed 3
    expect(b.rounds[0]!.matches.map((m) => [m.sideA!.id, m.sideB!.id])).toEqual([
      [people[2]!.id, people[1]!.id],
      [people[0]!.id, people[3]!.id],
    ]);
    const read = (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data as Bracket;
    expect(read.seeding).toBe('manual');
  });

  test('an order missing, repeating or naming somebody not checked in is 400 BRACKET_ORDER_MISMATCH', async () => {
    const people = await quickPlayers(t, 4);
    const outsider = await quickPlayer(t);
    const id = await tournament(people, 'round_robin');
    const ids = people.map((p) => p.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    for (const order of [undefined, [], [a, b, c], [a, b, c, c], [a, b, c, outsider.id], [a, b, c, d, outsider.id]])
      expectError(await generate(id, { seeding: 'manual', order }), 400, 'BRACKET_ORDER_MISMATCH');
    expectError(await generate(id, { seeding: 'manual', order: 'abc' }), 400, 'VALIDATION_ERROR');
    // nothing was made by the refusals
    expect(((await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data as Bracket).rounds).toEqual([]);
    const ok = await generate(id, { seeding: 'manual', order: [d, c, b, a] });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // round robin: the seeds are stored for the table, in the admin's order
    const sides = (ok.json.data as Bracket).rounds.flatMap((r) => r.matches).flatMap((m) => [m.sideA!, m.sideB!]);
    expect(sides.find((s) => s.id === d)!.seed).toBe(1);
    expect(sides.find((s) => s.id === a)!.seed).toBe(4);
  });
});

describe('ranking seeding', () => {
  test('without a championship: points finalised in the last 12 months, ties by check-in order', async () => {
    const [a, b, c, d, e] = (await quickPlayers(t, 5)) as [Person, Person, Person, Person, Person];
    // c wins, a and d tie on 7 points; b and e have none this year
    const past = await finalisedWith([c, a, d]);
    expect([await pointsOf(past, c), await pointsOf(past, a), await pointsOf(past, d)]).toEqual([10, 7, 7]);
    // e's old win, more than 12 months ago, no longer counts
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 13);
    await t.db.kysely
      .insertInto('tournament_placements')
      .values({
        tournament_id: past,
        user_id: e.id,
        entrant_id: e.id,
        rank: 1,
        points: 100,
        credits: 0,
        created_at: old.toISOString(),
      })
      .execute();
    const people = [b, d, a, e, c];
    const id = await tournament(people, 'single_elimination');
    const res = await generate(id, { seeding: 'ranking' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.seeding).toBe('ranking');
    // c (10), then d and a (7, d checked in first), then b and e (0, b checked in first)
    expect(bySeed(res.json.data, people)).toEqual([4, 1, 2, 0, 3]);
    // five entrants in a bracket of eight: the three byes are seeds 1, 2 and 3's
    const byes = (res.json.data as Bracket).rounds[0]!.matches.filter((m) => m.state === 'bye');
    expect(byes.map((m) => (m.sideA ?? m.sideB)!.seed).sort()).toEqual([1, 2, 3]);
  });

  test("a team's ranking points are its members' summed; nobody's points reach another entrant", async () => {
    const [a, b, c, d] = (await quickPlayers(t, 4)) as [Person, Person, Person, Person];
    const past = await finalisedWith([a, b, c]);
    const [pa, pb, pc] = [await pointsOf(past, a), await pointsOf(past, b), await pointsOf(past, c)];
    const teams = [
      { id: 'team-ad', members: [{ id: a.id }, { id: d.id }] },
      { id: 'team-bc', members: [{ id: b.id }, { id: c.id }] },
    ];
    const points = await rankingPoints(t.app, null, teams);
    expect(points).toEqual(
      new Map([
        ['team-ad', pa],
        ['team-bc', pb + pc],
      ]),
    );
    // a year and a day later, those results no longer count
    const later = new Date(Date.now() + 367 * 24 * 3600 * 1000);
    expect(await rankingPoints(t.app, null, teams, later)).toEqual(
      new Map([
        ['team-ad', 0],
        ['team-bc', 0],
      ]),
    );
  });

  test("with a championship: only its tournaments' points count", async () => {
    const competition = await call('POST', '/api/tournaments/competitions', {
      name: `Seeding league ${Date.now().toString(36)}`,
      game: 'Fortnite',
    });
    expect(competition.status, JSON.stringify(competition.json)).toBe(201);
    const cid = competition.json.data.id as string;
    const [a, b, c, d] = (await quickPlayers(t, 4)) as [Person, Person, Person, Person];
    // outside the championship c and d scored; inside it b won and a was second
    await finalisedWith([c, d]);
    await finalisedWith([b, a], cid);
    const people = [c, d, a, b];
    const id = await tournament(people, 'swiss', cid);
    const res = await generate(id, { seeding: 'ranking' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // b (10), a (7), then c and d (0) in check-in order
    expect(bySeed(res.json.data, people)).toEqual([3, 2, 0, 1]);
    const page = (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data as Bracket;
    expect(page.seeding).toBe('ranking');
  });
});
