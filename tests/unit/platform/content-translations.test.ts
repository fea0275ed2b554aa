import { describe, expect, test } from 'vitest';
import { localeOfHeader, localizeContent, pickText } from '../../../src/platform/i18n/content-translations.ts';

describe('content translations', () => {
  test('the request language: English only when English comes first', () => {
    expect(localeOfHeader('en-GB,en;q=0.9')).toBe('en');
    expect(localeOfHeader('EN')).toBe('en');
    expect(localeOfHeader('it-IT,en;q=0.8')).toBe('it');
    expect(localeOfHeader('fr')).toBe('it');
    expect(localeOfHeader(undefined)).toBe('it');
    expect(localeOfHeader('eng')).toBe('it');
  });

  test('an empty or blank English text falls back to the Italian', () => {
    expect(pickText('Ciao', 'Hello', 'en')).toBe('Hello');
    expect(pickText('Ciao', '', 'en')).toBe('Ciao');
    expect(pickText('Ciao', '  ', 'en')).toBe('Ciao');
    expect(pickText('Ciao', 'Hello', 'it')).toBe('Ciao');
  });

  test('flat fields follow the translations at any depth; the input is left as it was', () => {
    const badge = {
      name: 'Benvenuto',
      icon: 'x',
      translations: { it: { name: 'Benvenuto' }, en: { name: 'Welcome' } },
    };
    const answer = { status: 'SUCCESS', data: [{ _id: 'a', badge, earnedAt: 't' }] };
    const out = localizeContent(answer, 'en');
    expect(out.data[0].badge).toEqual({ ...badge, name: 'Welcome' });
    expect(badge.name).toBe('Benvenuto');
    expect(localizeContent(answer, 'it').data[0].badge.name).toBe('Benvenuto');
    // objects without translations, and non-plain values, pass through
    const when = new Date(0);
    expect(localizeContent({ a: 1, when, list: [null, 'x'] }, 'en')).toEqual({ a: 1, when, list: [null, 'x'] });
  });
});
