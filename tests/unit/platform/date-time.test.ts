import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatTime, SITE_TIME_ZONE } from '../../../src/platform/i18n/date-time.ts';

const rome = { timeZone: SITE_TIME_ZONE };
const at = '2026-12-01T13:05:00Z'; // 14:05 in Rome

describe('the one style of dates', () => {
  test('a date is the day, the short month and the year, in both languages', () => {
    expect(formatDate(at, 'it', rome)).toBe('1 dic 2026');
    expect(formatDate(at, 'en', rome)).toBe('1 Dec 2026');
  });

  test('a date and time adds the 24-hour time after a comma', () => {
    expect(formatDateTime(at, 'it', rome)).toBe('1 dic 2026, 14:05');
    expect(formatDateTime(at, 'en', rome)).toBe('1 Dec 2026, 14:05');
    expect(formatDateTime('2026-12-01T23:05:00Z', 'en', rome)).toBe('2 Dec 2026, 00:05');
  });

  test("a schedule's time names its zone, summer time included", () => {
    expect(formatDateTime(at, 'it', { ...rome, zoneName: true })).toBe('1 dic 2026, 14:05 CET');
    expect(formatDateTime('2026-07-01T16:00:00Z', 'en', { ...rome, zoneName: true })).toBe('1 Jul 2026, 18:00 CEST');
  });

  test("a table cell's time is the same clock as the date and time", () => {
    expect(formatTime(at, 'it', rome)).toBe('14:05');
    expect(formatTime(at, 'en', { timeZone: 'America/New_York' })).toBe('08:05');
  });

  test('the day and the time are those of the zone asked for', () => {
    // 23:30 UTC on 31 December is already the new year in Rome, and still the old one in New York
    const late = '2026-12-31T23:30:00Z';
    expect(formatDate(late, 'en', rome)).toBe('1 Jan 2027');
    expect(formatDate(late, 'en', { timeZone: 'America/New_York' })).toBe('31 Dec 2026');
    expect(formatDateTime(late, 'it', { timeZone: 'America/New_York' })).toBe('31 dic 2026, 18:30');
  });

  test('no date, or one that does not parse, reads as nothing', () => {
    for (const iso of [null, undefined, '', 'not a date']) {
      expect(formatDate(iso, 'it', rome)).toBe('');
      expect(formatDateTime(iso, 'en', { ...rome, zoneName: true })).toBe('');
      expect(formatTime(iso, 'en')).toBe('');
    }
  });
});
