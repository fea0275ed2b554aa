import { describe, expect, test } from 'vitest';
import {
  changeOf,
  comparisonOf,
  pageOfAll,
  readListPlace,
  stepPlace,
  writeAddress,
  writeListPlace,
  type AddressWindow,
  type ListParams,
  type ListPlace,
  type PlaceStep,
} from '../../../src/platform/ui/admin/use-admin-list.ts';
import { sortOf, sortValues } from '../../../src/platform/list-sort.ts';

const params: ListParams = {
  filter: { values: ['all', 'fulfilled'], initial: 'all' },
  sort: { values: sortValues(['name', 'price']), initial: 'newest' },
};

describe("an admin list's place lives in the address", () => {
  test('reads the search and the page, page 1 when missing or not a whole number above 1', () => {
    expect(readListPlace('')).toEqual({ query: '', page: 1, values: {} });
    expect(readListPlace('?q=felpa&page=3')).toEqual({ query: 'felpa', page: 3, values: {} });
    for (const bad of ['?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=1'])
      expect(readListPlace(bad).page).toBe(1);
  });

  test('reads each param, its initial value when missing or not one of its values', () => {
    expect(readListPlace('?filter=fulfilled&sort=-price', params).values).toEqual({
      filter: 'fulfilled',
      sort: '-price',
    });
    expect(readListPlace('?filter=nope&sort=-nope', params).values).toEqual({ filter: 'all', sort: 'newest' });
  });

  test("keeps a value outside a param's list (a record's id) only when the param accepts it", () => {
    const byRecord: ListParams = { tournament: { values: [''], initial: '', accepts: (v) => /^[a-z0-9-]+$/.test(v) } };
    expect(readListPlace('?tournament=t-42', byRecord).values).toEqual({ tournament: 't-42' });
    expect(readListPlace('?tournament=a%20b', byRecord).values).toEqual({ tournament: '' });
    expect(readListPlace('?filter=t-42', params).values.filter).toBe('all');
    expect(writeListPlace('', { query: '', page: 1, values: { tournament: 't-42' } }, byRecord)).toBe(
      '?tournament=t-42',
    );
  });

  test('writes only what differs from the default and keeps the other parameters', () => {
    expect(writeListPlace('', { query: '', page: 1, values: {} })).toBe('');
    expect(writeListPlace('?tab=x', { query: 'felpa rossa', page: 2, values: {} })).toBe('?tab=x&q=felpa+rossa&page=2');
    expect(writeListPlace('?q=old&page=4', { query: '', page: 1, values: {} })).toBe('');
    expect(
      writeListPlace('?sort=name', { query: '', page: 1, values: { filter: 'all', sort: 'newest' } }, params),
    ).toBe('');
    expect(writeListPlace('', { query: '', page: 1, values: { filter: 'fulfilled', sort: 'name' } }, params)).toBe(
      '?filter=fulfilled&sort=name',
    );
  });

  test('what is written reads back the same', () => {
    const place = { query: 'ò & ü?', page: 7, values: { filter: 'fulfilled', sort: '-name' } };
    expect(readListPlace(writeListPlace('', place, params), params)).toEqual(place);
  });
});

describe('sort values', () => {
  test('newest first, then each key ascending and descending, read back with its direction', () => {
    expect(sortValues(['name', 'price'])).toEqual(['newest', 'name', '-name', 'price', '-price']);
    expect(sortOf('newest')).toBeNull();
    expect(sortOf('name')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortOf('-price')).toEqual({ key: 'price', direction: 'desc' });
  });
});

describe('a list held whole on the client', () => {
  const all = Array.from({ length: 23 }, (_, i) => ({ name: `Cup ${String(i).padStart(2, '0')}`, n: i % 5 }));
  test('searches, orders, then cuts the page; the total counts every match', () => {
    const first = pageOfAll(all, { query: 'cup 1', page: 1, values: {} }, (r) => r.name);
    expect(first).toEqual({ ok: true, data: all.slice(10, 20), total: 10 });
    const sorted = pageOfAll(
      all,
      { query: '', page: 3, values: {} },
      (r) => r.name,
      (a, b) => b.n - a.n || a.name.localeCompare(b.name),
    );
    expect(sorted.ok && sorted.data.map((r) => r.name)).toEqual(['Cup 10', 'Cup 15', 'Cup 20']);
    expect(sorted.ok && sorted.total).toBe(23);
  });
});

describe('the order of a list held whole', () => {
  const orders = {
    newest: (a: { n: number }, b: { n: number }) => b.n - a.n,
    n: (a: { n: number }, b: { n: number }) => a.n - b.n,
  };
  const rows = [{ n: 2 }, { n: 3 }, { n: 1 }];
  const sorted = (sort: string | undefined) => {
    const compare = comparisonOf(orders, sort);
    return compare ? [...rows].sort(compare).map((r) => r.n) : null;
  };
  test('a key sorts ascending, -key descending, newest by its own order; an unknown key keeps the API order', () => {
    expect(sorted('n')).toEqual([1, 2, 3]);
    expect(sorted('-n')).toEqual([3, 2, 1]);
    expect(sorted(undefined)).toEqual([3, 2, 1]);
    expect(comparisonOf({ n: orders.n }, 'newest')).toBeUndefined();
  });
});

describe('the steps of a place, and how they enter the history', () => {
  const start: ListPlace = { query: 'felpa', page: 3, values: { filter: 'all', sort: 'newest' } };
  test('a new search or param starts on page 1; a page keeps the rest; a no-op step keeps the place', () => {
    expect(stepPlace(start, { query: 'cappello' })).toEqual({ ...start, query: 'cappello', page: 1 });
    expect(stepPlace(start, { param: 'filter', value: 'fulfilled' })).toEqual({
      query: 'felpa',
      page: 1,
      values: { filter: 'fulfilled', sort: 'newest' },
    });
    expect(stepPlace(start, { page: 4 })).toEqual({ ...start, page: 4 });
    for (const same of [{ query: 'felpa' }, { page: 3 }, { param: 'sort', value: 'newest' }] as PlaceStep[])
      expect(stepPlace(start, same)).toBe(start);
  });

  test('typing replaces the entry; a page, a filter or a sort is a step of its own', () => {
    expect(changeOf({ query: 'x' })).toBe('replace');
    expect(changeOf({ page: 2 })).toBe('push');
    expect(changeOf({ param: 'sort', value: 'name' })).toBe('push');
  });

  /** A browser history in memory: entries, the current one, and back() as the browser's popstate gives it. */
  function fakeWindow(url: string) {
    const parse = (u: string) => new URL(u, 'https://arena.test');
    const entries = [parse(url)];
    let at = 0;
    const calls: string[] = [];
    const win: AddressWindow = {
      get location() {
        return entries[at]!;
      },
      history: {
        state: null,
        pushState: (_s: unknown, _t: string, u?: string | URL | null) => {
          calls.push(`push ${u}`);
          entries.splice(at + 1, Infinity, parse(String(u)));
          at++;
        },
        replaceState: (_s: unknown, _t: string, u?: string | URL | null) => {
          calls.push(`replace ${u}`);
          entries[at] = parse(String(u));
        },
      },
    };
    return { win, calls, back: () => entries[--at]!, length: () => entries.length };
  }

  test('the address follows a search, a filter, a page and a sort; back returns to each earlier place', () => {
    const { win, calls, back, length } = fakeWindow('/dashboard/purchases?tab=x#top');
    let place = readListPlace(win.location.search, params);
    const step = (s: PlaceStep) => {
      place = stepPlace(place, s);
      writeAddress(win, place, changeOf(s), params);
    };
    step({ query: 'fel' });
    step({ query: 'felpa' });
    step({ param: 'filter', value: 'fulfilled' });
    step({ page: 2 });
    step({ param: 'sort', value: '-price' });
    expect(calls).toEqual([
      'replace /dashboard/purchases?tab=x&q=fel#top',
      'replace /dashboard/purchases?tab=x&q=felpa#top',
      'push /dashboard/purchases?tab=x&q=felpa&filter=fulfilled#top',
      'push /dashboard/purchases?tab=x&q=felpa&filter=fulfilled&page=2#top',
      'push /dashboard/purchases?tab=x&q=felpa&filter=fulfilled&sort=-price#top',
    ]);
    expect(length()).toBe(4);
    // a reload reads the same place back
    expect(readListPlace(win.location.search, params)).toEqual({
      query: 'felpa',
      page: 1,
      values: { filter: 'fulfilled', sort: '-price' },
    });
    expect(readListPlace(back().search, params)).toEqual({
      query: 'felpa',
      page: 2,
      values: { filter: 'fulfilled', sort: 'newest' },
    });
    expect(readListPlace(back().search, params)).toEqual({
      query: 'felpa',
      page: 1,
      values: { filter: 'fulfilled', sort: 'newest' },
    });
    expect(readListPlace(back().search, params)).toEqual({
      query: 'felpa',
      page: 1,
      values: { filter: 'all', sort: 'newest' },
    });
    // the place read after back is already in the address: writing it adds nothing
    writeAddress(win, readListPlace(win.location.search, params), 'replace', params);
    expect(calls).toHaveLength(5);
  });
});
