import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, rewardsSnapshot, type Account } from '../helpers/rewards.ts';

// Bad input on every rewards call: a 4xx with a code, never a 5xx, and nothing written.
let t: TestApp;
let admin: Account;
let player: Account;
let productId: string;
let giveawayId: string;
let giveawayToken: string;
let badgeId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  [player] = await accounts(t, 1);
  const api = rewardsApi(t, admin.token);
  productId = (await api.product({ price: 50, quantity: 5 }))._id;
  const g = await api.giveaway({ credits: 10 });
  giveawayId = g.id;
  giveawayToken = g.token;
  badgeId = await api.badge({ slug: 'user_registered', trigger: 'user_registered', reward: 5 });
  await api.credit(player.id, 500);
});
afterAll(() => t?.close());

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  as: 'player' | 'admin';
  /** a thunk where it needs fixtures made in beforeAll */
  body?: unknown | (() => unknown);
  /** what the issues must mention, when the refusal must be for that field */
  issue?: RegExp;
  raw?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
}

const purchase = (extra: Record<string, unknown>) => ({ productId, shippingAddress: address, ...extra });
const V = 'VALIDATION_ERROR';
const cases: Case[] = [
  // purchases: the price charged never comes from the client; a price the player saw that is not the current one is
  // refused
  {
    name: 'purchase with a price other than the current one',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ price: 0 }),
    status: 409,
    code: 'PRICE_CHANGED',
  },
  {
    name: 'purchase with a negative price',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ price: -1 }),
    status: 400,
    code: V,
    issue: /price/,
  },
  {
    name: 'purchase with a price as text',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ price: '50' }),
    status: 400,
    code: V,
    issue: /price/,
  },
  {
    name: 'purchase with a credits field',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ credits: 1 }),
    status: 400,
    code: V,
    issue: /credits/,
  },
  {
    name: 'purchase with a numeric productId',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ productId: 42 }),
    status: 400,
    code: V,
    issue: /productId/,
  },
  {
    name: 'purchase with an injected productId',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ productId: "x' OR 1=1 --" }),
    status: 400,
    code: V,
  },
  {
    name: 'purchase with a NUL in the productId',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ productId: 'a\u0000b' }),
    status: 400,
    code: V,
  },
  {
    name: 'purchase without an address',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => ({ productId }),
    status: 400,
    code: 'SHIPPING_ADDRESS_MISSING',
    issue: /shippingAddress\.street_name/,
  },
  {
    name: 'purchase with a blank city',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, city: '   ' } }),
    status: 400,
    code: V,
    issue: /city/,
  },
  {
    name: 'purchase with a numeric zip code',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, zip_code: 20121 } }),
    status: 400,
    code: V,
    issue: /zip_code/,
  },
  {
    name: 'purchase to Italy with a 4-digit CAP (an Italian CAP has exactly five digits)',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, zip_code: '2012' } }),
    status: 400,
    code: V,
    issue: /zip_code","message":"ZIP_CODE_INVALID/,
  },
  {
    name: 'purchase without a phone for the courier',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, phone_number: ' ' } }),
    status: 400,
    code: V,
    issue: /phone_number/,
  },
  {
    name: 'purchase with a phone that is not one',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, phone_number: 'call me' } }),
    status: 400,
    code: V,
    issue: /phone_number","message":"PHONE_INVALID/,
  },
  {
    name: 'purchase with a NUL in the street',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({ shippingAddress: { ...address, street_name: 'Via\u0000Roma' } }),
    status: 400,
    code: V,
    issue: /street_name/,
  },
  {
    name: 'purchase with an array body',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => [purchase({})],
    status: 400,
    code: V,
  },
  {
    name: 'purchase with broken JSON',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    raw: '{"productId":',
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'purchase with a bad Idempotency-Key',
    method: 'POST',
    url: () => '/api/marketplace/purchases',
    as: 'player',
    body: () => purchase({}),
    headers: { 'idempotency-key': 'not valid' },
    status: 400,
    code: V,
  },
  // redemption
  {
    name: 'redeem without a token',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: {},
    status: 400,
    code: V,
  },
  {
    name: 'redeem with a numeric token',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: { token: 123 },
    status: 400,
    code: V,
  },
  {
    name: 'redeem with a blank token',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: { token: '   ' },
    status: 400,
    code: V,
  },
  {
    name: 'redeem naming its own credits',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: () => ({ token: giveawayToken, credits: 1000 }),
    status: 400,
    code: V,
    issue: /credits/,
  },
  {
    name: 'redeem with an over-long token',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: { token: 'A'.repeat(201) },
    status: 400,
    code: V,
  },
  {
    name: 'redeem with a NUL in the token',
    method: 'POST',
    url: () => '/api/marketplace/giveaways/redeem',
    as: 'player',
    body: { token: 'CODE\u0000' },
    status: 404,
    code: 'GIVEAWAY_NOT_FOUND',
  },
  // adjustments
  {
    name: 'adjust by zero',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: 0, reason: 'x' },
    status: 400,
    code: V,
  },
  {
    name: 'adjust by a fraction',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: 1.5, reason: 'x' },
    status: 400,
    code: V,
  },
  {
    name: 'adjust by a string',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: '10', reason: 'x' },
    status: 400,
    code: V,
  },
  {
    name: 'adjust by a huge amount',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: 1e12, reason: 'x' },
    status: 400,
    code: V,
  },
  {
    name: 'adjust without a reason',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: 10 },
    status: 400,
    code: V,
  },
  {
    name: 'adjust with a blank reason',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: 10, reason: '  ' },
    status: 400,
    code: V,
  },
  {
    name: 'adjust below zero',
    method: 'POST',
    url: () => `/api/marketplace/wallets/${player.id}/adjust`,
    as: 'admin',
    body: { amount: -501, reason: 'x' },
    status: 409,
    code: 'NOT_ENOUGH_CREDITS',
  },
  // products
  {
    name: 'product with a negative price',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: -1, quantity: 1, image: '/media/Nexus/a.png' },
    status: 400,
    code: V,
  },
  {
    name: 'product with a price as text',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: '10', quantity: 1, image: '/media/Nexus/a.png' },
    status: 400,
    code: V,
  },
  {
    name: 'product with a fractional price',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: 9.99, quantity: 1, image: '/media/Nexus/a.png' },
    status: 400,
    code: V,
  },
  {
    name: 'product with quantity 0',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: 1, quantity: 0, image: '/media/Nexus/a.png' },
    status: 400,
    code: V,
  },
  {
    name: 'product without a name',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { price: 1, quantity: 1, image: '/media/Nexus/a.png' },
    status: 400,
    code: V,
  },
  {
    name: 'product without an image',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: 1, quantity: 1 },
    status: 400,
    code: V,
  },
  {
    name: 'product with a javascript: image',
    method: 'POST',
    url: () => '/api/marketplace/products',
    as: 'admin',
    body: { name: 'P', price: 1, quantity: 1, image: 'javascript:alert(1)' },
    status: 400,
    code: V,
  },
  {
    name: 'product edit with a negative quantity',
    method: 'PUT',
    url: () => `/api/marketplace/products/${productId}`,
    as: 'admin',
    body: { quantity: -3 },
    status: 400,
    code: V,
  },
  {
    name: 'product edit of an over-long id',
    method: 'PUT',
    url: () => `/api/marketplace/products/${'a'.repeat(65)}`,
    as: 'admin',
    body: { price: 1 },
    status: 400,
    code: V,
  },
  // giveaways
  {
    name: 'giveaway with 0 credits',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'ZERO_CREDITS', credits: 0, type: 'infinite' },
    status: 400,
    code: V,
  },
  {
    name: 'giveaway with negative credits',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'NEG_CREDITS', credits: -5, type: 'infinite' },
    status: 400,
    code: V,
  },
  {
    name: 'giveaway of an unknown type',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'FOREVER_TYPE', credits: 5, type: 'forever' },
    status: 400,
    code: V,
  },
  {
    name: 'giveaway with a space in the code',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'A SPACED CODE', credits: 5, type: 'infinite' },
    status: 400,
    code: V,
  },
  {
    name: 'limited giveaway with negative uses',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'LIMITED_NEG', credits: 5, type: 'limited', maxUses: -1 },
    status: 400,
    code: V,
  },
  {
    name: 'timed giveaway with a date in words',
    method: 'POST',
    url: () => '/api/marketplace/giveaways',
    as: 'admin',
    body: { token: 'TIMED_WORDS', credits: 5, type: 'timed', expiresAt: 'tomorrow' },
    status: 400,
    code: V,
  },
  {
    name: 'giveaway edit without its type',
    method: 'PUT',
    url: () => `/api/marketplace/giveaways/${giveawayId}`,
    as: 'admin',
    body: { credits: 5 },
    status: 400,
    code: V,
  },
  // badges
  {
    name: 'badge with a negative reward',
    method: 'PUT',
    url: () => `/api/marketplace/badges/${badgeId}`,
    as: 'admin',
    body: { rewardAmount: -1 },
    status: 400,
    code: V,
  },
  {
    name: 'badge with a reward as text',
    method: 'PUT',
    url: () => `/api/marketplace/badges/${badgeId}`,
    as: 'admin',
    body: { reward: { type: 'token', amount: '5' } },
    status: 400,
    code: V,
  },
  {
    name: 'badge with an http icon',
    method: 'PUT',
    url: () => `/api/marketplace/badges/${badgeId}`,
    as: 'admin',
    body: { icon: 'http://evil.example/x.png' },
    status: 400,
    code: V,
  },
  {
    name: 'badge trigger with a numeric userId',
    method: 'POST',
    url: () => '/api/marketplace/badges/trigger/user_registered',
    as: 'player',
    body: { userId: 5 },
    status: 400,
    code: V,
  },
  {
    name: 'badge trigger with a text payload',
    method: 'POST',
    url: () => '/api/marketplace/badges/trigger/user_registered',
    as: 'player',
    body: { payload: 'give me 1000' },
    status: 400,
    code: V,
  },
  {
    name: 'badge trigger with a strange slug',
    method: 'POST',
    url: () => '/api/marketplace/badges/trigger/user%20registered',
    as: 'player',
    body: {},
    status: 400,
    code: V,
  },
  // query strings
  {
    name: 'products with limit 0',
    method: 'GET',
    url: () => '/api/marketplace/products?limit=0',
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'products with limit 1000',
    method: 'GET',
    url: () => '/api/marketplace/products?limit=1000',
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'products with page abc',
    method: 'GET',
    url: () => '/api/marketplace/products?page=abc',
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'products with a negative minPrice',
    method: 'GET',
    url: () => '/api/marketplace/products?minPrice=-1',
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'products with an unknown availability',
    method: 'GET',
    url: () => '/api/marketplace/products?availability=maybe',
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'wallets with a negative offset',
    method: 'GET',
    url: () => '/api/marketplace/wallets?offset=-1',
    as: 'admin',
    status: 400,
    code: V,
  },
  {
    name: 'giveaways with limit abc',
    method: 'GET',
    url: () => '/api/marketplace/giveaways?limit=abc',
    as: 'admin',
    status: 400,
    code: V,
  },
  {
    name: 'transactions with limit 0',
    method: 'GET',
    url: () => `/api/marketplace/transactions/${player.id}?limit=0`,
    as: 'player',
    status: 400,
    code: V,
  },
  {
    name: 'purchases with fulfilled=maybe',
    method: 'GET',
    url: () => '/api/marketplace/purchases?fulfilled=maybe',
    as: 'admin',
    status: 400,
    code: V,
  },
];

describe.each(cases)('$name', (c) => {
  test(`answers ${c.status} ${c.code} and writes nothing`, async () => {
    const before = await rewardsSnapshot(t);
    const token = c.as === 'admin' ? admin.token : player.token;
    const r =
      c.raw !== undefined
        ? await t
            .inject({
              method: c.method,
              url: c.url(),
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              payload: c.raw,
            })
            .then((res) => ({ status: res.statusCode, json: res.json() }))
        : await t.call(c.method, c.url(), {
            token,
            body: typeof c.body === 'function' ? c.body() : c.body,
            headers: c.headers,
          });
    expect(r.status, JSON.stringify(r.json)).toBe(c.status);
    expect(r.json.status).toBe('ERROR');
    expect(r.json.error.code).toBe(c.code);
    if (c.issue) expect(JSON.stringify(r.json.error.issues)).toMatch(c.issue);
    expect(await rewardsSnapshot(t)).toEqual(before);
  });
});

test('the player and the shop are unchanged after all of it', async () => {
  const wallet = await t.call('GET', '/api/marketplace/wallets/me', { token: player.token });
  expect(wallet.json.data.balance).toBe(500);
  const product = await t.call('GET', `/api/marketplace/products/${productId}`);
  expect(product.json.data).toMatchObject({ price: 50, quantity: 5 });
});

test('the fixtures were good: the same purchase without the bad field is accepted', async () => {
  const r = await t.call('POST', '/api/marketplace/purchases', { token: player.token, body: purchase({}) });
  expect(r.status).toBe(201);
  expect(r.json.data.balance).toBe(450);
});
