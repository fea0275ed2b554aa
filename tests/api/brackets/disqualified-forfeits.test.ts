import { describe, expect, test } from 'vitest';
import { expectError } from '../helpers/expect-error.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import { placements } from '../../../src/features/brackets/server/service.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { TournamentFormat } from '../../../src/features/tournaments/contract.ts';

/**
 * A player disqualified mid-event in a bracket: every match of theirs without a result is a forfeit (the opponent
 * goes on, no score is made up), the matches they played keep their results, the tables count a forfeit as a win
 * for the opponent, and they are never seeded into a playoff, ranked or paid. A team plays on without a
 * disqualified member and forfeits only once none of its players is left.
 */
const app = T.appWithAdmin();

/** A `format` Valorant tournament whose `n` players joined and checked in, in order (seed i + 1 by check-in order). */
const field = (n: number, format: TournamentFormat = 'single_elimination', teamSize: number | null = null) =>
  T.checkedInField(app.t, app.admin.token, n, { game: 'Valorant', format, teamSize });

const url = (id: string, rest = '') => `/api/tournaments/${id}${rest}`;
const asAdmin = (method: 'GET' | 'POST' | 'PUT', to: string, body?: unknown) =>
  app.t.call(method, to, { token: app.admin.token, body });
const generate = async (id: string, options: Record<string, unknown> = {}): Promise<Bracket> => {
  const res = await asAdmin('POST', url(id, '/bracket'), { seeding: 'checkin', ...options });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
// the admin's token reads it fresh, past the visitors' cache
const getBracket = async (id: string): Promise<Bracket> => (await asAdmin('GET', url(id, '/bracket'))).json.data;
const report = (id: string, m: BracketMatch, p: Person, scoreA: number, scoreB: number) =>
  app.t.call('POST', url(id, `/bracket/matches/${m.id}/report`), { token: p.token, body: { scoreA, scoreB } });
const disqualify = (id: string, p: Person) =>
  asAdmin('POST', url(id, `/registrations/${p.id}/disqualify`), { reason: 'Cheating' });
const dq = async (id: string, p: Person) => {
  const res = await disqualify(id, p);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const matchAt = (b: { rounds: Bracket['rounds'] }, round: number, slot = 0, group = 0): BracketMatch =>
  b.rounds.find((r) => r.group === group && r.round === round)!.matches.find((m) => m.slot === slot)!;
const bySeed = (people: Person[], seed: number) => people[seed - 1]!;
const nameOf = (p: Person) => p.username;

/** Both players report the same score, side A winning unless `bWins`. */
async function play(id: string, people: Person[], m: BracketMatch, bWins = false): Promise<BracketMatch> {
  const [a, b] = bWins ? [1, 3] : [3, 1];
  const of = (name: string | undefined) => people.find((p) => p.username === name)!;
  expect((await report(id, m, of(m.sideA!.name), a, b)).status).toBe(200);
  const res = await report(id, m, of(m.sideB!.name), a, b);
  expect(res.json.data, JSON.stringify(res.json)).toMatchObject({ state: 'confirmed', decidedBy: 'players' });
  return res.json.data;
}

/** What a forfeit looks like: decided, no score made up, the side that forfeited named. */
const forfeited = (winner: string | null, forfeit: 'a' | 'b' | 'both') => ({
  state: 'confirmed',
  scoreA: null,
  scoreB: null,
  winner,
  forfeit,
});

describe('single elimination of eight', () => {
  test('before the first match, after winning it, waiting for an opponent: each forfeits what is left', async () => {
    const { id, people } = await field(8);
    const seed = (n: number) => bySeed(people, n);
    const b0 = await generate(id);
    // the first round as seeded: 1 v 8, 4 v 5, 2 v 7, 3 v 6
    expect(b0.rounds[0]!.matches.map((m) => [m.sideA!.seed, m.sideB!.seed])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);

    // seed 8 is disqualified before playing: seed 1 goes on by forfeit, nobody reports anything
    await dq(id, seed(8));
    let b = await getBracket(id);
    expect(matchAt(b, 1, 0)).toMatchObject(forfeited(seed(1).id, 'b'));
    expect(matchAt(b, 1, 0).sideB).toMatchObject({ name: nameOf(seed(8)), disqualified: true });
    expect(matchAt(b, 1, 0).sideA!.disqualified).toBeUndefined();
    expect(matchAt(b, 2, 0).sideA?.name).toBe(nameOf(seed(1)));
    // the forfeit is the result: neither side reports it any more
    expectError(await report(id, matchAt(b, 1, 0), seed(1), 1, 0), 409, 'MATCH_ALREADY_CONFIRMED');
    expectError(await report(id, matchAt(b, 1, 0), seed(8), 1, 0), 403, 'NOT_CHECKED_IN');

    // seed 4 wins its first match, then is disqualified: that result stays, the semi-final is a forfeit
    await play(id, people, matchAt(b, 1, 1));
    await dq(id, seed(4));
    b = await getBracket(id);
    expect(matchAt(b, 1, 1)).toMatchObject({
      state: 'confirmed',
      scoreA: 3,
      scoreB: 1,
      winner: seed(4).id,
      decidedBy: 'players',
      forfeit: null,
    });
    expect(matchAt(b, 2, 0)).toMatchObject(forfeited(seed(1).id, 'b'));
    expect(matchAt(b, 3, 0).sideA?.name).toBe(nameOf(seed(1)));

    // seed 2 wins its first match and is disqualified while its semi-final still waits for an opponent
    await play(id, people, matchAt(b, 1, 2));
    await dq(id, seed(2));
    b = await getBracket(id);
    expect(matchAt(b, 2, 1)).toMatchObject({ state: 'pending', forfeit: null });
    expect(matchAt(b, 2, 1).sideA).toMatchObject({ name: nameOf(seed(2)), disqualified: true });
    // the opponent arrives and goes straight on to the final
    await play(id, people, matchAt(b, 1, 3), true);
    b = await getBracket(id);
    expect(matchAt(b, 2, 1)).toMatchObject(forfeited(seed(6).id, 'a'));
    expect(matchAt(b, 3, 0)).toMatchObject({ state: 'awaiting', sideA: { seed: 1 }, sideB: { seed: 6 } });
    await play(id, people, matchAt(b, 3, 0));
    b = await getBracket(id);
    expect(b.champion?.name).toBe(nameOf(seed(1)));
    expect(b.complete).toBe(true);

    // the disqualified are listed last, unranked; prizes and places go to the others
    const rows = await placements(app.t.app, id);
    expect(rows.map((r) => [r.name, r.rank, r.disqualified ?? false])).toEqual([
      [nameOf(seed(1)), 1, false],
      [nameOf(seed(6)), 2, false],
      [nameOf(seed(3)), 5, false],
      [nameOf(seed(5)), 5, false],
      [nameOf(seed(7)), 5, false],
      [nameOf(seed(2)), 0, true],
      [nameOf(seed(4)), 0, true],
      [nameOf(seed(8)), 0, true],
    ]);
    const prizes = [{ from: 1, to: 8, credits: 100 }];
    expect((await asAdmin('PUT', url(id, '/prizes'), { prizes })).status).toBe(200);
    const done = await asAdmin('POST', url(id, '/finalise'));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const paid = (done.json.data.payouts as { userId: string }[]).map((p) => p.userId).sort();
    expect(paid).toEqual([1, 6, 5, 7, 3].map((n) => seed(n).id).sort());
  });

  test('forfeits only: the bracket is drawn again without the disqualified; the audit names them', async () => {
    const { id, people } = await field(4);
    await generate(id);
    await dq(id, bySeed(people, 4));
    // the disqualification's entry in the audit log names the match it made a forfeit
    const log = await asAdmin('GET', `/api/admin/audit?tournament=${id}&action=tournament.player_disqualify`);
    expect(log.json.data.map((e: { after: { forfeits?: string[] } }) => e.after.forfeits)).toEqual([
      [`${nameOf(bySeed(people, 1))} – ${nameOf(bySeed(people, 4))}`],
    ]);
    // a forfeit is no report: the organisers may still draw the bracket again, which leaves the disqualified out
    const again = await generate(id);
    expect(again.rounds[0]!.matches.map((m) => [m.sideA!.name, m.sideB?.name ?? null])).toEqual([
      [nameOf(bySeed(people, 1)), null],
      [nameOf(bySeed(people, 2)), nameOf(bySeed(people, 3))],
    ]);
  });

  test('an admin may still set the real result of a forfeited match (played, never reported)', async () => {
    const { id, people } = await field(2);
    await generate(id);
    await dq(id, bySeed(people, 2));
    const m = matchAt(await getBracket(id), 1, 0);
    expect(m).toMatchObject(forfeited(bySeed(people, 1).id, 'b'));
    const res = await asAdmin('POST', url(id, `/bracket/matches/${m.id}/override`), { scoreA: 2, scoreB: 0 });
    expect(res.json.data).toMatchObject({ state: 'confirmed', scoreA: 2, scoreB: 0, forfeit: null });
  });
});

describe('double elimination', () => {
  /** Decides every match still to play, side A winning, until none is left. */
  async function playOut(id: string, people: Person[]) {
    for (;;) {
      const open = (await getBracket(id)).rounds.flatMap((r) => r.matches).find((m) => m.state === 'awaiting');
      if (!open) return getBracket(id);
      await play(id, people, open);
    }
  }
  const of = (b: Bracket, seed: number) =>
    b.rounds.flatMap((r) => r.matches).filter((m) => m.sideA?.seed === seed || m.sideB?.seed === seed);

  test('disqualified before playing: a forfeit in the winners bracket, then again in the losers', async () => {
    const { id, people } = await field(4, 'double_elimination');
    const seed = (n: number) => bySeed(people, n);
    await generate(id, { grandFinalReset: false });
    await dq(id, seed(4));
    let b = await getBracket(id);
    // the winners' first round is a forfeit; the losers' first round waits for its other side
    expect(of(b, 4).map((m) => [m.group, m.round, m.state, m.forfeit])).toEqual([
      [1, 1, 'confirmed', 'b'],
      [2, 1, 'pending', null],
    ]);
    await play(id, people, matchAt(b, 1, 1, 1));
    b = await getBracket(id);
    // the loser of 2 v 3 drops in and goes on by forfeit
    expect(matchAt(b, 1, 0, 2)).toMatchObject({ state: 'confirmed', winner: seed(3).id, scoreA: null });
    expect(matchAt(b, 1, 0, 2).forfeit).not.toBeNull();
    const done = await playOut(id, people);
    expect(done.complete).toBe(true);
    expect(done.champion).not.toBeNull();
    const rows = await placements(app.t.app, id);
    expect(rows.at(-1)).toMatchObject({ name: nameOf(seed(4)), rank: 0, disqualified: true });
    expect(rows.slice(0, 3).map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  test('two disqualified meeting in the losers bracket: both forfeit, side A goes on to forfeit again', async () => {
    const { id, people } = await field(4, 'double_elimination');
    const seed = (n: number) => bySeed(people, n);
    await generate(id, { grandFinalReset: false });
    await dq(id, seed(4));
    await dq(id, seed(3));
    const b = await getBracket(id);
    const lower = matchAt(b, 1, 0, 2);
    expect(lower).toMatchObject({ state: 'confirmed', forfeit: 'both', winner: lower.sideA!.id, scoreA: null });
    expect([lower.sideA!.disqualified, lower.sideB!.disqualified]).toEqual([true, true]);
    // the winners' final is played; its loser takes the losers' final by forfeit, then the grand final is played
    await play(id, people, matchAt(b, 2, 0, 1));
    const losersFinal = matchAt(await getBracket(id), 2, 0, 2);
    expect(losersFinal).toMatchObject({ state: 'confirmed', winner: seed(2).id });
    expect(losersFinal.forfeit).not.toBeNull();
    const done = await playOut(id, people);
    expect(done.champion?.id).toBe(seed(1).id);
    // the disqualified last, unranked, in the order they went out (seed 4 was sent on to the losers' final)
    expect((await placements(app.t.app, id)).map((r) => [r.name, r.rank])).toEqual([
      [nameOf(seed(1)), 1],
      [nameOf(seed(2)), 2],
      [nameOf(seed(4)), 0],
      [nameOf(seed(3)), 0],
    ]);
  });
});

describe('round robin and Swiss', () => {
  test('round robin: the rest are forfeit wins for the others, the played match stays; no playoff seed', async () => {
    const { id, people } = await field(4, 'round_robin');
    const seed = (n: number) => bySeed(people, n);
    const b0 = await generate(id);
    const all = b0.rounds.flatMap((r) => r.matches);
    const hers = all.filter((m) => m.sideA?.id === seed(1).id || m.sideB?.id === seed(1).id);
    expect(hers).toHaveLength(3);
    // seed 1 wins one match 3–1, then is disqualified
    const first = await play(id, people, hers[0]!, hers[0]!.sideB!.id === seed(1).id);
    await dq(id, seed(1));
    const b = await getBracket(id);
    const after = b.rounds.flatMap((r) => r.matches);
    expect(after.find((m) => m.id === first.id)).toMatchObject({ scoreA: first.scoreA, forfeit: null });
    for (const m of hers.slice(1)) {
      const now = after.find((x) => x.id === m.id)!;
      const side = now.sideA!.id === seed(1).id ? 'a' : 'b';
      expect(now).toMatchObject(forfeited(side === 'a' ? now.sideB!.id : now.sideA!.id, side));
    }
    // the table: a forfeit is a win (3 points, no goals) for the opponent, a loss for the disqualified, listed last
    const rows = b.tables[0]!.rows;
    expect(rows.at(-1)).toMatchObject({ entrantId: seed(1).id, disqualified: true, played: 3, wins: 1, losses: 2 });
    expect(rows.at(-1)).toMatchObject({ scoreFor: 3, scoreAgainst: 1, points: 3 });
    const beneficiary = rows.find((r) => r.entrantId === hers[1]!.sideA!.id || r.entrantId === hers[1]!.sideB!.id)!;
    expect(beneficiary.entrantId).not.toBe(seed(1).id);
    expect(beneficiary).toMatchObject({ played: 1, wins: 1, points: 3, scoreFor: 0, scoreAgainst: 0 });

    // the others play their matches; the stage is complete, the playoff takes nobody disqualified
    for (const m of after.filter((x) => x.state === 'awaiting')) await play(id, people, m);
    expect((await getBracket(id)).complete).toBe(true);
    expectError(
      await asAdmin('POST', url(id, '/bracket/playoff'), { format: 'single_elimination', size: 4 }),
      409,
      'PLAYOFF_BAD_SIZE',
    );
    const made = await asAdmin('POST', url(id, '/bracket/playoff'), { format: 'single_elimination', size: 3 });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const seeded = (made.json.data as Bracket)
      .playoff!.rounds.flatMap((r) => r.matches)
      .flatMap((m) => [m.sideA?.id, m.sideB?.id]);
    expect(seeded).not.toContain(seed(1).id);
    const ranks = await placements(app.t.app, id);
    expect(ranks.at(-1)).toMatchObject({ entrantId: seed(1).id, rank: 0, disqualified: true });
  });

  test("a playoff's entrant disqualified forfeits the playoff match; the other is champion", async () => {
    const { id, people } = await field(3, 'round_robin');
    for (const m of (await generate(id)).rounds.flatMap((r) => r.matches)) await play(id, people, m);
    const made = await asAdmin('POST', url(id, '/bracket/playoff'), { format: 'single_elimination', size: 2 });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const final = matchAt(made.json.data.playoff, 1);
    const out = people.find((p) => p.id === final.sideB!.id)!;
    await dq(id, out);
    const b = await getBracket(id);
    expect(matchAt(b.playoff!, 1)).toMatchObject(forfeited(final.sideA!.id, 'b'));
    expect(b.champion?.id).toBe(final.sideA!.id);
  });

  test('Swiss: the round is a forfeit, later rounds pair the field without the disqualified', async () => {
    const { id, people } = await field(4, 'swiss');
    const seed = (n: number) => bySeed(people, n);
    const b0 = await generate(id, { rounds: 3 });
    expect(b0.rounds[0]!.matches.map((m) => [m.sideA!.seed, m.sideB!.seed])).toEqual([
      [1, 3],
      [2, 4],
    ]);
    await dq(id, seed(4));
    let b = await getBracket(id);
    expect(matchAt(b, 1, 1)).toMatchObject(forfeited(seed(2).id, 'b'));
    await play(id, people, matchAt(b, 1, 0));
    b = await getBracket(id);
    // round 2: three left, one pair and a bye, seed 4 in neither
    const second = b.rounds.find((r) => r.round === 2)!.matches;
    expect(
      second
        .flatMap((m) => [m.sideA?.seed, m.sideB?.seed])
        .filter(Boolean)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(second.map((m) => m.state).sort()).toEqual(['awaiting', 'bye']);
    const table = b.tables[0]!.rows;
    expect(table.at(-1)).toMatchObject({ entrantId: seed(4).id, disqualified: true, losses: 1, points: 0 });
    expect(table.find((r) => r.entrantId === seed(2).id)).toMatchObject({ wins: 1, points: 3, scoreFor: 0 });
  });
});

describe('teams', () => {
  test('a team plays on without a disqualified member, and forfeits once none of its players is left', async () => {
    const { id, people } = await field(4, 'single_elimination', 2);
    expect((await asAdmin('POST', url(id, '/teams/auto'))).status).toBe(200);
    const b0 = await generate(id);
    const m = matchAt(b0, 1, 0);
    // teams in check-in order: players 1 and 2 against players 3 and 4
    const [a1, a2, b1, b2] = people as [Person, Person, Person, Person];
    expect([...m.sideA!.members].sort()).toEqual([a1.username, a2.username].sort());

    await dq(id, a1);
    let b = await getBracket(id);
    expect(matchAt(b, 1, 0)).toMatchObject({ state: 'awaiting', forfeit: null });
    expect(matchAt(b, 1, 0).sideA!.disqualified).toBeUndefined();
    // the disqualified member no longer reports, the team-mate does
    expectError(await report(id, m, a1, 2, 0), 403, 'NOT_CHECKED_IN');
    expect((await report(id, m, a2, 2, 0)).json.data.state).toBe('awaiting');

    await dq(id, a2);
    b = await getBracket(id);
    expect(matchAt(b, 1, 0)).toMatchObject(forfeited(m.sideB!.id, 'a'));
    expect(matchAt(b, 1, 0).sideA!.disqualified).toBe(true);
    expect(b.champion?.id).toBe(m.sideB!.id);
    // the winning team's players are paid; nobody of the disqualified team is
    expect((await asAdmin('PUT', url(id, '/prizes'), { prizes: [{ from: 1, to: 2, credits: 50 }] })).status).toBe(200);
    const done = await asAdmin('POST', url(id, '/finalise'));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((done.json.data.payouts as { userId: string }[]).map((p) => p.userId).sort()).toEqual([b1.id, b2.id].sort());
  });

  test("an organiser's team whose players were all disqualified before the draw forfeits from the start", async () => {
    const { id, people } = await field(4, 'single_elimination', 2);
    expect((await asAdmin('POST', url(id, '/teams/auto'))).status).toBe(200);
    // the organiser's teams keep their players on the list, disqualified or not
    await dq(id, people[0]!);
    await dq(id, people[1]!);
    const final = matchAt(await generate(id), 1);
    expect(final.sideA).toMatchObject({ disqualified: true });
    expect(final).toMatchObject(forfeited(final.sideB!.id, 'a'));
  });
});

// an admin may also take a player off the roster mid-event (not a disqualification): nobody is left to play their
// matches either, so the bracket must not wait on them
describe('a player removed from the roster after the draw', () => {
  const remove = async (id: string, p: Person) => {
    const res = await asAdmin('POST', url(id, `/registrations/${p.id}/remove`), { reason: 'Left the event' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res;
  };

  test('single elimination: their open match is a forfeit and the winner goes on; the audit names it', async () => {
    const { id, people } = await field(4);
    const b0 = await generate(id);
    const [one, four] = [bySeed(people, 1), bySeed(people, 4)];
    expect([matchAt(b0, 1, 0).sideA!.id, matchAt(b0, 1, 0).sideB!.id]).toEqual([one.id, four.id]);
    await remove(id, four);
    const b = await getBracket(id);
    expect(matchAt(b, 1, 0)).toMatchObject(forfeited(one.id, 'b'));
    expect(matchAt(b, 2, 0).sideA?.id).toBe(one.id);
    // the other semi-final is untouched
    expect(matchAt(b, 1, 1)).toMatchObject({ state: 'awaiting', forfeit: null });
    const log = await asAdmin('GET', `/api/admin/audit?tournament=${id}&action=tournament.player_remove`);
    expect(log.json.data[0].after.forfeits).toEqual([`${nameOf(one)} – ${nameOf(four)}`]);
  });

  test('round robin: every match of theirs still to play is a forfeit, those played keep their results', async () => {
    const { id, people } = await field(3, 'round_robin');
    const b0 = await generate(id);
    const gone = bySeed(people, 1);
    const all = b0.rounds.flatMap((r) => r.matches).filter((m) => m.sideA && m.sideB);
    const theirs = all.filter((m) => m.sideA!.id === gone.id || m.sideB!.id === gone.id);
    expect(theirs).toHaveLength(2);
    const played = await play(id, people, theirs[0]!);
    await remove(id, gone);
    const after = (await getBracket(id)).rounds.flatMap((r) => r.matches);
    expect(after.find((m) => m.id === played.id)).toMatchObject({ state: 'confirmed', decidedBy: 'players' });
    const open = after.find((m) => m.id === theirs[1]!.id)!;
    const side = open.sideA!.id === gone.id ? 'a' : 'b';
    expect(open).toMatchObject(forfeited(side === 'a' ? open.sideB!.id : open.sideA!.id, side));
  });

  test('a team plays on without a removed player, and forfeits once none of its players is left', async () => {
    const { id, people } = await field(4, 'single_elimination', 2);
    expect((await asAdmin('POST', url(id, '/teams/auto'))).status).toBe(200);
    const m = matchAt(await generate(id), 1, 0);
    const [a1, a2] = people as [Person, Person];
    await remove(id, a1);
    expect(matchAt(await getBracket(id), 1, 0)).toMatchObject({ state: 'awaiting', forfeit: null });
    await dq(id, a2);
    expect(matchAt(await getBracket(id), 1, 0)).toMatchObject(forfeited(m.sideB!.id, 'a'));
  });
});

describe('a disqualification racing the report that decides the match', () => {
  // on PostgreSQL the two overlap and both orders happen; on SQLite they queue for the database's one writer
  test('the report lands first and its result stands, or the forfeit does and the report is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const { id, people } = await field(4);
      const semi = matchAt(await generate(id), 1, 0);
      const [a, z] = [bySeed(people, 1), bySeed(people, 4)];
      expect((await report(id, semi, a, 0, 2)).json.data.state).toBe('awaiting');
      // z's report would confirm z's win; z's disqualification would make it a forfeit to a
      const [rep, out] = await Promise.all([report(id, semi, z, 0, 2), disqualify(id, z)]);
      expect(out.status, JSON.stringify(out.json)).toBe(200);
      const b = await getBracket(id);
      if (rep.status === 200) {
        expect(matchAt(b, 1, 0)).toMatchObject({ state: 'confirmed', scoreB: 2, winner: z.id, forfeit: null });
        // the winner went on, and waits in the final, marked, to forfeit it once an opponent comes
        expect(matchAt(b, 2, 0).sideA).toMatchObject({ id: z.id, disqualified: true });
      } else {
        expectError(rep, 403, 'NOT_CHECKED_IN');
        expect(matchAt(b, 1, 0)).toMatchObject(forfeited(a.id, 'b'));
        expect(matchAt(b, 2, 0).sideA?.id).toBe(a.id);
      }
      // one winner went on, once: the final's other side still waits for the other semi-final
      expect(matchAt(b, 2, 0)).toMatchObject({ state: 'pending', sideB: null });
    }
  });
});
