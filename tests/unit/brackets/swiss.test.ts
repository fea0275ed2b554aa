import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  defaultSwissRounds,
  maxSwissRounds,
  pairingOrder,
  swissPairing,
  swissPoints,
  swissTable,
  type SwissEntrant,
  type SwissGame,
} from '../../../src/features/brackets/swiss.ts';

const field = (n: number): SwissEntrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `e${String(i + 1).padStart(2, '0')}`, name: `P${i % 5}`, seed: i + 1 }));

const key = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** Plays `rounds` Swiss rounds with the results `outcome` picks (0 a wins, 1 b wins, 2 draw). */
function play(
  entrants: SwissEntrant[],
  rounds: number,
  outcome: (round: number, slot: number) => number,
  check: (pairing: ReturnType<typeof swissPairing>, games: SwissGame[], round: number) => void,
): SwissGame[] {
  const games: SwissGame[] = [];
  for (let r = 1; r <= rounds; r++) {
    const pairing = swissPairing(entrants, games);
    check(pairing, [...games], r);
    pairing.pairs.forEach(([a, b], slot) => {
      const o = outcome(r, slot) % 3;
      games.push({ a, b, scoreA: o === 0 ? 2 : o === 1 ? 0 : 1, scoreB: o === 1 ? 2 : o === 0 ? 0 : 1 });
    });
    if (pairing.bye) games.push({ a: pairing.bye, b: null, scoreA: 0, scoreB: 0 });
  }
  return games;
}

/** Brute force: whether some pairing of the round (with an allowed bye) has no rematch. */
function rematchFreeExists(entrants: SwissEntrant[], games: SwissGame[]): boolean {
  const met = new Set(games.filter((g) => g.b).map((g) => key(g.a, g.b!)));
  const byes = new Map(entrants.map((e) => [e.id, games.filter((g) => g.b === null && g.a === e.id).length]));
  const ids = entrants.map((e) => e.id);
  const perfect = (rest: string[]): boolean => {
    if (!rest.length) return true;
    const [x, ...others] = rest as [string, ...string[]];
    return others.some((y) => !met.has(key(x, y)) && perfect(others.filter((z) => z !== y)));
  };
  if (ids.length % 2 === 0) return perfect(ids);
  const fewest = Math.min(...byes.values());
  return ids.filter((id) => byes.get(id) === fewest).some((bye) => perfect(ids.filter((id) => id !== bye)));
}

const outcomes = fc.func(fc.nat());

describe('Swiss pairing', () => {
  test('round one: top half against bottom half by seed, the bye to the last seed', () => {
    const p = swissPairing(field(8), []);
    expect(p.pairs).toEqual([
      ['e01', 'e05'],
      ['e02', 'e06'],
      ['e03', 'e07'],
      ['e04', 'e08'],
    ]);
    expect(p.bye).toBeNull();
    expect(swissPairing(field(5), []).bye).toBe('e05');
  });

  test('round two pairs the winners together and the losers together', () => {
    const games: SwissGame[] = [
      { a: 'e01', b: 'e03', scoreA: 1, scoreB: 0 },
      { a: 'e02', b: 'e04', scoreA: 0, scoreB: 1 },
    ];
    expect(swissPairing(field(4), games).pairs).toEqual([
      ['e01', 'e04'],
      ['e02', 'e03'],
    ]);
  });

  test('default rounds are ceil(log2 n), the most are n - 1 (even) or n (odd)', () => {
    expect([2, 3, 8, 9, 64].map(defaultSwissRounds)).toEqual([1, 2, 3, 4, 6]);
    expect([4, 5].map(maxSwissRounds)).toEqual([3, 5]);
  });

  test('for any field of 2..64 and any results, everybody plays once a round, one bye when odd, byes spread', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), outcomes, (n, outcome) => {
        const entrants = field(n);
        const rounds = Math.min(defaultSwissRounds(n) + 1, maxSwissRounds(n));
        const byeCount = new Map(entrants.map((e) => [e.id, 0]));
        play(entrants, rounds, outcome, (p) => {
          const seen = [...p.pairs.flat(), ...(p.bye ? [p.bye] : [])];
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.sort()).toEqual(entrants.map((e) => e.id).sort());
          expect(p.bye === null).toBe(n % 2 === 0);
          if (p.bye) {
            // the bye goes to somebody with the fewest byes, so nobody has two while another has none
            expect(byeCount.get(p.bye)).toBe(Math.min(...byeCount.values()));
            byeCount.set(p.bye, byeCount.get(p.bye)! + 1);
          }
        });
        expect(Math.max(...byeCount.values()) - Math.min(...byeCount.values())).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  test('no rematch while one is avoidable, checked against a brute-force search (n up to 9, every round)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), outcomes, (n, outcome) => {
        const entrants = field(n);
        play(entrants, maxSwissRounds(n) + 1, outcome, (p, games) => {
          const met = new Set(games.filter((g) => g.b).map((g) => key(g.a, g.b!)));
          const rematches = p.pairs.filter(([a, b]) => met.has(key(a, b))).length;
          if (rematchFreeExists(entrants, games)) expect(rematches).toBe(0);
          else expect(rematches).toBeGreaterThan(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  test('a large field over its default rounds never has a rematch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 64 }), outcomes, (n, outcome) => {
        const entrants = field(n);
        const met = new Set<string>();
        play(entrants, defaultSwissRounds(n), outcome, (p) => {
          for (const [a, b] of p.pairs) {
            expect(met.has(key(a, b))).toBe(false);
            met.add(key(a, b));
          }
        });
      }),
      { numRuns: 100 },
    );
  });

  test('pairs stay within a score group while it can be paired', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 32 }), outcomes, (n, outcome) => {
        const entrants = field(n);
        const games = play(entrants, 1, outcome, () => {});
        const points = swissPoints(entrants, games);
        const p = swissPairing(entrants, games);
        // after one round a score group can always be paired inside, save one entrant floating down per group
        const crossing = p.pairs.filter(([a, b]) => points.get(a) !== points.get(b)).length;
        const groups = new Set([...points.values()]).size;
        expect(crossing).toBeLessThanOrEqual(groups - 1);
        // and the order pairs are made in starts from the most points
        const order = pairingOrder(entrants, games).map((e) => points.get(e.id)!);
        expect(order).toEqual([...order].sort((x, y) => y - x));
      }),
      { numRuns: 200 },
    );
  });
});

describe('Swiss table', () => {
  test('the order is total and follows points, Buchholz, then the opponents’ match-win percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 6 }), outcomes, (n, r, outcome) => {
        const entrants = field(n);
        const games = play(entrants, Math.min(r, maxSwissRounds(n)), outcome, () => {});
        const rows = swissTable(entrants, games);
        expect(rows.map((x) => x.rank)).toEqual(rows.map((_, i) => i + 1));
        expect(new Set(rows.map((x) => x.entrantId)).size).toBe(n);
        // the same games in another order give the same table
        expect(swissTable([...entrants].reverse(), [...games].reverse())).toEqual(rows);
        const points = swissPoints(entrants, games);
        for (let i = 1; i < rows.length; i++) {
          const [x, y] = [rows[i - 1]!, rows[i]!];
          expect(x.points).toBe(points.get(x.entrantId));
          const order = Math.sign(x.points - y.points) || Math.sign(x.buchholz - y.buchholz);
          expect(order >= 0).toBe(true);
          if (order === 0) expect(x.opponentsWin).toBeGreaterThanOrEqual(y.opponentsWin);
          expect(x.opponentsWin).toBeGreaterThanOrEqual(33.33);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a bye is a win worth 3 points and no opponent; Buchholz sums the opponents’ points', () => {
    const entrants = field(3);
    const games: SwissGame[] = [
      { a: 'e01', b: 'e02', scoreA: 2, scoreB: 1 },
      { a: 'e03', b: null, scoreA: 0, scoreB: 0 },
    ];
    const rows = swissTable(entrants, games);
    const e3 = rows.find((x) => x.entrantId === 'e03')!;
    expect(e3).toMatchObject({ wins: 1, played: 1, points: 3, buchholz: 0, opponentsWin: 33.33 });
    const e1 = rows.find((x) => x.entrantId === 'e01')!;
    // e02 lost its only game: its 0% is floored at a third
    expect(e1).toMatchObject({ points: 3, buchholz: 0, opponentsWin: 33.33 });
    expect(rows.find((x) => x.entrantId === 'e02')).toMatchObject({ points: 0, buchholz: 3, opponentsWin: 100 });
  });

  test("an opponent's forfeit is a win worth 3 points, with no score; the one who forfeited has lost it", () => {
    const [a, b, c, d] = field(4);
    const games: SwissGame[] = [
      { a: a!.id, b: b!.id, scoreA: 0, scoreB: 0, forfeit: 'b' },
      { a: c!.id, b: d!.id, scoreA: 2, scoreB: 1 },
    ];
    expect(swissPoints(field(4), games)).toEqual(
      new Map([
        [a!.id, 3],
        [b!.id, 0],
        [c!.id, 3],
        [d!.id, 0],
      ]),
    );
    const rows = swissTable(field(4), games);
    expect(rows.find((r) => r.entrantId === a!.id)).toMatchObject({ played: 1, wins: 1, scoreFor: 0, points: 3 });
    expect(rows.find((r) => r.entrantId === b!.id)).toMatchObject({ played: 1, losses: 1, scoreAgainst: 0 });
  });

  test('head-to-head breaks a tie the other tiebreakers leave, before the name', () => {
    const entrants: SwissEntrant[] = [
      { id: 'a', name: 'Alpha', seed: 1 },
      { id: 'b', name: 'Beta', seed: 2 },
    ];
    const rows = swissTable(entrants, [
      { a: 'a', b: 'b', scoreA: 1, scoreB: 1 },
      { a: 'b', b: 'a', scoreA: 2, scoreB: 0 },
      { a: 'a', b: 'b', scoreA: 3, scoreB: 0 },
    ]);
    // both have 4 points, Buchholz 4 and the same opponents' percentage: head-to-head is equal too,
    // so the name decides
    expect(rows.map((x) => x.entrantId)).toEqual(['a', 'b']);
  });
});
