import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';
import { prizeReference } from '../../../src/features/rewards/ledger-kind.ts';

let t: TestApp;
let admin: Account;
let p1: Account;
let p2: Account;
let p3: Account;

const DAY = 86_400_000;
const dayString = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number) => `${dayString(daysAgo)}T12:00:00.000Z`;
const overview = async (query = '') => {
  const r = await t.call('GET', `/api/marketplace/dashboard/overview${query}`, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  [p1, p2, p3] = await accounts(t, 3);
  const db = t.db.kysely;
  // p2 signed up 3 days ago (inside a 7-day period), p3 10 days ago (in the 7 days before it)
  await db
    .updateTable('users')
    .set({ created_at: at(3) })
    .where('id', '=', p2.id)
    .execute();
  await db
    .updateTable('users')
    .set({ created_at: at(10) })
    .where('id', '=', p3.id)
    .execute();

  const api = rewardsApi(t, admin.token);
  const product = await api.product({ price: 30 });
  const code = await api.giveaway({ credits: 50 });
  // credits granted by a giveaway, an admin debit and credit, a purchase
  for (const p of [p1, p2])
    expect(
      (await t.call('POST', '/api/marketplace/giveaways/redeem', { token: p.token, body: { token: code.token } }))
        .status,
    ).toBe(200);
  await api.credit(p1.id, -15, 'correction');
  await api.credit(p2.id, 5, 'goodwill');
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: p1.token,
    body: { productId: product._id, shippingAddress: address },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  // a badge p3 earned 9 days ago: its entry and the balance it left, as older data holds them
  await db
    .insertInto('wallets')
    .values({ user_id: p3.id, owner: t.config.ownerId, balance: 20, updated_at: at(9) })
    .execute();
  await db
    .insertInto('wallet_transactions')
    .values({
      id: randomUUID(),
      owner: t.config.ownerId,
      user_id: p3.id,
      amount: 20,
      type: 'badge',
      description: '',
      reference: `badge:${randomUUID()}`,
      balance_after: 20,
      created_by: null,
      created_by_name: null,
      created_at: at(9),
    })
    .execute();
});
afterAll(() => t?.close());

describe('the overview reconciles the credits', () => {
  test('earned − spent + added − taken away by admins = the sum of the balances, the admin debit counted', async () => {
    const o = await overview();
    // p1: 50 − 15 − 30 = 5; p2: 50 + 5 = 55; p3: 20
    expect(o.ledger).toEqual({
      distributed: 120,
      spent: 30,
      adjustedIn: 5,
      adjustedOut: 15,
      balances: 80,
      difference: 0,
    });
    expect(o.totalCreditsDistributed).toBe(120);
    expect(o.totalCreditsSpent).toBe(30);
  });

  test('a tournament prize counts as earned by the player, not as added by an admin', async () => {
    const fresh = await createTestApp();
    try {
      const [a] = await accounts(fresh, 1, { admin: true });
      const [p] = await accounts(fresh, 1);
      const api = rewardsApi(fresh, a.token);
      await api.credit(p.id, 10, 'goodwill');
      // a prize is booked as an admin's credit whose reference names the tournament and the player
      await fresh.db.kysely.updateTable('wallets').set({ balance: 110 }).where('user_id', '=', p.id).execute();
      await fresh.db.kysely
        .insertInto('wallet_transactions')
        .values({
          id: randomUUID(),
          owner: fresh.config.ownerId,
          user_id: p.id,
          amount: 100,
          type: 'adjustment',
          description: '',
          reference: prizeReference('tour-1', p.id),
          balance_after: 110,
          created_by: a.id,
          created_by_name: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const r = await fresh.call('GET', '/api/marketplace/dashboard/overview', { token: a.token });
      expect(r.json.data.ledger).toEqual({
        distributed: 100,
        spent: 0,
        adjustedIn: 10,
        adjustedOut: 0,
        balances: 110,
        difference: 0,
      });
      expect(r.json.data.totalCreditsDistributed).toBe(100);
    } finally {
      await fresh.close();
    }
  });

  test('an entry that no balance reflects shows as the difference', async () => {
    const fresh = await createTestApp();
    try {
      const [a] = await accounts(fresh, 1, { admin: true });
      const [p] = await accounts(fresh, 1);
      await rewardsApi(fresh, a.token).credit(p.id, 40);
      // written straight to the ledger, the wallet left as it was
      await fresh.db.kysely
        .insertInto('wallet_transactions')
        .values({
          id: randomUUID(),
          owner: fresh.config.ownerId,
          user_id: p.id,
          amount: 7,
          type: 'adjustment',
          description: '',
          reference: null,
          balance_after: 47,
          created_by: null,
          created_by_name: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const r = await fresh.call('GET', '/api/marketplace/dashboard/overview', { token: a.token });
      expect(r.json.data.ledger).toEqual({
        distributed: 0,
        spent: 0,
        adjustedIn: 47,
        adjustedOut: 0,
        balances: 40,
        difference: -7,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('the overview compares the period with the one before it', () => {
  test('?days=7: what each card counted in the last 7 days and in the 7 before', async () => {
    const o = await overview('?days=7');
    expect(o.period).toEqual({
      days: 7,
      from: dayString(6),
      previousFrom: dayString(13),
      current: {
        totalUsers: 3,
        totalProducts: 1,
        activeGiveaways: 1,
        totalPurchases: 1,
        redempionGiveaways: 2,
        totalCreditsDistributed: 100,
        totalCreditsSpent: 30,
        pendingPurchases: 1,
      },
      previous: {
        totalUsers: 1,
        totalProducts: 0,
        activeGiveaways: 0,
        totalPurchases: 0,
        redempionGiveaways: 0,
        totalCreditsDistributed: 20,
        totalCreditsSpent: 0,
        pendingPurchases: 0,
      },
    });
    // the cards' totals are all time
    expect(o).toMatchObject({ totalUsers: 4, totalPurchases: 1, pendingPurchases: 1 });
  });

  test('the period moves with ?days (30 by default), on the UTC days of the charts', async () => {
    const month = await overview();
    expect(month.period).toMatchObject({ days: 30, from: dayString(29), previousFrom: dayString(59) });
    expect(month.period.current.totalUsers).toBe(4);
    expect(month.period.previous.totalUsers).toBe(0);
    const today = await overview('?days=1');
    expect(today.period.current.totalUsers).toBe(2);
    expect(today.period.previous.totalUsers).toBe(0);
    expect(today.period.current.totalCreditsDistributed).toBe(100);
    // the charts agree: the days' credits add up to the period's
    const series = (await t.call('GET', '/api/marketplace/dashboard/timeseries?days=7', { token: admin.token })).json
      .data.days;
    expect(series.reduce((s: number, d: any) => s + d.creditsDistributed, 0)).toBe(100);
    expect(series.reduce((s: number, d: any) => s + d.creditsAdjusted, 0)).toBe(5 - 15);
  });

  test('a bad period is 400 VALIDATION_ERROR; a player gets 403', async () => {
    for (const q of ['?days=0', '?days=366', '?days=abc', '?days=2.5']) {
      const r = await t.call('GET', `/api/marketplace/dashboard/overview${q}`, { token: admin.token });
      expect(r.status, q).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await t.call('GET', '/api/marketplace/dashboard/overview?days=7', { token: p1.token })).status).toBe(403);
  });
});
