import { describe, expect, test } from 'vitest';
import { competitionHref, isCompetitionLink } from '../../../src/features/tournaments/competition-link.ts';
import { competitionInputSchema } from '../../../src/features/tournaments/contract.ts';

/** One rule for a competition's link: a same-site path (one leading slash) or an https address. */
const sameSite = ['/arena-bomber-championship', '/en/arena-bomber-championship', '/a?next=//x#//y', '/'];
const https = ['https://example.com', 'https://example.com/landing?x=1', 'HTTPS://Example.com/A'];
const offSite = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  '/en//evil.example/x',
  '/a//b',
  'http://insecure.example',
  'HTTP://insecure.example',
  'https://',
  'https:///x',
  'https:evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
  'relative/path',
  ' /leading-space',
  '/a b',
  '/"quoted"',
  `/${'x'.repeat(600)}`,
];

describe('isCompetitionLink', () => {
  test('accepts no link, same-site paths and https addresses', () => {
    for (const url of ['', ...sameSite, ...https]) expect(isCompetitionLink(url), JSON.stringify(url)).toBe(true);
  });
  test('refuses whatever a browser would open on another site without https, or not at all', () => {
    for (const url of offSite) expect(isCompetitionLink(url), JSON.stringify(url)).toBe(false);
  });
  test('the contract uses the same rule', () => {
    for (const url of offSite)
      expect(competitionInputSchema.safeParse({ name: 'C', game: 'Fortnite', url }).success, JSON.stringify(url)).toBe(
        false,
      );
    for (const url of [...sameSite, ...https])
      expect(competitionInputSchema.safeParse({ name: 'C', game: 'Fortnite', url }).success, JSON.stringify(url)).toBe(
        true,
      );
  });
});

describe('competitionHref', () => {
  test('a site path in the page language, an https address as it is', () => {
    expect(competitionHref('/arena-bomber-championship', 'it')).toBe('/arena-bomber-championship');
    expect(competitionHref('/arena-bomber-championship', 'en')).toBe('/en/arena-bomber-championship');
    expect(competitionHref('/en/arena-bomber-championship', 'it')).toBe('/arena-bomber-championship');
    expect(competitionHref('https://example.com/x', 'en')).toBe('https://example.com/x');
  });
  test('a stored value that is not a safe link (saved before the rule) renders no link', () => {
    for (const url of ['', ...offSite])
      for (const locale of ['it', 'en'] as const)
        expect(competitionHref(url, locale), `${JSON.stringify(url)} ${locale}`).toBe('');
  });
});
