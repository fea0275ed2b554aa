import fc from 'fast-check';
import { scoringTableSchema, tiebreakers, type ScoringTable } from '../../../src/features/results/contract.ts';
import type { ScoredMatch, StandingsEntrant } from '../../../src/features/results/scoring.ts';

/**
 * Random scoring tables, entrants and matches for the property tests. Small ranges on purpose:
 * few names, few submission instants and low point values make ties (the interesting cases) common.
 */

const LOBBY = 20;

/** A valid custom table: placement ranges cut at random points, elimination brackets likewise, any tiebreakers. */
export const tableArb: fc.Arbitrary<ScoringTable> = fc
  .record({
    placementCuts: fc.uniqueArray(fc.integer({ min: 1, max: LOBBY }), { maxLength: 6 }),
    placementPoints: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 6, maxLength: 6 }),
    perElimination: fc.integer({ min: 0, max: 3 }),
    bracketCuts: fc.uniqueArray(fc.integer({ min: 0, max: 10 }), { maxLength: 3 }),
    bracketPoints: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 3, maxLength: 3 }),
    countedMatches: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    tiebreakers: fc.shuffledSubarray([...tiebreakers]),
  })
  .map((r) => {
    const cuts = [...r.placementCuts].sort((a, b) => a - b);
    const brackets = [...r.bracketCuts].sort((a, b) => a - b);
    return scoringTableSchema.parse({
      preset: 'custom',
      placementPoints: cuts.map((from, i) => ({
        from,
        to: i + 1 < cuts.length ? cuts[i + 1]! - 1 : from,
        points: r.placementPoints[i]!,
      })),
      pointsPerElimination: r.perElimination,
      eliminationBrackets: brackets.map((from, i) => ({
        from,
        to: i + 1 < brackets.length ? brackets[i + 1]! - 1 : null,
        points: r.bracketPoints[i]!,
      })),
      countedMatches: r.countedMatches,
      lobbySize: LOBBY,
      tiebreakers: r.tiebreakers,
    });
  });

const instants = [
  '2026-03-01T18:00:00.000Z',
  '2026-03-01T18:05:00.000Z',
  '2026-03-01T18:10:00.000Z',
  '2026-03-01T18:15:00.000Z',
];

/** One match: a random subset of the entrants on distinct placements. */
const matchArb = (ids: string[], number: number): fc.Arbitrary<ScoredMatch> =>
  fc
    .record({
      players: fc.shuffledSubarray(ids),
      placements: fc.uniqueArray(fc.integer({ min: 1, max: LOBBY }), { minLength: ids.length, maxLength: ids.length }),
      eliminations: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: ids.length, maxLength: ids.length }),
      submitted: fc.array(fc.constantFrom(...instants), { minLength: ids.length, maxLength: ids.length }),
      voided: fc.boolean(),
    })
    .map((r) => ({
      number,
      voided: r.voided,
      lines: r.players.map((entrantId, i) => ({
        entrantId,
        placement: r.placements[i]!,
        eliminations: r.eliminations[i]!,
        submittedAt: r.submitted[i]!,
      })),
    }));

export interface Scenario {
  table: ScoringTable;
  entrants: StandingsEntrant[];
  matches: ScoredMatch[];
}

/** A table, 1 to 8 entrants (names may repeat, in any case) and 0 to 6 matches numbered 1..N. */
export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    table: tableArb,
    names: fc.array(fc.constantFrom('Ana', 'ana', 'Bo', 'Cy', 'Dee', 'Eve'), { minLength: 1, maxLength: 8 }),
    count: fc.integer({ min: 0, max: 6 }),
  })
  .chain(({ table, names, count }) => {
    const entrants = names.map((name, i) => ({ id: `e${i}`, name, members: [name] }));
    const ids = entrants.map((e) => e.id);
    return fc
      .tuple(...Array.from({ length: count }, (_, i) => matchArb(ids, i + 1)))
      .map((matches) => ({ table, entrants, matches }));
  });
