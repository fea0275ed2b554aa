import { describe, expect, it } from 'vitest';
import { changedKeys, prettyLines } from '../../../src/features/audit/ui/audit-diff.ts';
import { bodyIn, inLocale, isNewsId, pageParam } from '../../../src/features/news/ui/news-view.ts';

describe('audit diff', () => {
  it('lists the top-level keys that differ, including added and removed ones', () => {
    expect(changedKeys({ a: 1, b: { x: 1 }, c: 'same' }, { a: 2, b: { x: 1 }, c: 'same', d: true })).toEqual([
      'a',
      'd',
    ]);
    expect(changedKeys(null, { title: 'x' })).toEqual(['title']);
    expect(changedKeys({ title: 'x' }, null)).toEqual(['title']);
    expect(changedKeys({ t: { it: 'a', en: 'b' } }, { t: { it: 'a', en: 'c' } })).toEqual(['t']);
  });

  it('pretty-prints an object one top-level key per block', () => {
    const lines = prettyLines({ a: 1, b: { c: 2 } });
    expect(lines.map((l) => l.key)).toEqual([null, 'a', 'b', null]);
    expect(lines.map((l) => l.text).join('\n')).toBe(JSON.stringify({ a: 1, b: { c: 2 } }, null, 2));
    expect(prettyLines({})).toEqual([{ key: null, text: '{}' }]);
  });
});

describe('public news helpers', () => {
  const article = {
    title: { it: 'Ciao', en: 'Hello' },
    summary: { it: '', en: 'Only English' },
    body: { it: '', en: '<p>en</p>' },
  } as any;

  it('reads a text in the visitor language, falling back to the other one', () => {
    expect(inLocale(article.title, 'it')).toBe('Ciao');
    expect(inLocale(article.title, 'en')).toBe('Hello');
    expect(inLocale(article.summary, 'it')).toBe('Only English');
    expect(bodyIn(article, 'it')).toBe('<p>en</p>');
  });

  it('accepts only positive whole page numbers', () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam('')).toBe(1);
    expect(pageParam('3')).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'x', '01', '9999999']) expect(pageParam(bad)).toBeNull();
  });

  it('recognises ids the API could hold', () => {
    expect(isNewsId('abc_DEF-123')).toBe(true);
    expect(isNewsId('')).toBe(false);
    expect(isNewsId('a/b')).toBe(false);
    expect(isNewsId(undefined)).toBe(false);
  });
});
