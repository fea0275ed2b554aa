import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { manualOrder, playoffSeeds, rankingOrder, stageOrder } from '../../../src/features/brackets/seeding.ts';

const NUM_RUNS = 500;

/** A field in check-in order (ids e0, e1, …) and points for some of them, many equal so ties happen. */
const fieldWithPoints = fc
  .integer({ min: 0, max: 40 })
  .chain((n) =>
    fc.tuple(
      fc.constant(Array.from({ length: n }, (_, i) => ({ id: `e${i}`, name: `P${i}` }))),
      fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), { minLength: n, maxLength: n }),
    ),
  );

describe('rankingOrder', () => {
  test('a permutation of the entrants, by points descending, ties (and no points: 0) by check-in order', () => {
    fc.assert(
      fc.property(fieldWithPoints, ([field, pts]) => {
        const points = new Map<string, number>();
        pts.forEach((p, i) => p !== undefined && points.set(`e${i}`, p));
        const out = rankingOrder(field, points);
        expect([...out].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
          [...field].sort((x, y) => x.id.localeCompare(y.id)),
        );
        const checkInIndex = (id: string) => Number(id.slice(1));
        for (let i = 1; i < out.length; i++) {
          const before = points.get(out[i - 1]!.id) ?? 0;
          const after = points.get(out[i]!.id) ?? 0;
          expect(before).toBeGreaterThanOrEqual(after);
          if (before === after) expect(checkInIndex(out[i - 1]!.id)).toBeLessThan(checkInIndex(out[i]!.id));
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('points for somebody outside the field change nothing, and the input is left as it was', () => {
    const field = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const out = rankingOrder(
      field,
      new Map([
        ['z', 99],
        ['c', 4],
        ['a', 4],
      ]),
    );
    expect(out.map((e) => e.id)).toEqual(['a', 'c', 'b']);
    expect(field.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('manualOrder', () => {
  test('any permutation of the ids gives the entrants in that order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }).chain((n) =>
          fc.shuffledSubarray(
            Array.from({ length: n }, (_, i) => `e${i}`),
            { minLength: n, maxLength: n },
          ),
        ),
        (order) => {
          const field = [...order].sort().map((id) => ({ id }));
          expect(manualOrder(field, order)?.map((e) => e.id)).toEqual(order);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  test('an order missing, repeating or inventing an entrant is refused (null)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        fc.constantFrom('drop', 'repeat', 'unknown', 'extra'),
        (n, k, how) => {
          const ids = Array.from({ length: n }, (_, i) => `e${i}`);
          const field = ids.map((id) => ({ id }));
          const i = k % n;
          const order =
            how === 'drop'
              ? ids.filter((_, j) => j !== i)
              : how === 'repeat'
                ? ids.map((id, j) => (j === i ? ids[(i + 1) % n]! : id))
                : how === 'unknown'
                  ? ids.map((id, j) => (j === i ? 'nobody' : id))
                  : [...ids, 'nobody'];
          // with one entrant, "repeat" names the same entrant once: that is the whole field
          if (how === 'repeat' && n === 1) expect(manualOrder(field, order)).not.toBeNull();
          else expect(manualOrder(field, order)).toBeNull();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('stageOrder and playoffSeeds', () => {
  /** Tables of 1 to 6 groups, each a ranked list (rank 1, 2, …) with points that may tie across groups. */
  const tables = fc
    .array(
      fc.array(fc.record({ points: fc.integer({ min: 0, max: 9 }), difference: fc.integer({ min: -5, max: 5 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
      {
        minLength: 1,
        maxLength: 6,
      },
    )
    .map((groups) =>
      groups.map((rows, g) => ({
        group: g + 1,
        rows: rows.map((r, i) => ({ ...r, rank: i + 1, entrantId: `g${g}-${i}`, name: `N${(g * 7 + i) % 5}` })),
      })),
    );

  test('every line once; group winners first, then seconds, …; within a rank by points, then difference', () => {
    fc.assert(
      fc.property(tables, (ts) => {
        const out = stageOrder(ts);
        const all = ts.flatMap((t) => t.rows.map((r) => r.entrantId));
        expect(out.map((l) => l.entrantId).sort()).toEqual([...all].sort());
        for (let i = 1; i < out.length; i++) {
          const x = out[i - 1]!;
          const y = out[i]!;
          expect(x.rank).toBeLessThanOrEqual(y.rank);
          if (x.rank === y.rank) {
            expect(x.points).toBeGreaterThanOrEqual(y.points);
            if (x.points === y.points) expect(x.difference).toBeGreaterThanOrEqual(y.difference);
          }
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('a disqualified line is never a playoff seed: the next one takes its place', () => {
    const line = (entrantId: string, rank: number, points: number, disqualified?: true) => ({
      entrantId,
      rank,
      name: entrantId,
      points,
      difference: 0,
      ...(disqualified && { disqualified }),
    });
    const ts = [
      { rows: [line('a1', 1, 9), line('a2', 2, 6), line('a3', 3, 3, true)] },
      { rows: [line('b1', 1, 9, true), line('b2', 2, 3)] },
    ];
    expect(playoffSeeds(ts, 3)).toEqual(['a1', 'a2', 'b2']);
    expect(playoffSeeds(ts, 8)).toEqual(['a1', 'a2', 'b2']);
  });

  test('the playoff seeds are the first `size` of that order, seed 1 first, none twice', () => {
    fc.assert(
      fc.property(tables, fc.nat(), (ts, k) => {
        const total = ts.reduce((n, t) => n + t.rows.length, 0);
        const size = 2 + (k % Math.max(1, total - 1));
        const seeds = playoffSeeds(ts, size);
        expect(seeds).toEqual(
          stageOrder(ts)
            .slice(0, size)
            .map((l) => l.entrantId),
        );
        expect(new Set(seeds).size).toBe(seeds.length);
        expect(seeds.length).toBe(Math.min(size, total));
        // every group's first comes before any group's second, and so on
        const ranks = seeds.map((id) => ts.flatMap((t) => t.rows).find((r) => r.entrantId === id)!.rank);
        expect([...ranks].sort((x, y) => x - y)).toEqual(ranks);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
