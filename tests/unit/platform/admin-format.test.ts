import { describe, expect, test } from 'vitest';
import { formatNumber } from '../../../src/platform/ui/admin/format.ts';
import * as Site from '../../../src/features/rewards/rewards-format.ts';

describe('formatNumber', () => {
  test('groups thousands in both languages, four digits included (Italian CLDR would leave 2052 ungrouped)', () => {
    expect(formatNumber(2052, 'it')).toBe('2.052');
    expect(formatNumber(2052, 'en')).toBe('2,052');
    expect(formatNumber(1_234_567, 'it')).toBe('1.234.567');
    expect(formatNumber(795, 'it')).toBe('795');
    expect(formatNumber(-1227, 'en')).toBe('-1,227');
  });
  test('a balance reads the same on the site as in the dashboard: 1.310 crediti, with a sign on a movement', () => {
    for (const n of [795, 1310, 12_345, -1227])
      for (const locale of ['it', 'en'] as const) expect(Site.formatNumber(n, locale)).toBe(formatNumber(n, locale));
    expect(Site.formatNumber(1310, 'it')).toBe('1.310');
    expect(Site.formatSigned(1500, 'it')).toBe('+1.500');
    expect(Site.formatSigned(-30, 'en')).toBe('-30');
    expect(Site.formatSigned(0, 'it')).toBe('0');
  });
});
