import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';

/**
 * A player's orders, as /my-orders reads them: GET
 * /marketplace/purchases/user/{me}, newest first, paged by limit and offset, with the shipping
 * state the admin sets; nobody else's.
 */
let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

test('a player pages through their own orders, newest first, and sees one shipped once the admin marks it', async () => {
  const [player, other] = await accounts(t, 2);
  await api.credit(player.id, 300);
  await api.credit(other.id, 300);
  const ids: string[] = [];
  for (const [i, name] of ['Cap', 'Mug', 'Scarf'].entries()) {
    const product = await api.product({ name, price: 10, quantity: 5 });
    const res = await t.call('POST', '/api/marketplace/purchases', {
      token: player.token,
      body: { productId: product._id, shippingAddress: address },
    });
    expect(res.status).toBe(201);
    ids.push(res.json.data.purchase.id);
    // distinct instants, so "newest first" has one answer
    await t.db.kysely
      .updateTable('purchases')
      .set({ created_at: `2026-01-0${i + 1}T10:00:00.000Z` })
      .where('id', '=', res.json.data.purchase.id)
      .execute();
  }
  const othersProduct = await api.product({ name: 'Not mine', price: 10, quantity: 5 });
  expect(
    (
      await t.call('POST', '/api/marketplace/purchases', {
        token: other.token,
        body: { productId: othersProduct._id, shippingAddress: address },
      })
    ).status,
  ).toBe(201);

  const first = await t.call('GET', `/api/marketplace/purchases/user/${player.id}?limit=2&offset=0`, {
    token: player.token,
  });
  expect(first.status).toBe(200);
  expect(first.json.total).toBe(3);
  expect(first.json.data.map((p: any) => p.productName)).toEqual(['Scarf', 'Mug']);
  const second = await t.call('GET', `/api/marketplace/purchases/user/${player.id}?limit=2&offset=2`, {
    token: player.token,
  });
  expect(second.json.data.map((p: any) => [p.productName, p.userId, p.fulfilled])).toEqual([['Cap', player.id, false]]);

  const shipped = await t.call('PATCH', `/api/marketplace/purchases/${ids[0]}/fulfill`, { token: admin.token });
  expect(shipped.status).toBe(200);
  const after = await t.call('GET', `/api/marketplace/purchases/user/${player.id}?limit=2&offset=2`, {
    token: player.token,
  });
  expect(after.json.data[0]).toMatchObject({ productName: 'Cap', fulfilled: true, fulfilledAt: expect.any(String) });

  // another player's orders are refused, with a stable code; a bad page is a 400, not a 500
  const theirs = await t.call('GET', `/api/marketplace/purchases/user/${other.id}`, { token: player.token });
  expect(theirs.status).toBe(403);
  expect(theirs.json.error.code).toEqual(expect.any(String));
  const badPage = await t.call('GET', `/api/marketplace/purchases/user/${player.id}?offset=-1`, {
    token: player.token,
  });
  expect(badPage.status).toBe(400);
  const anonymous = await t.call('GET', `/api/marketplace/purchases/user/${player.id}`);
  expect(anonymous.status).toBe(401);
});
