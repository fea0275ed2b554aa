import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  bracketSize,
  eliminationPlaces,
  firstPlayoffGroup,
  forfeitOf,
  groupsOf,
  groupTable,
  nextOf,
  outcomeFor,
  roundRobin,
  roundsFor,
  seedOrder,
  shuffled,
  singleElimination,
  winnerSide,
} from '../../../src/features/brackets/rules.ts';
import { eliminationPlacing } from '../../../src/features/brackets/contract.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `e${i + 1}`);

describe('single-elimination seeding and byes', () => {
  test('the standard seed order keeps 1 and 2 apart until the final', () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    // every first-round pair adds up to size + 1
    const order = seedOrder(16);
    for (let i = 0; i < 16; i += 2) expect(order[i]! + order[i + 1]!).toBe(17);
  });

  test('the bracket is the next power of two and has log2 rounds', () => {
    expect([2, 3, 4, 5, 8, 9, 16].map(bracketSize)).toEqual([2, 4, 4, 8, 8, 16, 16]);
    expect(roundsFor(5)).toBe(3);
  });

  test('five entrants: three byes to seeds 1, 2 and 3, who are already in round two', () => {
    const m = singleElimination(names(5));
    expect(m).toHaveLength(4 + 2 + 1);
    const first = m.filter((x) => x.round === 1);
    expect(
      first
        .filter((x) => x.byeWinner)
        .map((x) => x.byeWinner)
        .sort(),
    ).toEqual(['e1', 'e2', 'e3']);
    // the only real first-round match is 4 v 5
    expect(first.filter((x) => !x.byeWinner).map((x) => [x.sideA, x.sideB])).toEqual([['e4', 'e5']]);
    const second = m.filter((x) => x.round === 2);
    // seed 1's bye sends them to slot 0 side a, and the 4/5 winner will join them as side b
    expect(second[0]).toMatchObject({ sideA: 'e1', sideB: null });
    expect(second[1]).toMatchObject({ sideA: 'e2', sideB: 'e3' });
  });

  test('two entrants play one final; a full field has no byes', () => {
    expect(singleElimination(['a', 'b'])).toEqual([
      { group: 0, round: 1, slot: 0, sideA: 'a', sideB: 'b', byeWinner: null },
    ]);
    expect(singleElimination(names(8)).filter((x) => x.byeWinner)).toHaveLength(0);
  });

  test('for any field, every entrant appears once in round one, byes go to top seeds, no match is two byes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const ids = names(n);
        const m = singleElimination(ids);
        const first = m.filter((x) => x.round === 1);
        const placed = first.flatMap((x) => [x.sideA, x.sideB]).filter((x) => x !== null);
        expect(placed.sort()).toEqual([...ids].sort());
        expect(first.every((x) => x.sideA !== null || x.sideB !== null)).toBe(true);
        const byes = first.filter((x) => x.byeWinner).map((x) => ids.indexOf(x.byeWinner!) + 1);
        expect(byes.sort((a, b) => a - b)).toEqual(Array.from({ length: bracketSize(n) - n }, (_, i) => i + 1));
        expect(m).toHaveLength(bracketSize(n) - 1);
      }),
    );
  });

  test('a winner goes to half the slot of the next round, even slots as side a', () => {
    expect(nextOf(1, 0)).toEqual({ round: 2, slot: 0, side: 'a' });
    expect(nextOf(1, 1)).toEqual({ round: 2, slot: 0, side: 'b' });
    expect(nextOf(2, 3)).toEqual({ round: 3, slot: 1, side: 'b' });
  });

  test('a draw has no winning side', () => {
    expect(winnerSide({ scoreA: 2, scoreB: 1 })).toBe('a');
    expect(winnerSide({ scoreA: 0, scoreB: 3 })).toBe('b');
    expect(winnerSide({ scoreA: 1, scoreB: 1 })).toBeNull();
  });

  test('places: champion 1, runner-up 2, semi-final losers 3, quarter-final losers 5', () => {
    const decided = [
      { round: 1, sideA: 'a', sideB: 'h', winner: 'a' },
      { round: 1, sideA: 'd', sideB: 'e', winner: 'e' },
      { round: 1, sideA: 'b', sideB: 'g', winner: 'b' },
      { round: 1, sideA: 'c', sideB: 'f', winner: 'c' },
      { round: 2, sideA: 'a', sideB: 'e', winner: 'a' },
      { round: 2, sideA: 'b', sideB: 'c', winner: 'c' },
      { round: 3, sideA: 'a', sideB: 'c', winner: 'c' },
    ];
    expect(Object.fromEntries(eliminationPlaces(3, decided))).toEqual({
      c: 1,
      a: 2,
      e: 3,
      b: 3,
      h: 5,
      d: 5,
      g: 5,
      f: 5,
    });
  });

  test('a place read back as a placing: champion, finalist, semi-finalist, out in round N; else none', () => {
    expect(eliminationPlacing(1, 16)).toEqual({ kind: 'champion' });
    expect(eliminationPlacing(2, 16)).toEqual({ kind: 'finalist' });
    expect(eliminationPlacing(3, 16)).toEqual({ kind: 'semifinalist' });
    expect(eliminationPlacing(5, 16)).toEqual({ kind: 'out', round: 2 });
    expect(eliminationPlacing(9, 16)).toEqual({ kind: 'out', round: 1 });
    // twelve entrants play a bracket of sixteen (byes): the first round's losers are 9th
    expect(eliminationPlacing(9, 12)).toEqual({ kind: 'out', round: 1 });
    expect(eliminationPlacing(3, 2)).toBeNull();
    for (const place of [0, 4, 6, 17]) expect(eliminationPlacing(place, 16)).toBeNull();
  });
});

describe('round robin', () => {
  test('every pair meets exactly once, nobody plays twice in a round, n-1 rounds (n for an odd group)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), (n) => {
        const ids = names(n);
        const m = roundRobin(ids);
        const pairs = m.map((x) => [x.sideA, x.sideB].sort().join('|'));
        expect(new Set(pairs).size).toBe((n * (n - 1)) / 2);
        expect(pairs).toHaveLength((n * (n - 1)) / 2);
        const rounds = new Set(m.map((x) => x.round));
        expect(rounds.size).toBe(n % 2 === 0 ? n - 1 : n);
        for (const r of rounds) {
          const inRound = m.filter((x) => x.round === r).flatMap((x) => [x.sideA, x.sideB]);
          expect(new Set(inRound).size).toBe(inRound.length);
        }
      }),
    );
  });

  test('larger fields split into groups of at most eight that differ by at most one, top seeds spread', () => {
    expect(groupsOf(names(8)).map((g) => g.length)).toEqual([8]);
    expect(groupsOf(names(9)).map((g) => g.length)).toEqual([5, 4]);
    expect(groupsOf(names(20)).map((g) => g.length)).toEqual([7, 7, 6]);
    const [g1, g2] = groupsOf(names(10));
    expect(g1![0]).toBe('e1');
    expect(g2![0]).toBe('e2');
  });

  // a playoff's groups are its format's own (0 to 3) plus the first one: never one of the stage's
  test("a playoff's groups start past every group of a round robin of any size up to the roster limit", () => {
    // where playoffs of stages under 1,000 groups are stored, as before
    expect([0, 1, 182, 999].map(firstPlayoffGroup)).toEqual([1000, 1000, 1000, 1000]);
    // 7,993 entrants are the first field in 1,000 groups
    expect(groupsOf(names(7992))).toHaveLength(999);
    expect(groupsOf(names(7993))).toHaveLength(1000);
    expect(firstPlayoffGroup(1000)).toBe(1001);
    // the largest field has the most groups
    expect(groupsOf(names(10000))).toHaveLength(1250);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1250 }), (last) => firstPlayoffGroup(last) > last));
  });

  const entrants = [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Bravo' },
    { id: 'c', name: 'Charlie' },
    { id: 'd', name: 'Delta' },
  ];

  test('the table counts played, wins, draws, losses, scores and points (3 a win, 1 a draw)', () => {
    const rows = groupTable(entrants, [
      { sideA: 'a', sideB: 'b', scoreA: 3, scoreB: 1 },
      { sideA: 'c', sideB: 'a', scoreA: 2, scoreB: 2 },
      { sideA: 'b', sideB: 'c', scoreA: 0, scoreB: 1 },
    ]);
    expect(
      rows.map((r) => [
        r.entrantId,
        r.rank,
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
      ['a', 1, 2, 1, 1, 0, 5, 3, 2, 4],
      ['c', 2, 2, 1, 1, 0, 3, 2, 1, 4],
      ['d', 3, 0, 0, 0, 0, 0, 0, 0, 0],
      ['b', 4, 2, 0, 0, 2, 1, 4, -3, 0],
    ]);
  });

  test('a forfeit is a win for the side still playing and a loss for the other, with no score for either', () => {
    const rows = groupTable(entrants, [
      { sideA: 'a', sideB: 'b', scoreA: 2, scoreB: 0 },
      // b disqualified: the rest of its matches are forfeits, whatever scores a row happens to hold
      { sideA: 'c', sideB: 'b', scoreA: 0, scoreB: 0, forfeit: 'b' },
      { sideA: 'b', sideB: 'd', scoreA: 5, scoreB: 0, forfeit: 'a' },
      // both sides out: a loss for each
      { sideA: 'c', sideB: 'd', scoreA: 0, scoreB: 0, forfeit: 'both' },
    ]);
    const line = (id: string) => rows.find((r) => r.entrantId === id)!;
    const counts = (id: string) => {
      const r = line(id);
      return [r.played, r.wins, r.draws, r.losses, r.scoreFor, r.scoreAgainst, r.points];
    };
    expect(counts('a')).toEqual([1, 1, 0, 0, 2, 0, 3]);
    expect(counts('b')).toEqual([3, 0, 0, 3, 0, 2, 0]);
    expect(counts('c')).toEqual([2, 1, 0, 1, 0, 0, 3]);
    expect(counts('d')).toEqual([2, 1, 0, 1, 0, 0, 3]);
    // c and d are level: their double forfeit gives neither a head-to-head point, so the name orders them
    expect(line('c').rank).toBeLessThan(line('d').rank);
  });

  test('the outcome of a side: a forfeit decides it whatever the scores, else the score does', () => {
    const m = { scoreA: 3, scoreB: 1 };
    expect([outcomeFor(m, 'a'), outcomeFor(m, 'b')]).toEqual(['win', 'loss']);
    expect([outcomeFor({ ...m, forfeit: 'a' }, 'a'), outcomeFor({ ...m, forfeit: 'a' }, 'b')]).toEqual(['loss', 'win']);
    expect([outcomeFor({ ...m, forfeit: 'both' }, 'a'), outcomeFor({ ...m, forfeit: 'both' }, 'b')]).toEqual([
      'loss',
      'loss',
    ]);
    expect(outcomeFor({ scoreA: 1, scoreB: 1 }, 'b')).toBe('draw');
  });

  test('a three-way tie on points, difference and head-to-head: by name', () => {
    const rows = groupTable(entrants.slice(0, 3), [
      { sideA: 'a', sideB: 'b', scoreA: 0, scoreB: 1 },
      { sideA: 'a', sideB: 'c', scoreA: 1, scoreB: 0 },
      { sideA: 'b', sideB: 'c', scoreA: 0, scoreB: 1 },
    ]);
    // all three: 3 points, difference 0; head-to-head among the three is also 3 each, so by name
    expect(rows.map((r) => r.entrantId)).toEqual(['a', 'b', 'c']);
  });

  test('head-to-head breaks a two-way tie the name would order the other way', () => {
    const rows = groupTable(
      [
        { id: 'p', name: 'Aardvark' },
        { id: 'q', name: 'Zebra' },
        { id: 'r', name: 'Middle' },
      ],
      [
        // Zebra beats Aardvark; both beat Middle by the same margin so points and difference tie
        { sideA: 'q', sideB: 'p', scoreA: 1, scoreB: 0 },
        { sideA: 'p', sideB: 'r', scoreA: 2, scoreB: 0 },
        { sideA: 'q', sideB: 'r', scoreA: 0, scoreB: 1 },
        { sideA: 'p', sideB: 'q', scoreA: 0, scoreB: 0 },
      ],
    );
    // p: L W D → 4 pts, 2-1 = +1; q: W L D → 4 pts, 1-1 = 0 → difference decides first
    expect(rows.map((r) => r.entrantId)).toEqual(['p', 'q', 'r']);
    const tied = groupTable(
      [
        { id: 'p', name: 'Aardvark' },
        { id: 'q', name: 'Zebra' },
        { id: 'r', name: 'Middle' },
      ],
      [
        { sideA: 'q', sideB: 'p', scoreA: 1, scoreB: 0 },
        { sideA: 'p', sideB: 'r', scoreA: 1, scoreB: 0 },
        { sideA: 'r', sideB: 'q', scoreA: 1, scoreB: 0 },
        { sideA: 'p', sideB: 'r', scoreA: 1, scoreB: 0 },
        { sideA: 'q', sideB: 'r', scoreA: 1, scoreB: 0 },
      ],
    );
    // p and q: 6 points, difference +1 each; Zebra beat Aardvark, so Zebra is above despite the name
    expect(tied.slice(0, 2).map((r) => r.entrantId)).toEqual(['q', 'p']);
  });

  test('the order is total: any results give ranks 1..n with no repeats', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const match = fc.record({
      i: fc.integer({ min: 0, max: 4 }),
      j: fc.integer({ min: 0, max: 4 }),
      sa: fc.integer({ min: 0, max: 3 }),
      sb: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(match, { maxLength: 20 }), (ms) => {
        const played = ms
          .filter((m) => m.i !== m.j)
          .map((m) => ({ sideA: ids[m.i]!, sideB: ids[m.j]!, scoreA: m.sa, scoreB: m.sb }));
        const rows = groupTable(
          ids.map((id) => ({ id, name: id.toUpperCase() })),
          played,
        );
        expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
        for (let k = 1; k < rows.length; k++) expect(rows[k - 1]!.points).toBeGreaterThanOrEqual(rows[k]!.points);
      }),
    );
  });
});

test('a shuffle keeps every entrant', () => {
  let s = 7;
  const random = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
  const out = shuffled(names(10), random);
  expect([...out].sort()).toEqual([...names(10)].sort());
  expect(out).not.toEqual(names(10));
});

describe('forfeits of disqualified entrants', () => {
  const out = new Set(['x', 'y']);
  test('an open match with one side out: the other side goes on', () => {
    expect(forfeitOf({ sideA: 'x', sideB: 'p', state: 'awaiting' }, out, true)).toEqual({ forfeit: 'a', winner: 'p' });
    expect(forfeitOf({ sideA: 'p', sideB: 'y', state: 'disputed' }, out, false)).toEqual({ forfeit: 'b', winner: 'p' });
  });

  test('both sides out: nobody wins a table match; an elimination sends side A on, to forfeit again', () => {
    expect(forfeitOf({ sideA: 'x', sideB: 'y', state: 'awaiting' }, out, false)).toEqual({
      forfeit: 'both',
      winner: null,
    });
    expect(forfeitOf({ sideA: 'y', sideB: 'x', state: 'awaiting' }, out, true)).toEqual({
      forfeit: 'both',
      winner: 'y',
    });
  });

  test('a match decided, a bye, one still waiting for its other side, or nobody out: nothing to forfeit', () => {
    for (const state of ['confirmed', 'bye', 'pending'] as const)
      expect(forfeitOf({ sideA: 'x', sideB: 'p', state }, out, true)).toBeNull();
    expect(forfeitOf({ sideA: 'x', sideB: null, state: 'awaiting' }, out, true)).toBeNull();
    expect(forfeitOf({ sideA: 'p', sideB: 'q', state: 'awaiting' }, out, true)).toBeNull();
  });
});
