import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCORING,
  presetTables,
  scoringTableSchema,
  type ScoringTable,
  type Tiebreaker,
} from '../../../src/features/results/contract.ts';
import { computeStandings, linePoints, type ScoredMatch } from '../../../src/features/results/scoring.ts';
import { autoTeams, lineIssues } from '../../../src/features/results/rules.ts';
import { isHeader, parseCsv } from '../../../src/features/results/match-csv.ts';

/** The presets, each tiebreaker, best N, the line rules and the CSV reader, case by case. */

const { startgg_ffa: startgg, placement_plus_elims: plusElims } = presetTables;

describe('the presets score as their published point tables do', () => {
  it.each([
    [1, 0, 3],
    [2, 0, 2],
    [3, 0, 2],
    [4, 0, 1],
    [5, 0, 1],
    [6, 0, 0],
    [50, 0, 0],
    [1, 2, 3],
    [1, 3, 4],
    [6, 4, 1],
    [6, 5, 2],
    [6, 6, 2],
    [2, 7, 5],
    [9, 30, 3],
  ])('start.gg FFA Fortnite: placement %i with %i kills earns %i', (placement, eliminations, points) => {
    expect(linePoints(startgg, { placement, eliminations })).toBe(points);
  });

  it.each([
    [1, 0, 10],
    [2, 0, 7],
    [3, 0, 7],
    [4, 0, 5],
    [5, 0, 5],
    [6, 0, 3],
    [10, 0, 3],
    [11, 0, 1],
    [15, 0, 1],
    [16, 0, 0],
    [1, 4, 14],
    [16, 3, 3],
  ])('placement + 1 per elimination: placement %i with %i eliminations earns %i', (placement, eliminations, points) => {
    expect(linePoints(plusElims, { placement, eliminations })).toBe(points);
  });

  // each counts every match and breaks a tie by eliminations, then best placement, average placement, earliest
  // submission
  it('both presets pass the contract; the default is placement + eliminations', () => {
    for (const table of [startgg, plusElims]) {
      expect(scoringTableSchema.parse(table)).toEqual(table);
      expect(table.countedMatches).toBeNull();
      expect(table.tiebreakers).toEqual(['eliminations', 'best_placement', 'average_placement', 'earliest_submission']);
    }
    expect(DEFAULT_SCORING).toBe(plusElims);
  });
});

const entrants = [
  { id: 'a', name: 'Alfa', members: ['Alfa'] },
  { id: 'b', name: 'Bravo', members: ['Bravo'] },
];
const at = (minute: number) => `2026-03-01T18:${String(minute).padStart(2, '0')}:00.000Z`;
const match = (number: number, lines: [string, number, number, number][], voided = false): ScoredMatch => ({
  number,
  voided,
  lines: lines.map(([entrantId, placement, eliminations, minute]) => ({
    entrantId,
    placement,
    eliminations,
    submittedAt: at(minute),
  })),
});
/** A table where only placements 1 and 2 score (5 each): level points are easy to arrange. */
const flat = (tiebreakers: Tiebreaker[], countedMatches: number | null = null): ScoringTable => ({
  preset: 'custom',
  placementPoints: [{ from: 1, to: 2, points: 5 }],
  pointsPerElimination: 0,
  eliminationBrackets: [],
  countedMatches,
  lobbySize: 20,
  tiebreakers,
});
const order = (table: ScoringTable, matches: ScoredMatch[]) =>
  computeStandings(table, entrants, matches).map((r) => [r.entrantId, r.rank]);

describe('each tiebreaker decides between entrants level on points, and only when it is listed', () => {
  it.each<[Tiebreaker, ScoredMatch[]]>([
    // b: more eliminations
    [
      'eliminations',
      [
        match(1, [
          ['a', 1, 1, 0],
          ['b', 2, 4, 0],
        ]),
      ],
    ],
    // b: a 1st against a's best 2nd
    [
      'best_placement',
      [
        match(1, [
          ['a', 2, 0, 0],
          ['b', 1, 0, 0],
        ]),
        match(2, [
          ['a', 3, 0, 0],
          ['b', 9, 0, 0],
        ]),
        match(3, [
          ['a', 2, 0, 0],
          ['b', 2, 0, 0],
        ]),
      ],
    ],
    // 5 points each and the same best (1st); b's average 2.67 against a's 5
    [
      'average_placement',
      [
        match(1, [
          ['a', 1, 0, 0],
          ['b', 3, 0, 0],
        ]),
        match(2, [
          ['a', 9, 0, 0],
          ['b', 1, 0, 0],
        ]),
        match(3, [
          ['a', 5, 0, 0],
          ['b', 4, 0, 0],
        ]),
      ],
    ],
    // b's last counted line came in first
    [
      'earliest_submission',
      [
        match(1, [
          ['a', 1, 0, 9],
          ['b', 2, 0, 3],
        ]),
      ],
    ],
  ])('%s', (tiebreaker, matches) => {
    expect(order(flat([tiebreaker]), matches)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    // without any tiebreaker they share the rank, listed by name
    expect(order(flat([]), matches)).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('the first listed tiebreaker that separates them decides', () => {
    // a has more eliminations, b the better placement
    const matches = [
      match(1, [
        ['a', 2, 5, 0],
        ['b', 1, 0, 0],
      ]),
    ];
    expect(order(flat(['eliminations', 'best_placement']), matches)[0]).toEqual(['a', 1]);
    expect(order(flat(['best_placement', 'eliminations']), matches)[0]).toEqual(['b', 1]);
  });

  it('an entrant with no result ranks after one with a result worth nothing, whatever the tiebreakers', () => {
    const rows = computeStandings(flat(['average_placement', 'best_placement', 'earliest_submission']), entrants, [
      match(1, [['b', 19, 0, 0]]),
    ]);
    expect(rows.map((r) => [r.entrantId, r.rank, r.points, r.bestPlacement, r.averagePlacement])).toEqual([
      ['b', 1, 0, 19, 19],
      ['a', 2, 0, null, null],
    ]);
  });
});

describe('best N of M', () => {
  it('only the N best matches count toward points, eliminations and placements; ties keep the earlier match', () => {
    const table = { ...plusElims, countedMatches: 2 };
    const rows = computeStandings(table, entrants, [
      match(1, [['a', 1, 0, 0]]),
      match(2, [['a', 20, 9, 0]]),
      match(3, [['a', 4, 2, 0]]),
      // 7 points, as match 3: the earlier one (3) counts
      match(4, [['a', 6, 4, 0]]),
    ]);
    expect(rows[0]).toMatchObject({
      entrantId: 'a',
      points: 10 + 9,
      matchesCounted: 2,
      matchesPlayed: 4,
      eliminations: 0 + 9,
      bestPlacement: 1,
    });
    // match 2 (9 points) and match 1 (10) are the best two; the 7s are left out
    expect(rows[0]!.averagePlacement).toBe(10.5);
  });

  it('ties between matches of equal points keep the earlier match, whatever order they come in', () => {
    const table = { ...plusElims, countedMatches: 1 };
    const m2 = match(2, [['a', 6, 4, 0]]);
    const m1 = match(1, [['a', 4, 2, 0]]);
    for (const matches of [
      [m1, m2],
      [m2, m1],
    ])
      expect(computeStandings(table, entrants, matches)[0]).toMatchObject({
        points: 7,
        eliminations: 2,
        bestPlacement: 4,
      });
  });

  it('voided matches never count', () => {
    const rows = computeStandings(plusElims, entrants, [match(1, [['a', 1, 3, 0]], true), match(2, [['b', 2, 0, 0]])]);
    expect(rows.map((r) => [r.entrantId, r.points, r.matchesPlayed])).toEqual([
      ['b', 7, 1],
      ['a', 0, 0],
    ]);
  });
});

describe('line rules', () => {
  const ids = new Set(['a', 'b', 'c']);
  it.each([
    [
      'valid lines',
      [
        { entrantId: 'a', placement: 1 },
        { entrantId: 'b', placement: 2 },
      ],
      [],
    ],
    [
      'a repeated placement',
      [
        { entrantId: 'a', placement: 1 },
        { entrantId: 'b', placement: 1 },
      ],
      [{ index: 1, code: 'PLACEMENT_TAKEN' }],
    ],
    [
      'a repeated entrant',
      [
        { entrantId: 'a', placement: 1 },
        { entrantId: 'a', placement: 2 },
      ],
      [{ index: 1, code: 'ENTRANT_REPEATED' }],
    ],
    ['a placement over the lobby', [{ entrantId: 'a', placement: 11 }], [{ index: 0, code: 'PLACEMENT_OVER_LOBBY' }]],
    ['an unknown entrant', [{ entrantId: 'z', placement: 1 }], [{ index: 0, code: 'ENTRANT_NOT_CHECKED_IN' }]],
  ])('%s', (_name, lines, issues) => {
    expect(lineIssues(lines, ids, 10)).toEqual(issues);
  });

  it('automatic teams keep the order and leave a short last team', () => {
    expect(autoTeams([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(autoTeams([], 4)).toEqual([]);
  });
});

describe('pasted CSV', () => {
  it.each([
    [
      'commas',
      'ana,1,3\nbo,2,0',
      [
        ['ana', '1', '3'],
        ['bo', '2', '0'],
      ],
    ],
    [
      'semicolons and CRLF',
      'ana;1;3\r\nbo;2;0\r\n',
      [
        ['ana', '1', '3'],
        ['bo', '2', '0'],
      ],
    ],
    [
      'tabs from a spreadsheet',
      'ana\t1\t3\nbo\t2\t0',
      [
        ['ana', '1', '3'],
        ['bo', '2', '0'],
      ],
    ],
    ['quotes with the delimiter and a doubled quote inside', '"Lupi, ""Alfa""",1,3', [['Lupi, "Alfa"', '1', '3']]],
    ['blank lines and spaces', '\n  ana , 1 , 3  \n\n', [['ana', '1', '3']]],
  ])('%s', (_name, text, cells) => {
    expect(parseCsv(text).map((r) => r.cells)).toEqual(cells);
  });

  it('rows keep their line numbers; a first row whose number cells hold no digit is a header', () => {
    expect(parseCsv('name;place;kills\n\nana;1;0').map((r) => r.line)).toEqual([1, 3]);
    expect(isHeader(['name', 'placement', 'kills'])).toBe(true);
    expect(isHeader(['name', 'placement'])).toBe(true);
    expect(isHeader(['ana', '1', '0'])).toBe(false);
  });

  // a typo in the first row's numbers is that row's fault to show, never a header silently dropped
  it.each([
    ['a word for the placement', ['ana', 'first', '3']],
    ['a placement with a suffix', ['ana', '1st', '3']],
    ['no placement', ['ana', '', '3']],
    ['a word for the eliminations', ['ana', '1', 'three']],
  ])('a first row with %s is data', (_name, cells) => {
    expect(isHeader(cells)).toBe(false);
  });
});
