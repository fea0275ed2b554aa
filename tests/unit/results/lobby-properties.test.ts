import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealLobbies, followLobbies, lobbiesNeeded } from '../../../src/features/results/lobby-rules.ts';

/**
 * The automatic split "balanced by seed" as properties, over random fields and lobby sizes; and where teams formed
 * anew go, over random old lobbies and new teams.
 */

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

/** Players p0…pn-1, each in an old lobby (1 to 5) or none, and new teams cut from them in a random order. */
const reformArb = fc
  .record({
    lobbyOf: fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), { minLength: 1, maxLength: 60 }),
    teamSize: fc.integer({ min: 1, max: 4 }),
    lobbySize: fc.integer({ min: 1, max: 12 }),
    taken: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
  })
  .chain((r) => {
    const players = r.lobbyOf.map((_, i) => `p${i}`);
    const all = { minLength: players.length, maxLength: players.length };
    return fc.shuffledSubarray(players, all).map((shuffled) => ({ ...r, players, shuffled }));
  })
  .map(({ lobbyOf, players, shuffled, teamSize, lobbySize, taken }) => ({
    teams: Array.from({ length: Math.ceil(shuffled.length / teamSize) }, (_, i) => ({
      id: `t${i}`,
      members: shuffled.slice(i * teamSize, (i + 1) * teamSize),
    })),
    old: new Map(players.flatMap((p, i) => (lobbyOf[i] === null ? [] : [[p, lobbyOf[i]!] as const]))),
    lobbySize,
    taken: new Map(taken.map((n, i) => [i + 1, n])),
  }));

/** How many of the team's players come from each lobby. */
const votes = (members: string[], old: ReadonlyMap<string, number>) => {
  const count = new Map<number, number>();
  for (const m of members) if (old.has(m)) count.set(old.get(m)!, (count.get(old.get(m)!) ?? 0) + 1);
  return count;
};

describe('followLobbies', () => {
  it('puts a team only in a lobby one of its players came from, and never over the lobby size', () => {
    fc.assert(
      fc.property(reformArb, ({ teams, old, lobbySize, taken }) => {
        const placed = followLobbies(teams, old, lobbySize, taken);
        const seated = new Map(taken);
        for (const team of teams) {
          const lobby = placed.get(team.id);
          if (lobby === undefined) continue;
          expect(votes(team.members, old).has(lobby)).toBe(true);
          seated.set(lobby, (seated.get(lobby) ?? 0) + 1);
        }
        for (const [lobby, n] of seated) if (n > (taken.get(lobby) ?? 0)) expect(n).toBeLessThanOrEqual(lobbySize);
      }),
      runs,
    );
  });

  it('leaves a team none of whose players had a lobby in none', () => {
    fc.assert(
      fc.property(reformArb, ({ teams, old, lobbySize, taken }) => {
        const placed = followLobbies(teams, old, lobbySize, taken);
        for (const team of teams) if (!votes(team.members, old).size) expect(placed.has(team.id)).toBe(false);
      }),
      runs,
    );
  });

  it('with room everywhere, sends each team where most of its players were, the lower lobby on a tie', () => {
    fc.assert(
      fc.property(reformArb, ({ teams, old }) => {
        const placed = followLobbies(teams, old, teams.length);
        for (const team of teams) {
          const count = [...votes(team.members, old)];
          if (!count.length) continue;
          const most = Math.max(...count.map(([, n]) => n));
          expect(placed.get(team.id)).toBe(Math.min(...count.filter(([, n]) => n === most).map(([l]) => l)));
        }
      }),
      runs,
    );
  });

  it('examples: a majority, a tie, a full lobby, nobody placed', () => {
    const old = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 1],
    ]);
    const teams = [
      { id: 'majority', members: ['a', 'b', 'c'] },
      { id: 'tie', members: ['c', 'd'] },
      { id: 'tieAgain', members: ['b', 'a'] },
      { id: 'nobody', members: ['x', 'y'] },
    ];
    // lobby 1 has one place left: the first tie takes it, the second goes on to lobby 2
    expect(followLobbies(teams, old, 2, new Map([[1, 1]]))).toEqual(
      new Map([
        ['majority', 2],
        ['tie', 1],
        ['tieAgain', 2],
      ]),
    );
    // lobbies full: no room for anyone
    expect(
      followLobbies(
        teams,
        old,
        1,
        new Map([
          [1, 1],
          [2, 1],
        ]),
      ).size,
    ).toBe(0);
  });
});
