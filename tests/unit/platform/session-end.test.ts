import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../src/platform/browser/api-client.ts';
import { $token, $user, FLASH_EVENT, FLASH_KEY, loadSession } from '../../../src/platform/browser/session.ts';

/** A Storage held in a Map, as the browser's localStorage and sessionStorage behave for these calls. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
}

const answer = (status: number, code: string) =>
  new Response(JSON.stringify({ status: 'ERROR', error: { code } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('a 401 to the stored session ends it', () => {
  let local: ReturnType<typeof memoryStorage>;
  let session: ReturnType<typeof memoryStorage>;
  let events: string[];
  let sentAuth: (string | undefined)[];

  function serverAnswers(status: number, code: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
        sentAuth.push(init.headers.authorization);
        return answer(status, code);
      }),
    );
  }

  beforeEach(() => {
    local = memoryStorage();
    session = memoryStorage();
    events = [];
    sentAuth = [];
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('dispatchEvent', (e: Event) => (events.push(e.type), true));
    // a session stored by an earlier login, as the page reads it on load
    local.setItem('user', JSON.stringify({ id: 'u1', username: 'giulia', roles: [] }));
    local.setItem('token', 'stored-token');
    loadSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  test('the stored token refused: user and token are forgotten and the page is told why', async () => {
    serverAnswers(401, 'UNAUTHORIZED');
    const res = await api('/marketplace/wallets/me');
    expect(res).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    expect(sentAuth).toEqual(['Bearer stored-token']);
    expect(local.data.size).toBe(0);
    expect($user.get()).toBeNull();
    expect($token.get()).toBeNull();
    expect(session.data.get(FLASH_KEY)).toBe('sessionExpired');
    expect(events).toEqual([FLASH_EVENT]);
  });

  test('the token passed by hand, when it is the stored one, counts as the stored session', async () => {
    serverAnswers(401, 'TOKEN_EXPIRED');
    await api('/users/me', { token: 'stored-token' });
    expect($token.get()).toBeNull();
    expect(session.data.get(FLASH_KEY)).toBe('sessionExpired');
  });

  test.each([
    ['a call without a token (a wrong password at login)', 401, { token: null }],
    ['a 401 the caller expects (logging out a session already gone)', 401, { endsSession: false }],
    ['a token that is no longer the stored one (logged in again meanwhile)', 401, { token: 'older-token' }],
    ['a 403 (logged in, not allowed)', 403, {}],
  ] as const)('kept: %s', async (_name, status, init) => {
    serverAnswers(status, status === 401 ? 'INVALID_CREDENTIALS' : 'FORBIDDEN');
    await api('/users/authenticate', init);
    expect(local.getItem('token')).toBe('stored-token');
    expect($user.get()).toMatchObject({ id: 'u1' });
    expect(session.data.size).toBe(0);
    expect(events).toEqual([]);
  });
});
