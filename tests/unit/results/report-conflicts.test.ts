import { describe, expect, test } from 'vitest';
import { conflictsOf } from '../../../src/features/results/server/report-service.ts';
import type { ReportRecord } from '../../../src/features/results/server/report-repository.ts';
import { matchChoices, reportsPath } from '../../../src/features/results/ui/admin/report-admin.ts';

/** What a pending match report disagrees with (the queue's flags), and the queue's address. */

let n = 0;
const report = (
  r: Partial<ReportRecord> & Pick<ReportRecord, 'userId' | 'entrantId' | 'placement' | 'eliminations'>,
): ReportRecord => ({
  id: `r${n++}`,
  owner: 'o',
  tournamentId: 't',
  matchNumber: 1,
  username: r.userId,
  imageUrl: '/media/x.png',
  imageHash: 'h',
  status: 'pending',
  reason: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...r,
});
const names = (id: string) => id.toUpperCase();
const kinds = (
  r: ReportRecord,
  pending: ReportRecord[],
  lines: { entrantId: string; placement: number; eliminations: number }[] = [],
) => conflictsOf(r, pending, lines, names).map((c) => [c.kind, c.reportId ?? c.entrantName]);

describe('conflictsOf', () => {
  const a = report({ userId: 'ann', entrantId: 'alpha', placement: 1, eliminations: 4 });
  const sameNumbers = report({ userId: 'bob', entrantId: 'alpha', placement: 1, eliminations: 4 });
  const otherNumbers = report({ userId: 'cid', entrantId: 'alpha', placement: 2, eliminations: 4 });
  const samePlace = report({ userId: 'dan', entrantId: 'beta', placement: 1, eliminations: 0 });
  const otherPlace = report({ userId: 'eve', entrantId: 'beta', placement: 3, eliminations: 4 });
  const otherMatch = report({ userId: 'fay', entrantId: 'beta', placement: 1, eliminations: 0, matchNumber: 2 });

  test.each([
    ['alone', [a], [], []],
    ['a teammate agreeing', [a, sameNumbers], [], []],
    ['a teammate with other numbers', [a, otherNumbers], [], [['teammate', otherNumbers.id]]],
    ['another entrant on the same placement', [a, samePlace], [], [['placement', samePlace.id]]],
    ['another entrant elsewhere in the lobby', [a, otherPlace], [], []],
    ['the same placement in another match', [a, otherMatch], [], []],
    ['its own recorded line agreeing', [a], [{ entrantId: 'alpha', placement: 1, eliminations: 4 }], []],
    [
      'its own recorded line with other eliminations',
      [a],
      [{ entrantId: 'alpha', placement: 1, eliminations: 5 }],
      [['recorded', 'ALPHA']],
    ],
    [
      'another entrant recorded on its placement',
      [a],
      [{ entrantId: 'beta', placement: 1, eliminations: 0 }],
      [['recorded', 'BETA']],
    ],
  ] as const)('%s', (_label, pending, lines, expected) => {
    expect(kinds(a, [...pending], [...lines])).toEqual(expected);
  });
});

describe('reportsPath', () => {
  test('leaves out the "all" filters and escapes the id', () => {
    expect(reportsPath('a b', 'all', 'all')).toBe('/tournaments/a%20b/reports');
    expect(reportsPath('t1', 'flagged', '3')).toBe('/tournaments/t1/reports?status=flagged&matchNumber=3');
  });
});

describe('matchChoices', () => {
  test('lists only the matches the tournament has, once each and in order, after "all"', () => {
    expect(matchChoices([], 'all')).toEqual(['all']);
    expect(matchChoices([3, 1, 3, 2, 1], 'all')).toEqual(['all', '1', '2', '3']);
  });
  test('keeps the match chosen in the address even when it has nothing yet', () => {
    expect(matchChoices([1, 2], '7')).toEqual(['all', '1', '2', '7']);
    expect(matchChoices([1, 2], '2')).toEqual(['all', '1', '2']);
  });
});
