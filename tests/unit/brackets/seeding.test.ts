import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { manualOrder, rankingOrder } from '../../../src/features/brackets/seeding.ts';

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
