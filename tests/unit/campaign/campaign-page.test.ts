import { describe, expect, test } from 'vitest';
import { campaignWindow } from '../../../src/features/campaign/ui/campaign-dates.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';
import { phaseParam, standingsPageParams } from '../../../src/features/campaign/ui/campaign-data.ts';
import { clockOffset, countdownParts } from '../../../src/features/campaign/countdown.ts';
import { defaultCampaign } from '../../../src/features/campaign/contract.ts';

describe('campaignWindow', () => {
  test.each([
    ['it', 0, '12 gen 2026', '15 gen 2026'],
    ['en', 0, '12 Jan 2026', '15 Jan 2026'],
    ['it', 3, '13 feb 2026', '26 feb 2026'],
  ] as const)('shows a whole-day window as its first and last day in Rome (%s, phase %i)', (locale, i, from, to) => {
    const p = defaultCampaign.phases[i];
    expect(campaignWindow(p.opensAt, p.closesAt, locale)).toEqual({ from, to });
  });

  test('shows times in Rome when a window does not start and end at midnight', () => {
    // 09:30 UTC in summer is 11:30 in Rome
    expect(campaignWindow('2026-07-01T09:30:00Z', '2026-07-03T16:00:00Z', 'en')).toEqual({
      from: '1 Jul 2026, 11:30',
      to: '3 Jul 2026, 18:00',
    });
  });

  test('gives empty texts for unreadable dates', () => {
    expect(campaignWindow('x', 'y', 'it')).toEqual({ from: '', to: '' });
  });
});

test.each([
  ['it', '20 giu 2025, 18:00'],
  ['en', '20 Jun 2025, 18:00'],
] as const)('the seeded deadline reads 18:00 Rome time in %s', (locale, text) => {
  expect(formatDateTime(defaultCampaign.deadline, locale, { timeZone: SITE_TIME_ZONE })).toBe(text);
});

describe('countdownParts', () => {
  test('splits the time left into days, hours, minutes and seconds', () => {
    const left = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(countdownParts(left, 0)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, ended: false });
  });

  test('is all zero and ended at and after the deadline', () => {
    expect(countdownParts(1000, 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdownParts(1000, 99_000)).toMatchObject({ ended: true, seconds: 0 });
  });
});

test('clockOffset assumes the server read its clock halfway through the round trip', () => {
  expect(clockOffset(new Date(10_500).toISOString(), 1000, 2000)).toBe(9000);
  expect(clockOffset('not a date', 1000, 2000)).toBe(0);
});

test.each([
  ['', { limit: 100, offset: 0 }],
  ['offset=200', { limit: 100, offset: 200 }],
  ['limit=50&offset=50', { limit: 50, offset: 50 }],
  ['offset=-1', null],
  ['offset=1.5', null],
  ['limit=0', null],
  ['limit=501', null],
] as const)('standings page query "%s"', (query, expected) => {
  expect(standingsPageParams(new URLSearchParams(query))).toEqual(expected);
});

test.each([
  ['1', 1],
  ['4', 4],
  ['5', null],
  ['0', null],
  ['01', null],
  ['x', null],
  [undefined, null],
] as const)('phase %s', (raw, expected) => {
  expect(phaseParam(raw, 4)).toBe(expected);
});
