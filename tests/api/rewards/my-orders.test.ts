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

test('a player pages through their orders, newest first, and sees one shipped once the admin marks it', async () => {
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

test('an order has its number, its address with the phone, and the product in both languages as bought', async () => {
  const [player] = await accounts(t, 1);
  await api.credit(player.id, 100);
  const cap = await api.product({
    name: 'Cappellino snapback',
    price: 10,
    translations: { en: { name: 'Snapback cap' } },
  });
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: player.token,
    body: { productId: cap._id, shippingAddress: { ...address, zip_code: '00100', city: 'Roma' } },
  });
  expect(bought.status).toBe(201);
  const { purchase } = bought.json.data;
  // the day it was bought and six digits: short enough to say on the phone
  expect(purchase.orderNumber).toBe(
    `${purchase.createdAt.slice(2, 10).replaceAll('-', '')}-${purchase.id.slice(0, 6).toUpperCase()}`,
  );
  // the shop finds the order by the number the player reads out
  const found = await t.call('GET', `/api/marketplace/purchases?search=${encodeURIComponent(purchase.orderNumber)}`, {
    token: admin.token,
  });
  expect(found.json.data.map((p: any) => p.id)).toEqual([purchase.id]);
  // renamed later: the order keeps the names it was bought with
  await t.call('PUT', `/api/marketplace/products/${cap._id}`, {
    token: admin.token,
    body: { name: 'Cappello', translations: { en: { name: 'Hat' } } },
  });
  const read = (language: string) =>
    t.call('GET', `/api/marketplace/purchases/user/${player.id}`, {
      token: player.token,
      headers: { 'accept-language': language },
    });
  const en = (await read('en-GB')).json.data[0];
  expect(en).toMatchObject({
    orderNumber: purchase.orderNumber,
    productName: 'Snapback cap',
    translations: { it: { productName: 'Cappellino snapback' }, en: { productName: 'Snapback cap' } },
    shippingAddress: { zip_code: '00100', city: 'Roma', phone_number: '+39 333 123 4567' },
  });
  expect((await read('it')).json.data[0].productName).toBe('Cappellino snapback');
  // an order placed before phones and English names were kept reads with an empty phone and the Italian name
  await t.db.kysely
    .updateTable('purchases')
    .set({ ship_phone_number: '', product_name_en: '' })
    .where('id', '=', purchase.id)
    .execute();
  expect((await read('en')).json.data[0]).toMatchObject({
    productName: 'Cappellino snapback',
    shippingAddress: { phone_number: '' },
  });
});

test('an Italian address needs a 5-digit CAP, every order a phone; other countries keep their postcode', async () => {
  const [player] = await accounts(t, 1);
  const product = await api.product({ name: 'Adesivo', price: 0, quantity: 5 });
  const buy = (shippingAddress: Record<string, unknown>) =>
    t.call('POST', '/api/marketplace/purchases', {
      token: player.token,
      body: { productId: product._id, shippingAddress },
    });
  for (const [fields, field, message] of [
    [{ zip_code: '2012' }, 'zip_code', 'ZIP_CODE_INVALID'],
    [{ zip_code: '201210', country: 'Italy' }, 'zip_code', 'ZIP_CODE_INVALID'],
    [{ zip_code: '20I21', country: 'IT' }, 'zip_code', 'ZIP_CODE_INVALID'],
    [{ phone_number: '' }, 'phone_number', undefined],
    [{ phone_number: '12-34' }, 'phone_number', 'PHONE_INVALID'],
    [{ phone_number: '+39 12' }, 'phone_number', 'PHONE_INVALID'],
  ] as const) {
    const res = await buy({ ...address, ...fields });
    expect([res.status, res.json.error.code], JSON.stringify(fields)).toEqual([400, 'VALIDATION_ERROR']);
    const issue = res.json.error.issues.find((i: any) => i.path === `body.shippingAddress.${field}`);
    expect(issue, JSON.stringify(res.json.error.issues)).toBeTruthy();
    if (message) expect(issue.message).toBe(message);
  }
  const swiss = await buy({
    ...address,
    zip_code: '8001',
    city: 'Zürich',
    country: 'Svizzera',
    phone_number: '+41 44 123 45 67',
  });
  expect(swiss.status, JSON.stringify(swiss.json)).toBe(201);
});
