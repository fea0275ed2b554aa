import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, auditLedger, balanceOf, rewardsApi, type Account } from '../helpers/rewards.ts';

// a hundred requests at once on a machine busy with other suites can outlast the default 20 s
vi.setConfig({ testTimeout: 60_000 });

// The races of the rewards issue, fired at once through the whole stack (routes, services, one
// database) on SQLite and on PostgreSQL. Rate limits are off: the database must hold on its own.
let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const redeem = (p: Account, token: string, headers?: Record<string, string>) =>
  t.call('POST', '/api/marketplace/giveaways/redeem', { token: p.token, body: { token }, headers });
const buy = (p: Account, productId: string, headers?: Record<string, string>) =>
  t.call('POST', '/api/marketplace/purchases', {
    token: p.token,
    body: { productId, shippingAddress: address },
    headers,
  });
const count = <T>(items: T[], pred: (x: T) => boolean) => items.filter(pred).length;
const entriesOf = (type: string, referencePrefix: string) =>
  t.db.kysely
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('type', '=', type)
    .where('reference', 'like', `${referencePrefix}%`)
    .execute();

describe('concurrent redemptions', () => {
  test('100 concurrent redemptions of a code limited to 5 uses give exactly 5 credits entries', async () => {
    const g = await api.giveaway({ type: 'limited', maxUses: 5, credits: 7 });
    const players = await accounts(t, 100);
    const results = await Promise.all(players.map((p) => redeem(p, g.token)));

    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(count(results, (r) => r.status === 200)).toBe(5);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'GIVEAWAY_USED_UP')).toBe(95);
    expect(await entriesOf('giveaway', `giveaway:${g.id}:`)).toHaveLength(5);
    const row = await t.db.kysely
      .selectFrom('giveaways')
      .select('redemption_count')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.redemption_count)).toBe(5);
    const winners = players.filter((_, i) => results[i].status === 200);
    for (const p of players) expect(await balanceOf(t, p.id)).toBe(winners.includes(p) ? 7 : 0);
    await auditLedger(t);
  });

  test('20 concurrent redemptions of one code by the same user give one', async () => {
    const g = await api.giveaway({ type: 'infinite', credits: 15 });
    const [p] = await accounts(t, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(p, g.token)));

    expect(count(results, (r) => r.status === 200)).toBe(1);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'GIVEAWAY_ALREADY_REDEEMED')).toBe(19);
    expect(await entriesOf('giveaway', `giveaway:${g.id}:`)).toHaveLength(1);
    expect(await balanceOf(t, p.id)).toBe(15);
    await auditLedger(t);
  });

  test('20 concurrent retries with one Idempotency-Key credit once and all answer the first result', async () => {
    const g = await api.giveaway({ type: 'infinite', credits: 9 });
    const [p] = await accounts(t, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => redeem(p, g.token, { 'idempotency-key': 'redeem-retry-1' })),
    );

    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.json.data).toEqual(results[0].json.data);
    expect(count(results, (r) => r.res.headers['idempotent-replayed'] === 'true')).toBe(19);
    expect(await balanceOf(t, p.id)).toBe(9);
    await auditLedger(t);
  });
});

describe('concurrent purchases', () => {
  // and every loser's balance is unchanged
  test('50 concurrent purchases of a product with stock 3 give exactly 3 purchases and stock 0', async () => {
    const product = await api.product({ price: 100, quantity: 3 });
    const players = await accounts(t, 50);
    for (const p of players) await api.credit(p.id, 1000);
    const results = await Promise.all(players.map((p) => buy(p, product._id)));

    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(count(results, (r) => r.status === 201)).toBe(3);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'OUT_OF_STOCK')).toBe(47);
    const purchases = await t.db.kysely
      .selectFrom('purchases')
      .selectAll()
      .where('product_id', '=', product._id)
      .execute();
    expect(purchases).toHaveLength(3);
    const stock = await t.db.kysely
      .selectFrom('products')
      .select('quantity')
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantity)).toBe(0);
    const buyers = new Set(purchases.map((p) => p.user_id));
    for (const p of players) expect(await balanceOf(t, p.id)).toBe(buyers.has(p.id) ? 900 : 1000);
    expect(await entriesOf('purchase', 'purchase:')).toHaveLength(3);
    await auditLedger(t);
  });

  test('one user buying five products at once with credits for two gets two, and never goes below zero', async () => {
    const products = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api.product({ name: `Item ${i}`, price: 100, quantity: 10 })),
    );
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 250);
    const results = await Promise.all(products.map((pr) => buy(p, pr._id)));

    expect(count(results, (r) => r.status === 201)).toBe(2);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'NOT_ENOUGH_CREDITS')).toBe(3);
    expect(await balanceOf(t, p.id)).toBe(50);
    // a refused purchase gave its unit back (the whole transaction rolled back)
    const stocks = await t.db.kysely
      .selectFrom('products')
      .select('quantity')
      .where(
        'id',
        'in',
        products.map((pr) => pr._id),
      )
      .execute();
    expect(stocks.map((s) => Number(s.quantity)).sort((a, b) => a - b)).toEqual([9, 9, 10, 10, 10]);
    await auditLedger(t);
  });

  test('20 concurrent purchases of one product by the same user give one purchase and one debit', async () => {
    const product = await api.product({ price: 40, quantity: 100 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 1000);
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(p, product._id)));

    expect(count(results, (r) => r.status === 201)).toBe(1);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'ALREADY_PURCHASED')).toBe(19);
    expect(await balanceOf(t, p.id)).toBe(960);
    const stock = await t.db.kysely
      .selectFrom('products')
      .select('quantity')
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantity)).toBe(99);
    await auditLedger(t);
  });

  test('10 concurrent retries with one Idempotency-Key charge once and answer the same purchase', async () => {
    const product = await api.product({ price: 60, quantity: 5 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => buy(p, product._id, { 'idempotency-key': 'buy-once-please' })),
    );

    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => r.json.data.purchase.id));
    expect(ids.size).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(40);
    await auditLedger(t);
  });
});

describe('concurrent badge triggers', () => {
  test('20 concurrent triggers of the registration badge grant it and its reward once', async () => {
    await api.badge({ slug: 'user_registered', trigger: 'user_registered', reward: 50 });
    const [p] = await accounts(t, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/marketplace/badges/trigger/user_registered', { token: p.token, body: {} }),
      ),
    );

    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(count(results, (r) => r.json.data.awarded === true)).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(50);
    const awards = await t.db.kysely.selectFrom('user_badges').selectAll().where('user_id', '=', p.id).execute();
    expect(awards).toHaveLength(1);
    await auditLedger(t);
  });

  test('concurrent admin adjustments never take a balance below zero', async () => {
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
          token: admin.token,
          body: { amount: -30, reason: 'race' },
        }),
      ),
    );
    expect(count(results, (r) => r.status === 200)).toBe(3);
    expect(count(results, (r) => r.status === 409 && r.json.error.code === 'NOT_ENOUGH_CREDITS')).toBe(7);
    expect(await balanceOf(t, p.id)).toBe(10);
    await auditLedger(t);
  });
});
