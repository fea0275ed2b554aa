import { describe, expect, test } from 'vitest';
import { fillRows, playingLines } from '../../../src/features/results/ui/admin/match-grid.ts';

/** The match entry grid's one-click fill and its count of lines against the entrants playing. */
const entrants = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const row = (entrantId: string, placement = '', eliminations = '0') => ({ entrantId, placement, eliminations });

describe('one row per checked-in entrant', () => {
  test('an empty grid gets a blank row per entrant, in their order', () => {
    expect(fillRows([row('')], entrants)).toEqual([row('a'), row('b'), row('c')]);
  });

  test('rows already typed keep their numbers; only the missing entrants are added, blank rows go', () => {
    expect(fillRows([row('b', '1', '4'), row(''), row('x', '2')], entrants)).toEqual([
      row('b', '1', '4'),
      row('x', '2'),
      row('a'),
      row('c'),
    ]);
    expect(fillRows([row('a', '3'), row('b', '1'), row('c', '2')], entrants)).toHaveLength(3);
  });
});

describe('a short match', () => {
  test('counts only the lines of entrants playing now', () => {
    expect(playingLines([{ entrantId: 'a' }, { entrantId: 'gone' }], entrants)).toBe(1);
    expect(playingLines([{ entrantId: 'a' }, { entrantId: 'b' }, { entrantId: 'c' }], entrants)).toBe(3);
  });
});
