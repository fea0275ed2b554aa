import { describe, expect, test } from 'vitest';
import { formatNumber, formatShortDate } from '../../../src/platform/ui/admin/format.ts';

describe('formatNumber', () => {
  test('groups thousands in both languages, four digits included (Italian CLDR would leave 2052 ungrouped)', () => {
    expect(formatNumber(2052, 'it')).toBe('2.052');
    expect(formatNumber(2052, 'en')).toBe('2,052');
    expect(formatNumber(1_234_567, 'it')).toBe('1.234.567');
    expect(formatNumber(795, 'it')).toBe('795');
    expect(formatNumber(-1227, 'en')).toBe('-1,227');
  });
});

describe('formatShortDate', () => {
  test('writes the year in full in both languages, and nothing for no date', () => {
    // midday, so the day is the same in any time zone the tests run in
    expect(formatShortDate('2026-03-05T12:00:00Z', 'it')).toBe('05/03/2026');
    expect(formatShortDate('2026-03-05T12:00:00Z', 'en')).toBe('05/03/2026');
    expect(formatShortDate(null, 'it')).toBe('');
    expect(formatShortDate('not a date', 'en')).toBe('');
  });
});
