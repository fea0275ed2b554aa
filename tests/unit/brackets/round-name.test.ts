import { describe, expect, test } from 'vitest';
import type { Bracket } from '../../../src/features/brackets/contract.ts';
import { roundName } from '../../../src/features/brackets/ui/round-name.ts';

/** Only the rounds' places matter to a name: each round as [group, round], its matches left empty. */
const bracketOf = (format: Bracket['format'], rounds: [number, number][]) => ({
  format,
  rounds: rounds.map(([group, round]) => ({ group, round, matches: [] })),
});
const keysOf = (b: ReturnType<typeof bracketOf>) => b.rounds.map((r) => roundName(b, r).key);

describe('roundName', () => {
  test('single elimination names its last three rounds from the end and numbers the ones before', () => {
    const b = bracketOf(
      'single_elimination',
      [1, 2, 3, 4, 5].map((n) => [0, n] as [number, number]),
    );
    expect(keysOf(b)).toEqual(['round.n', 'round.n', 'round.quarter', 'round.semi', 'round.final']);
    expect(roundName(b, { group: 0, round: 1 })).toEqual({ key: 'round.n', n: 1 });
  });

  test('a bracket of two has only its final; one of four its semi-finals and final', () => {
    expect(keysOf(bracketOf('single_elimination', [[0, 1]]))).toEqual(['round.final']);
    expect(
      keysOf(
        bracketOf('single_elimination', [
          [0, 1],
          [0, 2],
        ]),
      ),
    ).toEqual(['round.semi', 'round.final']);
  });

  test("double elimination names each part's last round and the grand final with its reset", () => {
    const b = bracketOf('double_elimination', [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [2, 3],
      [3, 1],
      [3, 2],
    ]);
    expect(keysOf(b)).toEqual([
      'round.n',
      'round.winnersFinal',
      'round.n',
      'round.n',
      'round.losersFinal',
      'round.grandFinal',
      'round.reset',
    ]);
  });

  test('round robin and Swiss number every round, the last one too', () => {
    for (const format of ['round_robin', 'swiss'] as const) {
      const b = bracketOf(format, [
        [1, 1],
        [1, 2],
        [1, 3],
      ]);
      expect(b.rounds.map((r) => roundName(b, r))).toEqual([1, 2, 3].map((n) => ({ key: 'round.n', n })));
    }
  });
});
