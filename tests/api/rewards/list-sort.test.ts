import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withClockStopped } from '../helpers/clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';

// each test app has its own database, so every list below holds exactly what the test made
let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const list = async (path: string) => {
  const r = await t.call('GET', path, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { data: any[]; total: number };
};

describe('the dashboard lists sort on the server (?sort=key, ?sort=-key), the same on every engine', () => {
  // the name sort: case and accents aside from the engine
  test('products: by name, price and quantity; newest first by default; pages never overlap', async () => {
    const made = [];
    for (const [name, price, quantity] of [
      ['banana', 30, 1],
      ['Albicocca', 10, 3],
      ['ciliegia', 20, 2],
      ['Dattero', 20, 5],
    ] as const)
      made.push(await api.product({ name, price, quantity }));
    const names = async (q: string) => (await list(`/api/marketplace/products?${q}`)).data.map((p) => p.name);
    expect(await names('')).toEqual(['Dattero', 'ciliegia', 'Albicocca', 'banana']);
    expect(await names('sort=newest')).toEqual(['Dattero', 'ciliegia', 'Albicocca', 'banana']);
    expect(await names('sort=name')).toEqual(['Albicocca', 'banana', 'ciliegia', 'Dattero']);
    expect(await names('sort=-name')).toEqual(['Dattero', 'ciliegia', 'banana', 'Albicocca']);
    expect(await names('sort=quantity')).toEqual(['banana', 'ciliegia', 'Albicocca', 'Dattero']);
    // equal prices fall back to the id, so two pages of one row each hold both of them
    const cheapest = await names('sort=price');
    expect(cheapest[0]).toBe('Albicocca');
    expect(cheapest[3]).toBe('banana');
    const pages = [...(await names('sort=price&limit=1&page=2')), ...(await names('sort=price&limit=1&page=3'))];
    expect(pages.sort()).toEqual(['Dattero', 'ciliegia']);
    // the sort applies to the search's matches
    expect(await names('sort=-price&name=i')).toEqual(['ciliegia', 'Albicocca']);
  });

  test('giveaways by code and credits, wallets by user and balance, purchases by price and date', async () => {
    await api.giveaway({ token: 'ZETA_0001', credits: 5 });
    await api.giveaway({ token: 'ALFA_0002', credits: 50 });
    const codes = async (q: string) => (await list(`/api/marketplace/giveaways?${q}`)).data.map((g) => g.token);
    expect(await codes('sort=code')).toEqual(['ALFA_0002', 'ZETA_0001']);
    expect(await codes('sort=-credits')).toEqual(['ALFA_0002', 'ZETA_0001']);
    expect(await codes('sort=credits')).toEqual(['ZETA_0001', 'ALFA_0002']);

    const [rich, poor] = await accounts(t, 2);
    await api.credit(rich!.id, 900);
    await api.credit(poor!.id, 100);
    const balances = (await list('/api/marketplace/wallets?sort=-balance&limit=2')).data.map((w) => [
      w.userId,
      w.balance,
    ]);
    expect(balances).toEqual([
      [rich!.id, 900],
      [poor!.id, 100],
    ]);
    const users = (await list('/api/marketplace/wallets?sort=user&limit=100')).data.map((w) =>
      w.username.toLowerCase(),
    );
    expect(users).toEqual([...users].sort());

    const cheap = await api.product({ name: 'Spilla', price: 10, quantity: 5 });
    const dear = await api.product({ name: 'Zaino', price: 400, quantity: 5 });
    // the clock stands still: both purchases are made in the same millisecond and still list in the order made
    await withClockStopped(async () => {
      for (const productId of [dear._id, cheap._id])
        expect(
          (
            await t.call('POST', '/api/marketplace/purchases', {
              token: rich!.token,
              body: { shippingAddress: address, productId },
            })
          ).status,
        ).toBe(201);
    });
    const byPrice = (await list('/api/marketplace/purchases?sort=price')).data.map((p) => p.productName);
    expect(byPrice).toEqual(['Spilla', 'Zaino']);
    expect((await list('/api/marketplace/purchases?sort=date')).data.map((p) => p.productName)).toEqual([
      'Zaino',
      'Spilla',
    ]);
    expect((await list('/api/marketplace/purchases')).data.map((p) => p.productName)).toEqual(['Spilla', 'Zaino']);
  });

  test('an unknown sort is a 400 VALIDATION_ERROR, never a 500', async () => {
    for (const path of [
      '/api/marketplace/products?sort=owner',
      '/api/marketplace/giveaways?sort=-token',
      '/api/marketplace/wallets?sort=email',
      '/api/marketplace/purchases?sort=%27%3B',
      '/api/marketplace/products?sort=',
    ]) {
      const r = await t.call('GET', path, { token: admin.token });
      expect([path, r.status, r.json.error?.code]).toEqual([path, 400, 'VALIDATION_ERROR']);
    }
  });
});

test('products and codes made in one millisecond still list newest first, as they were made', async () => {
  // the clock stands still: every row below is made in the same millisecond
  await withClockStopped(async () => {
    const names = ['Uno', 'Due', 'Tre', 'Quattro', 'Cinque'];
    for (const name of names) await api.product({ name, price: 1, quantity: 1 });
    const tokens = ['SAME_MS_1', 'SAME_MS_2', 'SAME_MS_3', 'SAME_MS_4', 'SAME_MS_5'];
    for (const token of tokens) await api.giveaway({ token, credits: 1 });
    const products = (await list('/api/marketplace/products?limit=50')).data
      .map((p) => p.name)
      .filter((n) => names.includes(n));
    expect(products).toEqual([...names].reverse());
    const codes = (await list('/api/marketplace/giveaways?limit=50')).data
      .map((g) => g.token)
      .filter((c) => tokens.includes(c));
    expect(codes).toEqual([...tokens].reverse());
  });
});

test('badges made in one millisecond still list oldest first, as they were made, not by name', async () => {
  const names = ['Zeta', 'Ypsilon', 'Omega', 'Delta', 'Alfa'];
  const slugs = names.map((n) => `same_ms_${n.toLowerCase()}`);
  // the clock stands still: every badge below is made in the same millisecond
  await withClockStopped(async () => {
    for (const [i, name] of names.entries()) {
      const r = await t.call('POST', '/api/marketplace/badges', {
        token: admin.token,
        body: { slug: slugs[i], name, description: name, trigger: 'user_registered' },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
  });
  const badges = (await list('/api/marketplace/badges')).data.map((b) => b.name).filter((n) => names.includes(n));
  expect(badges).toEqual(names);
});
