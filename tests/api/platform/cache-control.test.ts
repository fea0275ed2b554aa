import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament } from '../helpers/tournaments.ts';
import { registerErrorHandler } from '../../../src/platform/http/plugins/error-handler.ts';
import { cachePublic } from '../../../src/platform/http/response-headers.ts';

/**
 * Public reads carry a short browser lifetime and a CDN one with stale-while-revalidate
 * (CDN-Cache-Control), so a CDN in front absorbs a burst; anything that depends on the caller is
 * private (src/platform/http-cache-policy.ts).
 */
const LIVE = 'public, max-age=10, s-maxage=10';
const EDITORIAL = 'public, max-age=10, s-maxage=30';
const CDN = { [LIVE]: 'max-age=10, stale-while-revalidate=60', [EDITORIAL]: 'max-age=30, stale-while-revalidate=120' };
/** personal answers are never stored, not even by the browser (a shared computer, the back button) */
const PERSONAL = 'private, no-store';

let t: TestApp;
let admin: Account;
let player: Account;
let tournamentId: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin, player] = await accounts(t, 2);
  await t.makeAdmin(admin.id);
  tournamentId = await createTournament(t, admin.token, 'registration');
  productId = (await rewardsApi(t, admin.token).product({ price: 10, quantity: 3 }))._id;
});
afterAll(() => t?.close());

const headersOf = async (url: string, token?: string) => {
  const r = await t.call('GET', url, { token });
  expect(r.status, `${url}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.res.headers;
};

describe('reads that are public for anonymous visitors and personal with a token', () => {
  const urls = () =>
    [
      ['/api/tournaments', LIVE],
      [`/api/tournaments/${tournamentId}`, LIVE],
      ['/api/tournaments/competitions', LIVE],
      ['/api/marketplace/badges', LIVE],
      ['/api/news', EDITORIAL],
    ] as const;

  // with stale-while-revalidate for a CDN
  test('anonymous: public with a short max-age, varying on Authorization', async () => {
    for (const [url, policy] of urls()) {
      const headers = await headersOf(url);
      expect(headers['cache-control'], url).toBe(policy);
      expect(headers['cdn-cache-control'], url).toBe(CDN[policy]);
      expect(headers.vary, url).toMatch(/authorization/i);
    }
  });

  test('with a token: private, never kept by a shared cache', async () => {
    for (const [url] of urls()) expect((await headersOf(url, player.token))['cache-control'], url).toBe(PERSONAL);
  });
});

test('the shop: public for visitors, fresh for a signed-in buyer or an admin editing it', async () => {
  for (const url of ['/api/marketplace/products', `/api/marketplace/products/${productId}`]) {
    expect((await headersOf(url))['cache-control'], url).toBe(LIVE);
    expect((await headersOf(url))['vary'], url).toMatch(/authorization/i);
    expect((await headersOf(url, player.token))['cache-control'], url).toBe(PERSONAL);
  }
});

test('the calendar file may be kept a minute', async () => {
  const r = await t.call('GET', `/api/tournaments/${tournamentId}/calendar.ics`);
  expect(r.status).toBe(200);
  expect(r.res.headers['cache-control']).toBe('public, max-age=60');
});

test('personal reads and writes are private, no-store', async () => {
  const personalReads = [
    ['/api/users/me', player.token],
    [`/api/users/${player.id}`, player.token],
    ['/api/marketplace/wallets/me', player.token],
    [`/api/marketplace/transactions/${player.id}`, player.token],
    [`/api/marketplace/backpack/${player.id}`, player.token],
    [`/api/marketplace/purchases/user/${player.id}`, player.token],
    ['/api/marketplace/purchases', admin.token],
    ['/api/marketplace/wallets', admin.token],
    ['/api/marketplace/dashboard/overview', admin.token],
    [`/api/marketplace/wallets/${t.config.ownerId}/${player.id}`, admin.token],
  ] as const;
  for (const [url, token] of personalReads) expect((await headersOf(url, token))['cache-control'], url).toBe(PERSONAL);
  await rewardsApi(t, admin.token).credit(player.id, 50);
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: player.token,
    body: { productId, shippingAddress: address },
  });
  expect(bought.status).toBe(201);
  expect(bought.res.headers['cache-control']).toBe(PERSONAL);
});

test('a 5xx is never cached, even from a route that had marked its answer public', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/boom', async (_req, reply) => {
    cachePublic(reply);
    throw new Error('database went away');
  });
  const res = await app.inject({ method: 'GET', url: '/boom' });
  expect(res.statusCode).toBe(500);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['cdn-cache-control']).toBeUndefined();
  await app.close();
});
