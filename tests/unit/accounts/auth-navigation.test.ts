import { describe, expect, it } from 'vitest';
import {
  loginPathWithNext,
  nextFromPage,
  pathAfterLogin,
  safeNextPath,
  takeRedeemToken,
  withNext,
} from '../../../src/platform/browser/auth-redirect.ts';
import { adminGuard } from '../../../src/features/accounts/ui/admin-guard.ts';

describe('pathAfterLogin', () => {
  it.each([
    ['it', null, '/'],
    ['en', null, '/en/'],
    ['it', 'ABC', '/marketplace/redeem?token=ABC'],
    ['en', 'A B&C', '/en/marketplace/redeem?token=A%20B%26C'],
  ] as const)('page language %s, redeem token %s goes to %s', (language, token, path) => {
    expect(pathAfterLogin(language, token)).toBe(path);
  });

  it.each([
    // a bare next takes the login page's language
    ['it', null, '/tournament/abc', '/tournament/abc'],
    ['en', null, '/tournament/abc', '/en/tournament/abc'],
    // a next under /en stays English, whatever page the login was on
    ['it', null, '/en/tournament/abc?x=1', '/en/tournament/abc?x=1'],
    ['en', null, '/en/my-orders', '/en/my-orders'],
    ['it', 'ABC', '/tournament/abc', '/marketplace/redeem?token=ABC'],
    ['it', null, 'https://evil.example/', '/'],
    ['en', null, '//evil.example', '/en/'],
  ] as const)('page language %s, redeem token %s, next %s goes to %s', (language, token, next, path) => {
    expect(pathAfterLogin(language, token, next)).toBe(path);
  });
});

describe('withNext', () => {
  it('carries a same-site next on to the other account page, encoded', () => {
    expect(withNext('/en/signup', '/tournament/a b')).toBe('/en/signup?next=%2Ftournament%2Fa%20b');
    expect(withNext('/signup', '/en/tournament/x')).toBe('/signup?next=%2Fen%2Ftournament%2Fx');
  });

  it.each([null, '', '//evil.example', 'https://evil.example/'])('drops the unsafe next %j', (next) => {
    expect(withNext('/login', next)).toBe('/login');
  });
});

describe('nextFromPage', () => {
  it.each([
    ['/tournament/abc', '', '/tournament/abc'],
    ['/en/marketplace', '?page=2', '/en/marketplace?page=2'],
    ['/', '', '/'],
    ['/login', '?next=%2Ftournament%2Fx', '/tournament/x'],
    ['/en/signup', '?next=%2Fen%2Fnews', '/en/news'],
    ['/en/login/', '', null],
    ['/signup', '', null],
    ['/resetPassword', '?token=secret', null],
    ['/en/confirmEmail', '?token=secret', null],
  ])('on %s%s the header links carry %j', (pathname, search, next) => {
    expect(nextFromPage(pathname, search)).toBe(next);
  });

  it('is what the header menu writes into its login and sign-up links', () => {
    expect(withNext('/en/login', nextFromPage('/en/tournament/abc', '?tab=rules'))).toBe(
      '/en/login?next=%2Fen%2Ftournament%2Fabc%3Ftab%3Drules',
    );
    expect(withNext('/signup', nextFromPage('/login', '?next=%2F%2Fevil.example'))).toBe('/signup');
  });
});

describe('safeNextPath', () => {
  it.each(['/', '/tournament/abc', '/en/my-orders?page=2#top'])('keeps the same-site path %s', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it.each([
    null,
    '',
    'tournament/abc',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/a//b',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    `/${'a'.repeat(600)}`,
  ])('drops %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('loginPathWithNext encodes the page to come back to', () => {
    expect(loginPathWithNext('en', '/tournament/a b')).toBe('/en/login?next=%2Ftournament%2Fa%20b');
    expect(loginPathWithNext('it', '/tournament/x')).toBe('/login?next=%2Ftournament%2Fx');
  });
});

describe('takeRedeemToken', () => {
  const storage = (initial: Record<string, string>) => {
    const data = new Map(Object.entries(initial));
    return { getItem: (k: string) => data.get(k) ?? null, removeItem: (k: string) => void data.delete(k), data };
  };

  it('returns the parked token once and removes it', () => {
    const s = storage({ redeemToken: 'CODE' });
    expect(takeRedeemToken(s)).toBe('CODE');
    expect(s.data.has('redeemToken')).toBe(false);
    expect(takeRedeemToken(s)).toBeNull();
  });
});

describe('adminGuard', () => {
  const admin = { roles: ['SiteAdmin'] };
  it.each([
    [{ loading: true, user: null, token: null }, 'loading'],
    [{ loading: false, user: null, token: null }, 'loggedOut'],
    [{ loading: false, user: null, token: 't' }, 'sessionExpired'],
    [{ loading: false, user: admin, token: null }, 'sessionExpired'],
    [{ loading: false, user: { roles: [] }, token: 't' }, 'unauthorized'],
    [{ loading: false, user: { roles: ['OtherAdmin'] }, token: 't' }, 'unauthorized'],
    [{ loading: false, user: admin, token: 't' }, 'allowed'],
    [{ loading: false, user: { roles: ['NexusAdmin'] }, token: 't' }, 'allowed'],
  ] as const)('%o is %s', (session, state) => {
    expect(adminGuard(session, 'Nexus')).toBe(state);
  });
});
