import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareTallies,
  computeStandings,
  linePoints,
  talliesOf,
  type ScoredMatch,
} from '../../../src/features/results/scoring.ts';
import type { ScoringTable } from '../../../src/features/results/contract.ts';
import { scenarioArb, type Scenario } from './arbitraries.ts';

/**
 * The scoring and tiebreak rules as properties, over random tables, entrants
 * and matches (tests/unit/results/arbitraries.ts).
 */

const runs = { numRuns: 400 };
const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

describe('the order is total', () => {
  it('the comparator is a total preorder: reflexive, antisymmetric, transitive, and a tie is an equivalence', () => {
    fc.assert(
      fc.property(scenarioArb, ({ table, entrants, matches }) => {
        const tallies = talliesOf(table, entrants, matches);
        const cmp = (a: number, b: number) => sign(compareTallies(table, tallies[a]!, tallies[b]!));
        const n = tallies.length;
        for (let a = 0; a < n; a++) {
          expect(cmp(a, a)).toBe(0);
          for (let b = 0; b < n; b++) {
            expect(cmp(a, b) + cmp(b, a)).toBe(0);
            for (let c = 0; c < n; c++) {
              if (cmp(a, b) <= 0 && cmp(b, c) <= 0) expect(cmp(a, c)).toBeLessThanOrEqual(0);
              if (cmp(a, b) === 0 && cmp(b, c) === 0) expect(cmp(a, c)).toBe(0);
            }
          }
        }
      }),
      runs,
    );
  });

  // and points never rise down the table
  it('ranks are non-decreasing, shared exactly by ties, and one more than the rows strictly ahead', () => {
    fc.assert(
      fc.property(scenarioArb, ({ table, entrants, matches }) => {
        const rows = computeStandings(table, entrants, matches);
        expect(rows).toHaveLength(entrants.length);
        expect(new Set(rows.map((r) => r.entrantId)).size).toBe(entrants.length);
        const byId = new Map(talliesOf(table, entrants, matches).map((t) => [t.entrant.id, t]));
        rows.forEach((row, i) => {
          const mine = byId.get(row.entrantId)!;
          const ahead = rows.filter((other) => compareTallies(table, byId.get(other.entrantId)!, mine) < 0).length;
          expect(row.rank).toBe(ahead + 1);
          if (i > 0) {
            const prev = rows[i - 1]!;
            expect(prev.rank).toBeLessThanOrEqual(row.rank);
            expect(prev.points).toBeGreaterThanOrEqual(row.points);
            expect(compareTallies(table, byId.get(prev.entrantId)!, mine)).toBeLessThanOrEqual(0);
            if (prev.rank === row.rank) expect(prev.points).toBe(row.points);
          }
        });
      }),
      runs,
    );
  });

  it('the standings do not depend on the order the entrants, matches or lines come in', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer(), ({ table, entrants, matches }, seed) => {
        const shuffle = <T>(xs: readonly T[], salt: number) =>
          [...xs]
            .map((x, i) => ({ x, k: Math.sin(seed + salt * 31 + i) }))
            .sort((a, b) => a.k - b.k)
            .map((p) => p.x);
        const reordered = shuffle(matches, 1).map((m, i) => ({ ...m, lines: shuffle(m.lines, i + 2) }));
        expect(computeStandings(table, shuffle(entrants, 99), reordered)).toEqual(
          computeStandings(table, entrants, matches),
        );
      }),
      runs,
    );
  });
});

/** The points of the matches that count for `id` now (best N, or all). */
function countedPoints(table: ScoringTable, matches: readonly ScoredMatch[], id: string): number[] {
  const points = matches
    .filter((m) => !m.voided)
    .flatMap((m) => m.lines.filter((l) => l.entrantId === id).map((l) => linePoints(table, l)))
    .sort((a, b) => b - a);
  return table.countedMatches === null ? points : points.slice(0, table.countedMatches);
}

describe('adding a better match never lowers a rank', () => {
  /*
   * "A better match" for entrant E: a new match (the next number) in which E has a line and nobody
   * else has one, and whose points raise E's total: more than E's lowest counted match when E
   * already counts N (best N), else more than nothing. (A line worth less can leave E's points
   * as they are and worsen a tiebreaker, such as the average placement, so it is not "better".)
   */
  it("E's points go up and E's rank never gets worse; nobody else's order changes", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.nat(),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('2026-03-01T17:00:00.000Z', '2026-03-01T19:00:00.000Z'),
        ({ table, entrants, matches }: Scenario, pick, placement, eliminations, submittedAt) => {
          const e = entrants[pick % entrants.length]!;
          const counted = countedPoints(table, matches, e.id);
          const full = table.countedMatches !== null && counted.length >= table.countedMatches;
          const newLine = { entrantId: e.id, placement, eliminations, submittedAt };
          fc.pre(linePoints(table, newLine) > (full ? counted[counted.length - 1]! : 0));

          const before = computeStandings(table, entrants, matches);
          const after = computeStandings(table, entrants, [
            ...matches,
            { number: matches.length + 1, voided: false, lines: [newLine] },
          ]);
          const rowOf = (rows: typeof before) => rows.find((r) => r.entrantId === e.id)!;
          expect(rowOf(after).points).toBeGreaterThan(rowOf(before).points);
          expect(rowOf(after).rank).toBeLessThanOrEqual(rowOf(before).rank);
          const others = (rows: typeof before) => rows.filter((r) => r.entrantId !== e.id).map((r) => r.entrantId);
          expect(others(after)).toEqual(others(before));
        },
      ),
      runs,
    );
  });
});

describe('voiding a match restores the standings without it', () => {
  it('voiding match k gives exactly the standings without k; restoring gives the standings with it', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), ({ table, entrants, matches }, pick) => {
        fc.pre(matches.length > 0);
        const k = pick % matches.length;
        const counting = matches.map((m) => ({ ...m, voided: false }));
        const voided = counting.map((m, i) => (i === k ? { ...m, voided: true } : m));
        const without = counting.filter((_, i) => i !== k);
        expect(computeStandings(table, entrants, voided)).toEqual(computeStandings(table, entrants, without));
        const restored = voided.map((m, i) => (i === k ? { ...m, voided: false } : m));
        expect(computeStandings(table, entrants, restored)).toEqual(computeStandings(table, entrants, counting));
      }),
      runs,
    );
  });

  it('lines of someone who is not an entrant (removed from the roster) change nothing', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 20 }), ({ table, entrants, matches }, placement) => {
        const stray = {
          number: matches.length + 1,
          voided: false,
          lines: [{ entrantId: 'gone', placement, eliminations: 9, submittedAt: '2026-03-01T17:00:00.000Z' }],
        };
        expect(computeStandings(table, entrants, [...matches, stray])).toEqual(
          computeStandings(table, entrants, matches),
        );
      }),
      runs,
    );
  });
});
