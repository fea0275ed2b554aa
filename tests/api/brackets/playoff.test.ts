import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, quickPlayers, setPhase, type Person } from '../helpers/tournaments.ts';
import { checkInNow } from '../helpers/results.ts';
import { bulkPlayers, seatCheckedIn } from '../helpers/big-field.ts';
import { expectError } from '../helpers/expect-error.ts';
import { placements } from '../../../src/features/brackets/server/service.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { TournamentFormat } from '../../../src/features/tournaments/contract.ts';

/**
 * A Swiss or round-robin stage whose top entrants seed a single- or double-elimination playoff:
 * made only from a complete stage, once, with 2 to all of its entrants; the seeds, the playoff's
 * play and the final places (the playoff's first, then the stage's table for the rest).
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, body });

async function field(n: number, format: TournamentFormat) {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 64, format });
  const people = await quickPlayers(t, n);
  for (const p of people) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) await checkInNow(t, id, p);
  return { id, people };
}

const getBracket = async (id: string): Promise<Bracket> =>
  (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data;
const playoff = (id: string, body: Record<string, unknown>) =>
  call('POST', `/api/tournaments/${id}/bracket/playoff`, body);
const override = (id: string, m: BracketMatch, scoreA: number, scoreB: number) =>
  call('POST', `/api/tournaments/${id}/bracket/matches/${m.id}/override`, { scoreA, scoreB });

/**
 * Decides every open match of the stage (or of the playoff) until none is left, the better seed
 * winning by `margin(match)`: later matches open (and Swiss rounds pair) as results come in.
 */
async function playOut(id: string, part: 'stage' | 'playoff', margin: (m: BracketMatch) => number = () => 1) {
  for (;;) {
    const b = await getBracket(id);
    const rounds = part === 'stage' ? b.rounds : (b.playoff?.rounds ?? []);
    const open = rounds.flatMap((r) => r.matches).filter((m) => m.state === 'awaiting' || m.state === 'disputed');
    if (!open.length) return b;
    for (const m of open) {
      const aBetter = m.sideA!.seed < m.sideB!.seed;
      const res = await override(id, m, aBetter ? margin(m) : 0, aBetter ? 0 : margin(m));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  }
}

describe('a Swiss stage and its single-elimination playoff', () => {
  test('refused until the stage is complete, then once, with a size from 2 to the entrants', async () => {
    const { id, people } = await field(6, 'swiss');
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin', rounds: 3 })).status).toBe(200);
    expectError(await playoff(id, { format: 'single_elimination', size: 4 }), 409, 'PLAYOFF_STAGE_INCOMPLETE');
    const stage = await playOut(id, 'stage');
    expect(stage.complete).toBe(true);
    expect(stage.playoff ?? null).toBeNull();
    expectError(await playoff(id, { format: 'single_elimination', size: 1 }), 409, 'PLAYOFF_BAD_SIZE');
    expectError(await playoff(id, { format: 'single_elimination', size: 7 }), 409, 'PLAYOFF_BAD_SIZE');
    expectError(await playoff(id, { format: 'triple', size: 4 }), 400, 'VALIDATION_ERROR');

    const res = await playoff(id, { format: 'single_elimination', size: 4, thirdPlace: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b: Bracket = res.json.data;
    const table = b.tables[0]!.rows.map((r) => r.entrantId);
    expect(b.playoff).toMatchObject({ format: 'single_elimination', size: 4, complete: false, champion: null });
    // seeds 1 v 4 and 2 v 3 from the table's top four, then the final and the third-place match
    const [semis, last] = b.playoff!.rounds;
    expect(semis!.matches.map((m) => [m.sideA!.id, m.sideA!.seed, m.sideB!.id, m.sideB!.seed])).toEqual([
      [table[0], 1, table[3], 4],
      [table[1], 2, table[2], 3],
    ]);
    expect(last!.matches.map((m) => m.state)).toEqual(['pending', 'pending']);
    // the stage's rounds and table are as they were
    expect(b.rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(b.complete).toBe(true);

    // the audit log names the tournament as a person reads it, not the format's code (it is in the entry's details)
    const [entry] = await t.db.kysely
      .selectFrom('audit_log')
      .select(['entity_label', 'after'])
      .where('action', '=', 'bracket.playoff')
      .where('entity_id', '=', id)
      .execute();
    const name = (await t.call('GET', `/api/tournaments/${id}`)).json.data.name;
    expect(entry!.entity_label).toBe(name);
    expect(JSON.parse(entry!.after as string)).toMatchObject({ format: 'single_elimination' });

    expectError(await playoff(id, { format: 'double_elimination', size: 2 }), 409, 'PLAYOFF_EXISTS');
    // the stage's results seeded the playoff: they no longer change
    const stageMatch = b.rounds[2]!.matches.find((m) => m.state === 'confirmed')!;
    expectError(await override(id, stageMatch, 0, 5), 409, 'PLAYOFF_EXISTS');

    // a side of a playoff match reports like in any bracket
    const semi = semis!.matches[0]!;
    const sideA = people.find((p) => p.id === semi.sideA!.id)!;
    const reported = await t.call('POST', `/api/tournaments/${id}/bracket/matches/${semi.id}/report`, {
      token: sideA.token,
      body: { scoreA: 2, scoreB: 1 },
    });
    expect(reported.status, JSON.stringify(reported.json)).toBe(200);
    expect(reported.json.data).toMatchObject({ group: 0, round: 1, reported: { a: true, b: false } });
    const mine = await t.call('GET', `/api/tournaments/${id}/bracket/mine`, { token: sideA.token });
    expect(mine.json.data).toEqual([{ matchId: semi.id, side: 'a', report: { scoreA: 2, scoreB: 1 } }]);

    const done = await playOut(id, 'playoff');
    expect(done.playoff!.complete).toBe(true);
    expect(done.champion?.id).toBe(table[0]);
    expect(done.playoff!.champion?.id).toBe(table[0]);
    // the playoff's four by their places (the third-place match's winner 3rd), then the stage's fifth and sixth
    const rows = await placements(t.app, id);
    expect(rows.map((r) => [r.entrantId, r.rank])).toEqual([
      [table[0], 1],
      [table[1], 2],
      [table[2], 3],
      [table[3], 4],
      [table[4], 5],
      [table[5], 6],
    ]);
  });

  test('a single-elimination tournament has no stage to seed a playoff: 409 NOT_A_STAGE', async () => {
    const { id } = await field(4, 'single_elimination');
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' })).status).toBe(200);
    expectError(await playoff(id, { format: 'single_elimination', size: 2 }), 409, 'NOT_A_STAGE');
    const none = await field(4, 'swiss');
    expectError(await playoff(none.id, { format: 'single_elimination', size: 2 }), 404, 'BRACKET_NOT_GENERATED');
  });
});

describe('finalising a stage with its playoff', () => {
  // as a dispute in any bracket does
  test("a disputed playoff match holds finalising; the places paid are the playoff's, then the stage's", async () => {
    const { id, people } = await field(4, 'swiss');
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin', rounds: 2 })).status).toBe(200);
    const stage = await playOut(id, 'stage');
    const table = stage.tables[0]!.rows.map((r) => r.entrantId);
    const made = await playoff(id, { format: 'single_elimination', size: 2 });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const final = (made.json.data as Bracket).playoff!.rounds[0]!.matches[0]!;
    const side = (entrantId: string) => people.find((p) => p.id === entrantId)!;
    const report = (p: Person, scoreA: number, scoreB: number) =>
      t.call('POST', `/api/tournaments/${id}/bracket/matches/${final.id}/report`, {
        token: p.token,
        body: { scoreA, scoreB },
      });
    expect((await report(side(final.sideA!.id), 2, 0)).status).toBe(200);
    const disputed = await report(side(final.sideB!.id), 0, 3);
    expect(disputed.json.data.state).toBe('disputed');
    const refused = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'RESULTS_INCOMPLETE',
      issues: [{ path: 'bracket.1000.1.0', message: 'BRACKET_DISPUTED' }],
    });
    // the admin decides for the stage's second, who becomes champion
    expect((await override(id, final, 0, 1)).status).toBe(200);
    const done = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const frozen = await t.db.kysely
      .selectFrom('tournament_placements')
      .select(['entrant_id', 'rank'])
      .where('tournament_id', '=', id)
      .orderBy('rank')
      .execute();
    expect(frozen.map((r) => [r.entrant_id, Number(r.rank)])).toEqual([
      [table[1], 1],
      [table[0], 2],
      [table[2], 3],
      [table[3], 4],
    ]);
  });
});

describe('a round-robin stage in two groups and its double-elimination playoff', () => {
  // winners and seconds each ranked by points, then difference
  test('group winners first, then the seconds; places from the playoff, then the table', async () => {
    const { id, people } = await field(10, 'round_robin');
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' })).status).toBe(200);
    // the better seed always wins: by 2–0 in group 2, by 1–0 in group 1, so group 2's leaders have the better
    // difference
    const stage = await playOut(id, 'stage', (m) => (m.group === 2 ? 2 : 1));
    // check-in order dealt like cards: group 1 holds seeds 1, 3, 5, 7, 9 and group 2 seeds 2, 4, 6, 8, 10
    expect(stage.tables.map((g) => g.rows[0]!.entrantId)).toEqual([people[0]!.id, people[1]!.id]);
    const res = await playoff(id, { format: 'double_elimination', size: 4, grandFinalReset: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b: Bracket = res.json.data;
    const sides = b.playoff!.rounds.flatMap((r) => r.matches).flatMap((m) => [m.sideA, m.sideB]);
    const seedOf = new Map(sides.filter((s) => s !== null).map((s) => [s.id, s.seed]));
    // both winners (group 2's first: 12 points, +8 against +4), then both seconds (group 2's again)
    expect([1, 2, 3, 4].map((seed) => [...seedOf].find(([, s]) => s === seed)?.[0])).toEqual(
      [1, 0, 3, 2].map((i) => people[i]!.id),
    );
    expect(b.playoff!.rounds.map((r) => r.group)).toContain(3);

    const done = await playOut(id, 'playoff');
    expect(done.playoff!.complete).toBe(true);
    expect(done.champion?.id).toBe(people[1]!.id);
    // the reset was not needed: the winners' bracket's champion won the grand final
    const rows = await placements(t.app, id);
    expect(rows.slice(0, 2).map((r) => [r.entrantId, r.rank])).toEqual([
      [people[1]!.id, 1],
      [people[0]!.id, 2],
    ]);
    expect(new Set(rows.slice(0, 4).map((r) => r.entrantId))).toEqual(new Set([0, 1, 2, 3].map((i) => people[i]!.id)));
    // the rest by the stage: the thirds, the fourths, the fifths of both groups
    expect(rows.slice(4).map((r) => r.rank)).toEqual([5, 6, 7, 8, 9, 10]);
    const pairs = [
      [4, 5],
      [6, 7],
      [8, 9],
    ];
    pairs.forEach(([x, y], k) =>
      expect(new Set(rows.slice(4 + 2 * k, 6 + 2 * k).map((r) => r.entrantId))).toEqual(
        new Set([people[x!]!.id, people[y!]!.id]),
      ),
    );
  });
});

describe('a round-robin stage at the roster limit and its playoff', () => {
  // one roster for every tournament here: a player may play in any number of them
  let roster: string[];
  // each test reads and writes brackets of some 30,000 matches: a bound that tells a busy machine from a hang
  const BIG = 60_000;
  beforeAll(async () => {
    roster = await bulkPlayers(t, 10000);
  });

  /**
   * A round robin of the roster's first `n`, generated in check-in order (its groups checked as generated), every
   * stage match then won by side A.
   */
  async function playedStage(n: number, groups: number, matches: number): Promise<string> {
    const id = await createTournament(t, admin.token, 'registration', {
      maxPartecipants: 10000,
      format: 'round_robin',
    });
    await seatCheckedIn(t, id, roster.slice(0, n), 'Fortnite');
    const res = await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' });
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    expectStage(res.json.data, groups, matches);
    // decided behind the API: thirty thousand overrides would take minutes and prove nothing more
    await t.db.kysely
      .updateTable('bracket_matches')
      .set((eb) => ({ score_a: 1, score_b: 0, winner: eb.ref('side_a'), state: 'confirmed', decided_by: 'admin' }))
      .where('tournament_id', '=', id)
      .execute();
    return id;
  }

  /** The stage's groups in the view and their matches: every group once, none of the playoff's among them. */
  function expectStage(b: Bracket, groups: number, matches: number) {
    expect(b.tables).toHaveLength(groups);
    expect(new Set(b.rounds.map((r) => r.group))).toEqual(new Set(b.tables.map((g) => g.group)));
    expect(Math.max(...b.rounds.map((r) => r.group))).toBe(groups);
    expect(b.rounds.flatMap((r) => r.matches)).toHaveLength(matches);
  }

  /** The playoff's first-round sides are group winners, seeded 1 to `size`. */
  function expectWinnersSeeded(b: Bracket, size: number) {
    const winners = new Set(b.tables.map((g) => g.rows[0]!.entrantId));
    const sides = b.playoff!.rounds[0]!.matches.flatMap((m) => [m.sideA!, m.sideB!]);
    expect(sides.map((s) => s.seed).sort((x, y) => x - y)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    expect(sides.every((s) => winners.has(s.id))).toBe(true);
  }

  // 7,993 is the first field dealt into 1,000 groups of at most eight
  test(
    '7,993 entrants: group 1,000 is the stage’s, and a single-elimination playoff of eight',
    async () => {
      // 993 groups of eight (28 matches each) and 7 of seven (21 each)
      const id = await playedStage(7993, 1000, 993 * 28 + 7 * 21);
      const res = await playoff(id, { format: 'single_elimination', size: 8, thirdPlace: true });
      expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
      const made: Bracket = res.json.data;
      expectStage(made, 1000, 993 * 28 + 7 * 21);
      // the stage is complete, its playoff not yet
      expect([made.complete, made.playoff!.complete]).toEqual([true, false]);
      expect(made.playoff!.rounds.map((r) => [r.group, r.round, r.matches.length])).toEqual([
        [0, 1, 4],
        [0, 2, 2],
        [0, 3, 2],
      ]);
      expectWinnersSeeded(made, 8);
      // a playoff match takes a result, and its winner goes on to the playoff's semi-final
      const first = made.playoff!.rounds[0]!.matches[0]!;
      const decided = await override(id, first, 2, 0);
      expect(decided.json.data, JSON.stringify(decided.json).slice(0, 300)).toMatchObject({
        group: 0,
        state: 'confirmed',
      });
      const after = await getBracket(id);
      expect(after.playoff!.rounds[1]!.matches[0]!.sideA?.id).toBe(first.sideA!.id);
      expectStage(after, 1000, 993 * 28 + 7 * 21);
      // the final places: the playoff's eight, then the rest of the stage
      const rows = await placements(t.app, id);
      expect(rows).toHaveLength(7993);
      const seeded = made.playoff!.rounds[0]!.matches.flatMap((m) => [m.sideA!.id, m.sideB!.id]);
      expect(new Set(rows.slice(0, 8).map((r) => r.entrantId))).toEqual(new Set(seeded));
    },
    BIG,
  );

  // 10,000 entrants fill groups up to 1,250, past the groups a playoff's were once stored from (1,000 to 1,003)
  test(
    '10,000 entrants in 1,250 groups and a double-elimination playoff of sixteen',
    async () => {
      const id = await playedStage(10000, 1250, 1250 * 28);
      const res = await playoff(id, { format: 'double_elimination', size: 16, grandFinalReset: true });
      expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
      const made: Bracket = res.json.data;
      expectStage(made, 1250, 1250 * 28);
      // the stage is complete, its playoff not yet
      expect([made.complete, made.playoff!.complete]).toEqual([true, false]);
      // the playoff's winners', losers' and grand-final groups, apart from the stage's groups 1, 2 and 3
      expect(new Set(made.playoff!.rounds.map((r) => r.group))).toEqual(new Set([1, 2, 3]));
      expectWinnersSeeded(made, 16);
      // a result in the winners' bracket sends the winner on and the loser down to the losers' bracket
      const first = made.playoff!.rounds[0]!.matches[0]!;
      expect((await override(id, first, 0, 1)).json.data).toMatchObject({ group: 1, state: 'confirmed' });
      const after = await getBracket(id);
      const at = (group: number, round: number) =>
        after.playoff!.rounds.find((r) => r.group === group && r.round === round)!;
      expect(at(1, 2).matches[0]!.sideA?.id).toBe(first.sideB!.id);
      expect(at(2, 1).matches[0]!.sideA?.id).toBe(first.sideA!.id);
      expectStage(after, 1250, 1250 * 28);
    },
    BIG,
  );
});
