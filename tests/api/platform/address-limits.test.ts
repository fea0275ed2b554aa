import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { METRICS_TOKEN_FAILURES } from '../../../src/platform/http/metrics.ts';

// Who a per-address limit counts: an IPv6 client picks any address of its /64 at will, so the
// limits count the /64; an IPv4 client, plain or IPv4-mapped, counts by its address.
const token = 'metrics-limit-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  // the failures-per-address limit out of the way: the login limit (per address and e-mail) is under test
  t = await createTestApp({ loginRateLimit: 3, loginFailuresPerAddress: 1000, metricsToken: token });
  await t.signup({ email: 'target@example.com', password: 'target-password' });
});
afterAll(() => t?.close());

const email = 'target@example.com';
const wrongLogin = { email, password: 'wrong' };
const login = (remoteAddress: string) => t.call('POST', '/api/users/authenticate', { remoteAddress, body: wrongLogin });
const sendReset = (remoteAddress: string) => t.call('POST', '/api/users/sendReset', { remoteAddress, body: { email } });

describe('login and password-reset limits', () => {
  test('login: addresses of one IPv6 /64 share one quota; another /64 has its own', async () => {
    for (const host of ['a1', 'a2', 'a3']) expect((await login(`2001:db8:1:2::${host}`)).status).toBe(401);
    const blocked = await login('2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect([blocked.status, blocked.json.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await login('2001:db8:1:3::1')).status).toBe(401);
  });

  test('login: an IPv4 client counts by its address, written plainly or IPv4-mapped', async () => {
    for (let i = 0; i < 3; i++) expect((await login('::ffff:198.51.100.7')).status).toBe(401);
    expect((await login('198.51.100.7')).status).toBe(429);
    expect((await login('198.51.100.8')).status).toBe(401);
  });

  test('password reset: addresses of one IPv6 /64 share one quota', async () => {
    for (let i = 1; i <= 5; i++) expect((await sendReset(`2001:db8:9:9::${i}`)).status).toBe(200);
    expect((await sendReset('2001:db8:9:9:1234::99')).status).toBe(429);
    expect((await sendReset('2001:db8:9:a::1')).status).toBe(200);
  });
});

describe('/metrics tokens', () => {
  const scrape = (remoteAddress: string, authorization?: string) => {
    const headers = authorization ? { authorization } : {};
    return t.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
  };

  test('wrong tokens from one client end in 429 with Retry-After; the right token works from another', async () => {
    for (let i = 0; i < METRICS_TOKEN_FAILURES; i++) {
      expect((await scrape('203.0.113.5', `Bearer guess-${i}`)).statusCode).toBe(401);
    }
    const blocked = await scrape('203.0.113.5', `Bearer guess-last`);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // the right token from the blocked client cannot be told apart from a wrong one
    expect((await scrape('203.0.113.5', `Bearer ${token}`)).statusCode).toBe(429);
    const other = await scrape('203.0.113.6', `Bearer ${token}`);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('arena_rate_limit_rejections_total{limiter="metrics-token"} 2');
  });

  test('a scrape without any token guesses nothing and is not counted', async () => {
    for (let i = 0; i < METRICS_TOKEN_FAILURES + 2; i++) expect((await scrape('203.0.113.7')).statusCode).toBe(401);
    expect((await scrape('203.0.113.7', `Bearer ${token}`)).statusCode).toBe(200);
  });
});
