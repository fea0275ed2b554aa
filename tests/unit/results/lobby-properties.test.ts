import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealLobbies, lobbiesNeeded } from '../../../src/features/results/lobby-rules.ts';

/** The automatic split "balanced by seed" as properties, over random fields and lobby sizes. */

const runs = { numRuns: 1000 };
const fieldArb = fc.record({
  entrants: fc.uniqueArray(fc.uuid(), { maxLength: 400 }),
  lobbySize: fc.integer({ min: 1, max: 150 }),
  extra: fc.integer({ min: 0, max: 3 }),
});

describe('dealLobbies', () => {
  it('puts every entrant in exactly one lobby', () => {
    fc.assert(
      fc.property(fieldArb, ({ entrants, lobbySize, extra }) => {
        const lobbies = dealLobbies(entrants, lobbiesNeeded(entrants.length, lobbySize) + extra);
        const dealt = lobbies.flat();
        expect(dealt).toHaveLength(entrants.length);
        expect(new Set(dealt)).toEqual(new Set(entrants));
      }),
      runs,
    );
  });

  it('makes lobbies that differ by at most one entrant', () => {
    fc.assert(
      fc.property(fieldArb, ({ entrants, lobbySize, extra }) => {
        const sizes = dealLobbies(entrants, lobbiesNeeded(entrants.length, lobbySize) + extra).map((l) => l.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
      runs,
    );
  });

  it('fills no lobby over the lobby size when there are enough lobbies', () => {
    fc.assert(
      fc.property(fieldArb, ({ entrants, lobbySize, extra }) => {
        const count = lobbiesNeeded(entrants.length, lobbySize) + extra;
        const lobbies = dealLobbies(entrants, count);
        expect(lobbies).toHaveLength(count);
        for (const lobby of lobbies) expect(lobby.length).toBeLessThanOrEqual(lobbySize);
      }),
      runs,
    );
  });

  it('spreads the top seeds: the first `count` seeds land in different lobbies, each first in its lobby', () => {
    fc.assert(
      fc.property(fieldArb, ({ entrants, lobbySize, extra }) => {
        const count = lobbiesNeeded(entrants.length, lobbySize) + extra;
        const lobbies = dealLobbies(entrants, count);
        entrants.slice(0, count).forEach((seed, i) => expect(lobbies[i]![0]).toBe(seed));
      }),
      runs,
    );
  });

  it('keeps a field that fits one lobby in one lobby, in seed order', () => {
    expect(lobbiesNeeded(0, 100)).toBe(1);
    expect(lobbiesNeeded(100, 100)).toBe(1);
    expect(lobbiesNeeded(101, 100)).toBe(2);
    expect(dealLobbies(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
  });
});
