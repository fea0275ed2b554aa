import { describe, expect, it } from 'vitest';
import { pathAfterLogin, takeRedeemToken } from '../../src/lib/auth-redirect.ts';
import { adminGuard } from '../../src/lib/admin-guard.ts';

describe('pathAfterLogin', () => {
  it.each([
    ['it', null, '/'],
    ['en', null, '/en/'],
    ['it', 'ABC', '/marketplace/redeem?token=ABC'],
    ['en', 'A B&C', '/en/marketplace/redeem?token=A%20B%26C'],
  ] as const)('user language %s, redeem token %s goes to %s', (language, token, path) => {
    expect(pathAfterLogin(language, token)).toBe(path);
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
