import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { demoGiveawayCodes } from '../../../src/features/rewards/server/seed.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../helpers/rewards.ts';

let t: TestApp;
let giulia: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemo(t.app);
  giulia = await t.login('giulia@demo.arena', 'demo-player-2026');
  adminToken = await t.login('admin@demo.arena', 'demo-admin-2026');
});
afterAll(() => t?.close());

// among them the registration badge with a reward of 50 and the podium badge for a top 3
test('seeds eight badges, each with a served icon', async () => {
  const r = await t.call('GET', '/api/marketplace/badges');
  expect(r.json.total).toBe(8);
  expect(r.json.data.find((b: any) => b.slug === 'podium')).toMatchObject({
    trigger: 'tournament_top_n',
    topN: 3,
    reusable: true,
  });
  expect(r.json.data.find((b: any) => b.slug === 'user_registered')).toMatchObject({
    trigger: 'user_registered',
    reward: { type: 'token', amount: 50 },
    active: true,
  });
  for (const b of r.json.data) {
    const icon = await t.inject({ method: 'GET', url: b.icon });
    expect(icon.statusCode, b.icon).toBe(200);
    expect(icon.headers['content-type']).toBe('image/webp');
  }
});

test('seeds eight products with pictures, some out of stock', async () => {
  const r = await t.call('GET', '/api/marketplace/products?limit=20');
  expect(r.json.total).toBe(8);
  expect(r.json.data.filter((p: any) => p.quantity === 0).length).toBeGreaterThanOrEqual(2);
  for (const p of r.json.data) expect((await t.inject({ method: 'GET', url: p.image })).statusCode).toBe(200);
});

test('seeds one giveaway of each type with the printed codes, and they redeem', async () => {
  const r = await t.call('GET', '/api/marketplace/giveaways', { token: adminToken });
  expect(r.json.data.map((g: any) => [g.type, g.token]).sort()).toEqual(Object.entries(demoGiveawayCodes).sort());
  const redeemed = await t.call('POST', '/api/marketplace/giveaways/redeem', {
    token: giulia,
    body: { token: demoGiveawayCodes.timed },
  });
  expect(redeemed.json.data.credits).toBe(25);
});

test('demo players start with credits, the registration badge and purchases, all on the ledger', async () => {
  const me = (await t.call('GET', '/api/users/me', { token: giulia })).json.data;
  const backpack = await t.call('GET', `/api/marketplace/backpack/${me.id}`, { token: giulia });
  // the seed pays the registration badge, and giulia's profile badge (her profile is complete); her seeded purchase
  // and tournament are paid at her first login;
  // the finalised demo tournaments she played paid her podium badges (twice: reusable), the champion's
  // (the Swiss) and the check-in badge
  expect(backpack.json.data.map((b: any) => b.badge.slug).sort()).toEqual([
    'champion',
    'checked_in',
    'first_purchase',
    'first_tournament',
    'podium',
    'podium',
    'profile_completed',
    'user_registered',
  ]);
  const again = await t.call('POST', '/api/marketplace/badges/trigger/user_registered', { token: giulia, body: {} });
  expect(again.json.data.awarded).toBe(false);
  const purchases = await t.call('GET', '/api/marketplace/purchases', { token: adminToken });
  expect(purchases.json.total).toBe(3);
  expect(purchases.json.data.some((p: any) => p.fulfilled)).toBe(true);
  for (const name of ['giulia', 'alex']) {
    const wallets = await t.call('GET', `/api/marketplace/wallets?search=${name}@demo.arena`, { token: adminToken });
    expect(wallets.json.data).toEqual([expect.objectContaining({ username: name, balance: expect.any(Number) })]);
    expect(wallets.json.data[0].balance).toBeGreaterThan(0);
  }
  const overview = await t.call('GET', '/api/marketplace/dashboard/overview', { token: adminToken });
  expect(overview.json.data).toMatchObject({ totalProducts: 8, activeGiveaways: 3, totalPurchases: 3 });
  await auditLedger(t);
});

test("giulia's profile holds the address her demo order ships to", async () => {
  const me = (await t.call('GET', '/api/users/me', { token: giulia })).json.data;
  const address = {
    first_name: 'Giulia',
    last_name: 'Rossi',
    street_name: 'Via Roma 1',
    additional_address_info: '',
    zip_code: '20121',
    city: 'Milano',
    country: 'Italy',
    phone_number: '+39 333 123 4567',
  };
  expect(me).toMatchObject({ ...address, discordId: expect.stringMatching(/./), epicId: expect.stringMatching(/./) });
  const orders = await t.call('GET', `/api/marketplace/purchases/user/${me.id}`, { token: giulia });
  expect(orders.status, JSON.stringify(orders.json)).toBe(200);
  expect(orders.json.data).toHaveLength(1);
  expect(orders.json.data[0].shippingAddress).toEqual(address);
});
