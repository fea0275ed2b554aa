import { describe, expect, test } from 'vitest';
import { formatNumber } from '../../../src/platform/ui/admin/format.ts';

describe('formatNumber', () => {
  test('groups thousands in both languages, four digits included (Italian CLDR would leave 2052 ungrouped)', () => {
    expect(formatNumber(2052, 'it')).toBe('2.052');
    expect(formatNumber(2052, 'en')).toBe('2,052');
    expect(formatNumber(1_234_567, 'it')).toBe('1.234.567');
    expect(formatNumber(795, 'it')).toBe('795');
    expect(formatNumber(-1227, 'en')).toBe('-1,227');
  });
});
