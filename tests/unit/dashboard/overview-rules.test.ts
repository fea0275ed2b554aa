import { describe, expect, it } from 'vitest';
import { periodDays, trendOf } from '../../../src/features/dashboard/rules.ts';

describe('a stat card against the period before', () => {
  it.each([
    [112, 100, { direction: 'up', percent: 12 }],
    [50, 100, { direction: 'down', percent: 50 }],
    [7, 7, { direction: 'flat', percent: 0 }],
    [0, 0, { direction: 'flat', percent: 0 }],
    // no share of nothing: "new", not "+∞%"
    [3, 0, { direction: 'up', percent: null }],
    [0, 4, { direction: 'down', percent: 100 }],
    [2, 3, { direction: 'down', percent: 33 }],
  ] as const)('%i after %i', (current, previous, trend) => {
    expect(trendOf(current, previous)).toEqual(trend);
  });

  it('the period is the last N UTC days with today, the previous one the N days before', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(periodDays(7, now)).toEqual({ from: '2026-03-04', previousFrom: '2026-02-25' });
    expect(periodDays(1, now)).toEqual({ from: '2026-03-10', previousFrom: '2026-03-09' });
  });
});
