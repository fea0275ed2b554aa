import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  championOf,
  doubleEliminationPlaces,
  doubleEliminationShape,
  flow,
  GRAND_FINAL,
  keyOf,
  LOSERS,
  WINNERS,
  type FlowMatch,
} from '../../../src/features/brackets/double-elimination.ts';
import { eliminationPlaces, nextOf, singleElimination, thirdPlaceMatch } from '../../../src/features/brackets/rules.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `e${i + 1}`);
const keyOfMatch = (m: FlowMatch) => keyOf(m.group, m.round, m.slot);

/**
 * Plays a double-elimination bracket to its end: every playable match is decided by the next
 * coin (true: side A wins). Returns every state the bracket went through and the last one.
 */
function playOut(n: number, reset: boolean, coins: readonly boolean[]) {
  const shape = doubleEliminationShape(n, reset);
  const seeded = names(n);
  const winners = new Map<string, string>();
  const states: FlowMatch[][] = [];
  let i = 0;
  for (;;) {
    const now = flow(shape, seeded, winners);
    states.push(now);
    const open = now.filter((m) => m.state === 'ready' && m.winner === null);
    if (!open.length) return { shape, states, last: now, winners };
    for (const m of open) winners.set(keyOfMatch(m), (coins[i++ % coins.length] ?? true) ? m.sideA! : m.sideB!);
  }
}

const played = (last: FlowMatch[]) => last.filter((m) => m.state === 'ready' && m.winner !== null);
const losersOf = (ms: FlowMatch[]) => ms.map((m) => (m.winner === m.sideA ? m.sideB! : m.sideA!));

const RUNS = 200;
const arb = fc.record({
  n: fc.integer({ min: 2, max: 64 }),
  reset: fc.boolean(),
  coins: fc.array(fc.boolean(), { minLength: 1, maxLength: 200 }),
});

describe('double elimination: properties', () => {
  test('every entrant plays at most once per round, in every state the bracket goes through', () => {
    fc.assert(
      fc.property(arb, ({ n, reset, coins }) => {
        for (const state of playOut(n, reset, coins).states) {
          const seen = new Set<string>();
          for (const m of state)
            for (const id of [m.sideA, m.sideB]) {
              if (!id) continue;
              const k = `${m.group}:${m.round}:${id}`;
              expect(seen.has(k)).toBe(false);
              seen.add(k);
            }
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("the losers' bracket (or the grand final) receives every winners' bracket loser exactly once", () => {
    fc.assert(
      fc.property(arb, ({ n, reset, coins }) => {
        const { shape, last } = playOut(n, reset, coins);
        const wbLosers = losersOf(played(last).filter((m) => m.group === WINNERS));
        expect(wbLosers).toHaveLength(n - 1);
        const byKey = new Map(last.map((m) => [keyOfMatch(m), m]));
        // the sides fed by a winners' match's loser, across the whole bracket
        const dropped: string[] = [];
        for (const s of shape)
          for (const [feed, side] of [
            [s.a, 'sideA'],
            [s.b, 'sideB'],
          ] as const)
            if ('loserOf' in feed && feed.loserOf.startsWith(`${WINNERS}:`)) {
              const id = byKey.get(keyOf(s.group, s.round, s.slot))![side];
              if (id) dropped.push(id);
            }
        expect(dropped.sort()).toEqual([...wbLosers].sort());
      }),
      { numRuns: RUNS },
    );
  });

  test('nobody is out before two losses, but the grand final rules; the champion is unbeaten or won the reset', () => {
    fc.assert(
      fc.property(arb, ({ n, reset, coins }) => {
        const { last } = playOut(n, reset, coins);
        expect(last.every((m) => m.state !== 'pending')).toBe(true);
        const losses = new Map<string, number>(names(n).map((id) => [id, 0]));
        for (const id of losersOf(played(last))) losses.set(id, losses.get(id)! + 1);
        const champion = championOf(last)!;
        expect(champion).not.toBeNull();
        const gf = last.find((m) => m.group === GRAND_FINAL && m.round === 1)!;
        const resetMatch = last.find((m) => m.group === GRAND_FINAL && m.round === 2);
        const runnerUp = [gf.sideA, gf.sideB].find((id) => id !== champion)!;
        for (const [id, count] of losses) {
          if (id === champion) continue;
          // only a winners' champion beaten in a grand final without reset goes out after one loss
          if (id === runnerUp && !reset && gf.winner === gf.sideB && id === gf.sideA) expect(count).toBe(1);
          else expect(count).toBe(2);
        }
        if (losses.get(champion) === 0) expect(champion).toBe(gf.sideA);
        else if (reset) expect(resetMatch!.winner).toBe(champion);
        else expect(gf.winner).toBe(champion);
      }),
      { numRuns: RUNS },
    );
  });

  test('the final places are 1, 2, 3, 4 once each, then shared by the round each went out in', () => {
    fc.assert(
      fc.property(arb, ({ n, reset, coins }) => {
        const { last } = playOut(n, reset, coins);
        const places = doubleEliminationPlaces(last);
        expect(places.size).toBe(n);
        const all = [...places.values()];
        for (const p of [1, 2, 3, 4].filter((p) => p <= n)) expect(all.filter((x) => x === p)).toHaveLength(1);
        expect(places.get(championOf(last)!)).toBe(1);
        // a place is one more than the number of entrants placed ahead of it
        for (const p of new Set(all)) expect(all.filter((x) => x < p).length + 1).toBe(p);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('double elimination: shape and flow', () => {
  test('eight entrants: 7 winners matches, 6 losers matches, a grand final and its reset', () => {
    const shape = doubleEliminationShape(8, true);
    expect(shape.filter((m) => m.group === WINNERS)).toHaveLength(7);
    expect(shape.filter((m) => m.group === LOSERS).map((m) => m.round)).toEqual([1, 1, 2, 2, 3, 4]);
    expect(shape.filter((m) => m.group === GRAND_FINAL)).toHaveLength(2);
    expect(doubleEliminationShape(8, false).filter((m) => m.group === GRAND_FINAL)).toHaveLength(1);
  });

  test('five entrants: the top three seeds have byes, and losers round 1 with nobody to play is a bye', () => {
    const first = flow(doubleEliminationShape(5, true), names(5), new Map());
    const wb1 = first.filter((m) => m.group === WINNERS && m.round === 1);
    expect(wb1.filter((m) => m.state === 'bye').map((m) => m.winner)).toEqual(['e1', 'e2', 'e3']);
    expect(first.find((m) => m.group === LOSERS && m.round === 1 && m.slot === 1)).toMatchObject({
      state: 'bye',
      winner: null,
    });
  });

  test('the reset is played only when the losers-bracket finalist wins the grand final', () => {
    const shape = doubleEliminationShape(2, true);
    const gf = keyOf(GRAND_FINAL, 1, 0);
    const wb = keyOf(WINNERS, 1, 0);
    const aWins = flow(
      shape,
      ['x', 'y'],
      new Map([
        [wb, 'x'],
        [gf, 'x'],
      ]),
    );
    expect(aWins.at(-1)).toMatchObject({ state: 'bye', sideA: null, sideB: null });
    expect(championOf(aWins)).toBe('x');
    const bWins = flow(
      shape,
      ['x', 'y'],
      new Map([
        [wb, 'x'],
        [gf, 'y'],
      ]),
    );
    expect(bWins.at(-1)).toMatchObject({ state: 'ready', sideA: 'x', sideB: 'y', winner: null });
    expect(championOf(bWins)).toBeNull();
    const noReset = flow(
      doubleEliminationShape(2, false),
      ['x', 'y'],
      new Map([
        [wb, 'x'],
        [gf, 'y'],
      ]),
    );
    expect(championOf(noReset)).toBe('y');
  });
});

describe('single elimination: third-place match', () => {
  test('for any n in 4..64 and any results it gets exactly the two semi-final losers; places 3 and 4', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 64 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }),
        (n, coins) => {
          const matches = [...singleElimination(names(n)), thirdPlaceMatch(n)!];
          const rounds = Math.max(...matches.map((m) => m.round));
          const at = (round: number, slot: number) => matches.find((m) => m.round === round && m.slot === slot)!;
          const decided: { round: number; slot: number; sideA: string; sideB: string; winner: string }[] = [];
          let i = 0;
          // play round by round, as the server does: the winner on, a semi-final's loser to the third-place match
          for (let round = 1; round <= rounds; round++)
            for (const m of matches.filter((x) => x.round === round && x.byeWinner === null)) {
              const winner = coins[i++ % coins.length] ? m.sideA! : m.sideB!;
              decided.push({ round, slot: m.slot, sideA: m.sideA!, sideB: m.sideB!, winner });
              if (round === rounds) continue;
              const to = nextOf(round, m.slot);
              at(to.round, to.slot)[to.side === 'a' ? 'sideA' : 'sideB'] = winner;
              if (round === rounds - 1)
                at(rounds, 1)[to.side === 'a' ? 'sideA' : 'sideB'] = winner === m.sideA ? m.sideB : m.sideA;
            }
          const semis = decided.filter((m) => m.round === rounds - 1);
          expect(semis).toHaveLength(2);
          const third = at(rounds, 1);
          expect([third.sideA, third.sideB].sort()).toEqual(losersOfSemis(semis).sort());
          const places = eliminationPlaces(rounds, decided);
          expect([...places.values()].filter((p) => p === 3)).toHaveLength(1);
          expect([...places.values()].filter((p) => p === 4)).toHaveLength(1);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('fewer than four entrants have no third-place match', () => {
    expect(thirdPlaceMatch(3)).toBeNull();
    expect(thirdPlaceMatch(4)).toMatchObject({ round: 2, slot: 1 });
  });
});

const losersOfSemis = (semis: { sideA: string; sideB: string; winner: string }[]) =>
  semis.map((m) => (m.winner === m.sideA ? m.sideB : m.sideA));
