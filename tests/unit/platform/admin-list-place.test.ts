import { describe, expect, test } from 'vitest';
import { readListPlace, writeListPlace } from '../../../src/platform/ui/admin/use-admin-list.ts';

describe("an admin list's place lives in the address", () => {
  test('reads the search and the page, page 1 when missing or not a whole number above 1', () => {
    expect(readListPlace('')).toEqual({ query: '', page: 1 });
    expect(readListPlace('?q=felpa&page=3')).toEqual({ query: 'felpa', page: 3 });
    for (const bad of ['?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=1']) expect(readListPlace(bad).page).toBe(1);
  });

  test('writes only what differs from the default and keeps the other parameters', () => {
    expect(writeListPlace('', { query: '', page: 1 })).toBe('');
    expect(writeListPlace('?tab=x', { query: 'felpa rossa', page: 2 })).toBe('?tab=x&q=felpa+rossa&page=2');
    expect(writeListPlace('?q=old&page=4', { query: '', page: 1 })).toBe('');
  });

  test('what is written reads back the same', () => {
    const place = { query: 'ò & ü?', page: 7 };
    expect(readListPlace(writeListPlace('', place))).toEqual(place);
  });
});
