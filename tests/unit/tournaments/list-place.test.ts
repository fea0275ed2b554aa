import { describe, expect, test } from 'vitest';
import { editorHref, listHref, placeFromEditor } from '../../../src/features/tournaments/ui/admin/list-place.ts';

/** The tournaments list's place (search, page, filters, sort) goes to the editor and back with it. */
describe('the list place through the editor', () => {
  const place = { query: 'bomber cup', page: 3, values: { sort: '-start', archived: 'only' } };
  const first = { query: '', page: 1, values: { sort: 'newest', archived: 'include' } };

  test("an editor's address carries the list's place, and its way back returns there", () => {
    const href = editorHref('it', place, 'abc');
    const url = new URL(href, 'https://arena.test');
    expect(url.pathname).toBe('/dashboard/tournaments/edit');
    expect(url.searchParams.get('id')).toBe('abc');
    expect(placeFromEditor(url.search)).toEqual(place);
    const back = new URL(listHref('it', url.search), 'https://arena.test');
    expect(back.pathname).toBe('/dashboard/tournaments');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      q: 'bomber cup',
      page: '3',
      sort: '-start',
      archived: 'only',
    });
  });

  test('in English the paths take the prefix; the first page with no search adds nothing', () => {
    expect(editorHref('en', first, 'abc')).toBe('/en/dashboard/tournaments/edit?id=abc');
    expect(editorHref('en', first)).toBe('/en/dashboard/tournaments/new');
    expect(listHref('en', '?id=abc')).toBe('/en/dashboard/tournaments');
    expect(new URL(editorHref('en', place), 'https://arena.test').pathname).toBe('/en/dashboard/tournaments/new');
  });

  test("only the list's own params come back, each a value it knows", () => {
    const list = new URLSearchParams({ page: '2', sort: 'bogus', archived: 'hide', next: '//evil.example' });
    const back = listHref('it', `?id=abc&list=${encodeURIComponent(list.toString())}`);
    expect(back).toBe('/dashboard/tournaments?archived=hide&page=2');
  });
});
