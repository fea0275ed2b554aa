import { describe, expect, it } from 'vitest';
import {
  filledQuery,
  matchesSearch,
  pageCount,
  pageOffset,
  pageQuery,
  pageWindow,
} from '../../../src/platform/ui/admin/admin-lists.ts';
import { isoToLocalInput, localInputToIso } from '../../../src/platform/ui/admin/datetime-local.ts';
import { fieldErrorKey } from '../../../src/platform/browser/form-errors.ts';

describe('pagination window of 5 page buttons', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5, 5, [1, 2, 3, 4, 5]],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it('clamps a page outside the range and treats no results as one page', () => {
    expect(pageWindow(42, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageOffset(3)).toBe(20);
  });

  it('searches names ignoring case and accents', () => {
    expect(matchesSearch('Coppa Città', 'citta')).toBe(true);
    expect(matchesSearch('Bomber Cup', '  BOMB ')).toBe(true);
    expect(matchesSearch('Bomber Cup', 'valorant')).toBe(false);
    expect(matchesSearch('anything', '')).toBe(true);
  });
});

describe('the query of a server-paged list', () => {
  it('asks for one page by limit and offset, with the filters that have a value', () => {
    expect(pageQuery(3, { sort: 'name', search: '', archived: undefined }).toString()).toBe(
      'limit=10&offset=20&sort=name',
    );
    expect(pageQuery(1).toString()).toBe('limit=10&offset=0');
  });

  it('leaves out an empty filter, so the API applies its default, and encodes what it keeps', () => {
    expect(filledQuery({ search: 'Rossi & co', category: '', sort: undefined }).toString()).toBe('search=Rossi+%26+co');
  });
});

describe('datetime-local in the admin time zone', () => {
  // the unit project runs with the machine's zone; both directions must agree whatever it is
  it('round-trips an instant through the input value', () => {
    const iso = '2026-11-22T17:30:00.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localInputToIso(local)).toBe(iso);
  });

  it('reads the typed value as local time', () => {
    const local = '2027-01-15T18:00';
    expect(localInputToIso(local)).toBe(new Date(2027, 0, 15, 18, 0).toISOString());
  });

  it('treats empty as not scheduled and keeps garbage for the schema to refuse', () => {
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('31/12/2026')).toBe('31/12/2026');
  });
});

describe('the dashboard forms use the same field-error mapper', () => {
  it.each([
    ['name', { type: 'too_small' }, '', 'errors.validation.required'],
    ['maxPartecipants', { type: 'too_small' }, '0', 'errors.validation.numberRange'],
    ['console', { type: 'too_small' }, [], 'errors.validation.consoles'],
    ['banner', { type: 'invalid_union' }, 'ftp://x', 'errors.validation.imageUrl'],
    ['url', { type: 'invalid_union' }, 'x', 'errors.validation.url'],
    ['start_checkin', { type: 'invalid_format' }, 'x', 'errors.validation.dateTime'],
    ['password', { type: 'too_small', minimum: 4 }, 'abc', 'errors.validation.passwordMin'],
    ['dateText.it', { type: 'too_big' }, 'x'.repeat(200), 'errors.validation.tooLong'],
    ['competitionId', { type: 'code', message: 'COMPETITION_NOT_FOUND' }, 'x', 'errors.COMPETITION_NOT_FOUND'],
    ['name', { type: 'server', message: 'Invalid input' }, 'x', 'errors.validation.invalid'],
  ])('%s %j', (name, error, value, key) => {
    expect(fieldErrorKey(name, error, value, { maxPartecipants: [1, 10000] }).key).toBe(key);
  });
});
