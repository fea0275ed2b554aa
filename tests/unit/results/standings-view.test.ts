import { describe, expect, test } from 'vitest';
import { presetTables, type StandingsRow } from '../../../src/features/results/contract.ts';
import {
  detailText,
  hasStandings,
  membersText,
  rowFields,
  scoringLines,
} from '../../../src/features/results/ui/standings-view.ts';
import {
  isPreset,
  toScoringBody,
  toScoringValues,
} from '../../../src/features/results/ui/admin/scoring-form-values.ts';
import { createT } from '../../../src/platform/i18n/i18n.ts';
import { messages } from '../../../src/platform/i18n/messages.ts';
import { pluralKey } from '../../../src/platform/i18n/plural.ts';

/** What the standings page, the top 10, the live refresh and the scoring form show of the results contract. */
const row: StandingsRow = {
  rank: 2,
  entrantId: 't1',
  name: 'Wolves',
  members: ['ada', 'bo'],
  points: 14,
  matchesCounted: 3,
  matchesPlayed: 4,
  eliminations: 9,
  bestPlacement: null,
  averagePlacement: null,
};

describe('a standings row', () => {
  test('a player disqualified mid-event reads DQ where the rank would be', () => {
    expect(rowFields(row, 2, '').rank).toBe('2');
    expect(rowFields({ ...row, rank: 0, disqualified: true }, 2, '').rank).toBe('DQ');
    expect(rowFields({ ...row, disqualified: false }, 2, '').rank).toBe('2');
  });

  test('a team lists its players; a solo entrant is only its name', () => {
    expect(membersText(row, 2)).toBe('ada, bo');
    expect(membersText({ members: ['ada'] }, 1)).toBe('');
  });

  test('the phone line fills the counted matches, eliminations and a dash before a placement', () => {
    expect(detailText(messages.en.results.standings.detail, row)).toBe('matches 3 · elims 9 · best –');
    expect(detailText(messages.it.results.standings.detail, { ...row, bestPlacement: 1 })).toBe(
      'part. 3 · elim. 9 · migliore 1',
    );
  });

  test('the cells the server renders and the browser redraws are the same', () => {
    expect(rowFields({ ...row, bestPlacement: 4 }, 2, '{matches}/{eliminations}/{best}')).toEqual({
      rank: '2',
      name: 'Wolves',
      members: 'ada, bo',
      points: '14',
      matches: '3',
      eliminations: '9',
      best: '4',
      detail: '3/9/4',
    });
  });

  test.each([
    [{ format: 'battle_royale' as const, matches: 0, final: false }, false],
    [{ format: 'battle_royale' as const, matches: 1, final: false }, true],
    [{ format: 'battle_royale' as const, matches: 0, final: true }, true],
    [{ format: 'single_elimination' as const, matches: 3, final: true }, false],
  ])('the tournament page shows standings for %o: %s', (s, shown) => {
    expect(hasStandings(s as never)).toBe(shown);
  });
});

describe('the scoring summary', () => {
  test.each(['it', 'en'] as const)('start.gg FFA in %s', (locale) => {
    const t = createT(messages[locale].results);
    const lines = scoringLines(presetTables.startgg_ffa, t, (base, n) => pluralKey(base, n, locale));
    expect(lines.placements).toHaveLength(3);
    expect(lines.eliminations).toHaveLength(3);
    if (locale === 'en') {
      expect(lines.placements).toEqual(['place 1: 3 points', 'places 2–3: 2 points', 'places 4–5: 1 point']);
      expect(lines.eliminations[2]).toBe('7 or more eliminations: 3 points');
      expect(lines.counted).toBe('Every match counts');
    } else {
      expect(lines.placements[0]).toBe('1° posto: 3 punti');
      expect(lines.eliminations[0]).toBe('3–4 eliminazioni: 1 punto');
    }
  });

  test('points per elimination and best N', () => {
    const t = createT(messages.en.results);
    const lines = scoringLines(
      { ...presetTables.placement_plus_elims, countedMatches: 4, tiebreakers: ['best_placement'] },
      t,
      (base, n) => pluralKey(base, n, 'en'),
    );
    expect(lines.eliminations).toEqual(['1 point per elimination']);
    expect(lines.counted).toBe("Each entrant's best 4 matches count");
    expect(lines.tiebreakers).toEqual(['best placement']);
  });
});

describe('the scoring form', () => {
  test.each(['startgg_ffa', 'placement_plus_elims'] as const)(
    '%s goes through the form unchanged and stays that preset',
    (preset) => {
      const body = toScoringBody(toScoringValues(presetTables[preset]));
      expect(body).toEqual(presetTables[preset]);
      expect(isPreset(body)).toBe(true);
    },
  );

  test('an edited preset saves as custom; an empty bracket end is "and more"; all matches count unless best N', () => {
    const values = toScoringValues(presetTables.startgg_ffa);
    values.placementPoints[0]!.points = '5';
    values.eliminationBrackets[1]!.to = '';
    values.counted = 'best';
    values.countedMatches = '3';
    values.tiebreakers = [
      { key: 'best_placement', on: true },
      { key: 'eliminations', on: false },
      { key: 'average_placement', on: true },
      { key: 'earliest_submission', on: false },
    ];
    const body = toScoringBody(values);
    expect(body).toMatchObject({
      preset: 'custom',
      countedMatches: 3,
      tiebreakers: ['best_placement', 'average_placement'],
    });
    expect(body.placementPoints[0]).toEqual({ from: 1, to: 1, points: 5 });
    expect(body.eliminationBrackets[1]).toEqual({ from: 5, to: null, points: 2 });
  });

  test('tiebreakers left out of a table come after the used ones, switched off', () => {
    expect(toScoringValues({ ...presetTables.startgg_ffa, tiebreakers: ['earliest_submission'] }).tiebreakers).toEqual([
      { key: 'earliest_submission', on: true },
      { key: 'eliminations', on: false },
      { key: 'best_placement', on: false },
      { key: 'average_placement', on: false },
    ]);
  });
});
