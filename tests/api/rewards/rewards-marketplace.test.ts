import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, auditLedger, balanceOf, IMAGE, rewardsApi, type Account } from '../helpers/rewards.ts';

let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const buy = (p: Account, body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call('POST', '/api/marketplace/purchases', {
    token: p.token,
    body: { shippingAddress: address, ...body },
    headers,
  });

describe('products', () => {
  test('an admin creates, reads, edits and deletes a product; the brand defaults to the deployment brand', async () => {
    const created = await api.product({ name: 'Cuffie', description: 'Over-ear', price: 250, quantity: 4, brand: '' });
    expect(created).toMatchObject({
      name: 'Cuffie',
      description: 'Over-ear',
      price: 250,
      quantity: 4,
      brand: t.config.brandSlug,
      image: IMAGE,
      owner: t.config.ownerId,
    });
    expect(created._id).toEqual(expect.any(String));
    const read = await t.call('GET', `/api/marketplace/products/${created._id}`);
    expect(read.json.data).toEqual(created);
    const edited = await t.call('PUT', `/api/marketplace/products/${created._id}`, {
      token: admin.token,
      body: { price: 199, brand: 'Nexus' },
    });
    expect(edited.json.data).toMatchObject({ name: 'Cuffie', price: 199, quantity: 4, brand: 'Nexus' });
    const del = await t.call('DELETE', `/api/marketplace/products/${created._id}`, { token: admin.token });
    expect(del.json.data).toEqual({ _id: created._id, deleted: true });
    for (const [method, url, token] of [
      ['GET', `/api/marketplace/products/${created._id}`, undefined],
      ['PUT', `/api/marketplace/products/${created._id}`, admin.token],
      ['DELETE', `/api/marketplace/products/${created._id}`, admin.token],
    ] as const) {
      const r = await t.call(method, url, { token, body: method === 'PUT' ? { price: 1 } : undefined });
      expect([r.status, r.json.error.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    }
  });

  test('a sold-out product is edited without restocking it; a new product still needs a unit', async () => {
    const p = await api.product({ name: 'Tazza', price: 80, quantity: 1 });
    const buyer = (await accounts(t, 1))[0];
    await t.call('POST', `/api/marketplace/wallets/${buyer.id}/adjust`, {
      token: admin.token,
      body: { amount: 100, reason: 'test' },
    });
    expect((await buy(buyer, { productId: p._id })).status).toBe(201);
    // the editor sends the whole form back, the stock of 0 included
    const edited = await t.call('PUT', `/api/marketplace/products/${p._id}`, {
      token: admin.token,
      body: { name: 'Tazza', price: 95, quantity: 0, image: IMAGE },
    });
    expect([edited.status, edited.json.data.price, edited.json.data.quantity]).toEqual([200, 95, 0]);
    const negative = await t.call('PUT', `/api/marketplace/products/${p._id}`, {
      token: admin.token,
      body: { quantity: -1 },
    });
    expect([negative.status, negative.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const created = await t.call('POST', '/api/marketplace/products', {
      token: admin.token,
      body: { name: 'Vuoto', price: 10, quantity: 0, image: IMAGE },
    });
    expect([created.status, created.json.error.issues[0].path]).toEqual([400, 'body.quantity']);
  });

  test('the public list pages by limit and 1-based page and filters by name, price and availability', async () => {
    const local = await createTestApp();
    try {
      const [a] = await accounts(local, 1, { admin: true });
      const la = rewardsApi(local, a.token);
      await la.product({ name: 'Felpa rossa', price: 300, quantity: 2 });
      await la.product({ name: 'Tazza', description: 'una FELPA disegnata', price: 50, quantity: 1 });
      const mug = await la.product({ name: 'Cappello', price: 120, quantity: 1 });
      await local.db.kysely.updateTable('products').set({ quantity: 0 }).where('id', '=', mug._id).execute();
      const gone = await la.product({ name: 'Felpa vecchia' });
      await local.call('DELETE', `/api/marketplace/products/${gone._id}`, { token: a.token });

      const all = await local.call('GET', `/api/marketplace/products?owner=${local.config.ownerId}`);
      expect(all.json.total).toBe(3);
      expect(all.json.data.map((p: any) => p.name)).toEqual(['Cappello', 'Tazza', 'Felpa rossa']);
      const page2 = await local.call('GET', '/api/marketplace/products?limit=2&page=2');
      expect(page2.json.data.map((p: any) => p.name)).toEqual(['Felpa rossa']);
      expect(page2.json.total).toBe(3);
      expect((await local.call('GET', '/api/marketplace/products?name=felpa')).json.total).toBe(2);
      expect(
        (await local.call('GET', '/api/marketplace/products?minPrice=100&maxPrice=200')).json.data.map(
          (p: any) => p.name,
        ),
      ).toEqual(['Cappello']);
      // a minimum above the maximum is said, not silently swapped
      const inverted = await local.call('GET', '/api/marketplace/products?minPrice=200&maxPrice=100');
      expect(inverted.status).toBe(400);
      expect(inverted.json.error.code).toBe('PRICE_RANGE_INVERTED');
      expect((await local.call('GET', '/api/marketplace/products?minPrice=150&maxPrice=150')).status).toBe(200);
      expect(
        (await local.call('GET', '/api/marketplace/products?availability=out_of_stock')).json.data.map(
          (p: any) => p.name,
        ),
      ).toEqual(['Cappello']);
      expect((await local.call('GET', '/api/marketplace/products?availability=available')).json.total).toBe(2);
      expect((await local.call('GET', '/api/marketplace/products?name=100%25')).json.total).toBe(0);
      const other = await local.call('GET', '/api/marketplace/products?owner=another-brand');
      expect([other.status, other.json.error.code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await local.close();
    }
  });
});

describe('purchases', () => {
  // the name, the price and the address are copied
  test('charges the price from the database, takes one unit and copies the details onto the purchase', async () => {
    const product = await api.product({ name: 'Mousepad', price: 150, quantity: 2 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 400);
    const r = await buy(p, {
      productId: product._id,
      userId: p.id,
      username: p.username,
      brand: 'x',
      owner: t.config.ownerId,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const { purchase, balance } = r.json.data;
    expect(balance).toBe(250);
    expect(purchase).toMatchObject({
      userId: p.id,
      username: p.username,
      productId: product._id,
      productName: 'Mousepad',
      productImage: IMAGE,
      product: { _id: product._id, name: 'Mousepad', deleted: false },
      price: 150,
      fulfilled: false,
      fulfilledAt: null,
      shippingAddress: address,
    });
    expect((await t.call('GET', `/api/marketplace/products/${product._id}`)).json.data.quantity).toBe(1);
    const history = await t.call('GET', `/api/marketplace/transactions/${p.id}`, { token: p.token });
    expect(history.json.data[0]).toMatchObject({
      amount: -150,
      type: 'purchase',
      description: 'Mousepad',
      reference: `purchase:${purchase.id}`,
      balanceAfter: 250,
    });

    // later edits change neither what was bought nor where it ships
    await t.call('PUT', `/api/marketplace/products/${product._id}`, {
      token: admin.token,
      body: { name: 'Mousepad XL', price: 999 },
    });
    await t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body: { city: 'Roma' } });
    const mine = await t.call('GET', `/api/marketplace/purchases/user/${p.id}`, { token: p.token });
    expect(mine.json.data[0]).toMatchObject({
      productName: 'Mousepad',
      price: 150,
      product: { name: 'Mousepad XL' },
      shippingAddress: { city: 'Milano' },
    });
    await auditLedger(t);
  });

  test('refuses a second purchase, missing credits and an empty stock, leaving the balance as it was', async () => {
    const product = await api.product({ price: 100, quantity: 1 });
    const [rich, poor, late] = await accounts(t, 3);
    await api.credit(rich.id, 300);
    await api.credit(poor.id, 99);
    await api.credit(late.id, 300);
    const noCredits = await buy(poor, { productId: product._id });
    expect([noCredits.status, noCredits.json.error.code]).toEqual([409, 'NOT_ENOUGH_CREDITS']);
    expect((await t.call('GET', `/api/marketplace/products/${product._id}`)).json.data.quantity).toBe(1);
    expect((await buy(rich, { productId: product._id })).status).toBe(201);
    const again = await buy(rich, { productId: product._id });
    expect([again.status, again.json.error.code]).toEqual([409, 'ALREADY_PURCHASED']);
    const soldOut = await buy(late, { productId: product._id });
    expect([soldOut.status, soldOut.json.error.code]).toEqual([409, 'OUT_OF_STOCK']);
    const unknown = await buy(late, { productId: 'no-such-product' });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect([await balanceOf(t, rich.id), await balanceOf(t, poor.id), await balanceOf(t, late.id)]).toEqual([
      200, 99, 300,
    ]);
    await auditLedger(t);
  });

  // it ships to the address saved on the profile
  test('the original client: the price it showed is charged, and nothing when that price is stale', async () => {
    const product = await api.product({ name: 'Borraccia', price: 120, quantity: 3 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 500);
    const specBody = {
      userId: p.id,
      username: p.username,
      productId: product._id,
      price: 120,
      brand: 'Nexus',
      owner: t.config.ownerId,
    };
    const post = (body: Record<string, unknown>) =>
      t.call('POST', '/api/marketplace/purchases', { token: p.token, body });

    // no address in the body and none on the profile (signup sets only the country): a clear 400 naming the fields
    const none = await post(specBody);
    expect([none.status, none.json.error.code]).toEqual([400, 'SHIPPING_ADDRESS_MISSING']);
    expect(none.json.error.issues.map((i: any) => i.path)).toEqual(
      ['first_name', 'last_name', 'street_name', 'zip_code', 'city', 'phone_number'].map(
        (f) => `body.shippingAddress.${f}`,
      ),
    );
    // a half-filled profile names only what is missing
    expect(
      (
        await t.call('PUT', `/api/users/pp/${p.id}`, {
          token: p.token,
          body: { first_name: 'Anna', last_name: 'Verdi', city: 'Bari' },
        })
      ).status,
    ).toBe(200);
    const half = await post(specBody);
    expect(half.json.error.issues.map((i: any) => i.path)).toEqual(
      ['street_name', 'zip_code', 'phone_number'].map((f) => `body.shippingAddress.${f}`),
    );
    // a profile whose Italian CAP lost its leading zero is named as such, not as missing
    await t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body: { zip_code: '7012', country: 'Italia' } });
    const short = await post(specBody);
    expect(short.json.error.issues).toContainEqual({
      path: 'body.shippingAddress.zip_code',
      message: 'ZIP_CODE_INVALID',
    });

    // the original client saves the address on the user first, then posts with no address
    const saved = {
      street_name: 'Via Sparano 5',
      additional_address_info: '',
      zip_code: '70121',
      country: 'Italia',
      phone_number: '+39 080 123456',
    };
    expect((await t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body: saved })).status).toBe(200);

    // the price changed after the page showed it: 409, no unit taken, no credit charged
    await t.call('PUT', `/api/marketplace/products/${product._id}`, { token: admin.token, body: { price: 150 } });
    const stale = await post(specBody);
    expect([stale.status, stale.json.error.code]).toEqual([409, 'PRICE_CHANGED']);
    expect(await balanceOf(t, p.id)).toBe(500);
    expect((await t.call('GET', `/api/marketplace/products/${product._id}`)).json.data.quantity).toBe(3);
    expect((await t.call('GET', `/api/marketplace/purchases/user/${p.id}`, { token: p.token })).json.total).toBe(0);

    // with the price it now shows, the purchase goes through and ships to the profile's address
    const bought = await post({ ...specBody, price: 150 });
    expect(bought.status).toBe(201);
    expect(bought.json.data.balance).toBe(350);
    expect(bought.json.data.purchase).toMatchObject({
      price: 150,
      shippingAddress: {
        first_name: 'Anna',
        last_name: 'Verdi',
        street_name: 'Via Sparano 5',
        additional_address_info: '',
        zip_code: '70121',
        city: 'Bari',
        country: 'Italia',
        phone_number: '+39 080 123456',
      },
    });
    // an address sent in the body still wins over the profile's
    const other = await api.product({ name: 'Portachiavi', price: 10, quantity: 1 });
    const sent = await buy(p, { productId: other._id, price: 10 });
    expect(sent.json.data.purchase.shippingAddress.city).toBe('Milano');
    await auditLedger(t);
  });

  test('a free product is bought without a ledger entry', async () => {
    const product = await api.product({ price: 0, quantity: 1 });
    const [p] = await accounts(t, 1);
    const r = await buy(p, { productId: product._id });
    expect(r.status).toBe(201);
    expect(r.json.data.balance).toBe(0);
    expect((await t.call('GET', `/api/marketplace/transactions/${p.id}`, { token: p.token })).json.total).toBe(0);
  });

  test('an Idempotency-Key retry answers the first purchase; the key for another product is a conflict', async () => {
    const [one, two] = [await api.product({ price: 10 }), await api.product({ price: 10 })];
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 100);
    const first = await buy(p, { productId: one._id }, { 'idempotency-key': 'order-1' });
    const retry = await buy(p, { productId: one._id }, { 'idempotency-key': 'order-1' });
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    const conflict = await buy(p, { productId: two._id }, { 'idempotency-key': 'order-1' });
    expect([conflict.status, conflict.json.error.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await balanceOf(t, p.id)).toBe(90);
  });

  test('deleting a product keeps its purchases readable, for the buyer and for the admin', async () => {
    const product = await api.product({ name: 'Maglia', price: 10 });
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 10);
    const bought = (await buy(p, { productId: product._id })).json.data.purchase;
    await t.call('DELETE', `/api/marketplace/products/${product._id}`, { token: admin.token });
    const mine = await t.call('GET', `/api/marketplace/purchases/user/${p.id}`, { token: p.token });
    expect(mine.json.data).toHaveLength(1);
    expect(mine.json.data[0]).toMatchObject({ id: bought.id, productName: 'Maglia', product: { deleted: true } });
    const all = await t.call('GET', `/api/marketplace/purchases?search=${p.username}`, { token: admin.token });
    expect(all.json.data.map((x: any) => x.id)).toEqual([bought.id]);
    const again = await buy(p, { productId: product._id });
    expect(again.json.error.code).toBe('PRODUCT_NOT_FOUND');
  });

  test('an admin lists, filters and fulfils purchases; fulfilling twice keeps the first', async () => {
    const product = await api.product({ name: 'Cappellino', price: 5, quantity: 10 });
    const buyers = await accounts(t, 2);
    for (const b of buyers) {
      await api.credit(b.id, 5);
      await buy(b, { productId: product._id });
    }
    const list = await t.call('GET', '/api/marketplace/purchases?search=cappellino&limit=1', { token: admin.token });
    expect(list.json.total).toBe(2);
    expect(list.json.data).toHaveLength(1);
    const id = list.json.data[0].id;
    const done = await t.call('PATCH', `/api/marketplace/purchases/${id}/fulfill`, { token: admin.token });
    expect(done.json.data).toMatchObject({ id, fulfilled: true, fulfilledBy: admin.id });
    const twice = await t.call('PATCH', `/api/marketplace/purchases/${id}/fulfill`, { token: admin.token });
    expect(twice.json.data.fulfilledAt).toBe(done.json.data.fulfilledAt);
    const pending = await t.call('GET', '/api/marketplace/purchases?search=cappellino&fulfilled=false', {
      token: admin.token,
    });
    expect(pending.json.total).toBe(1);
    const missing = await t.call('PATCH', '/api/marketplace/purchases/nope/fulfill', { token: admin.token });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'PURCHASE_NOT_FOUND']);
  });

  // taking it back twice changes nothing
  test('a fulfilment marked by mistake is taken back, audited; a player cannot take it back', async () => {
    const product = await api.product({ name: 'Borraccia', price: 5, quantity: 10 });
    const [buyer] = await accounts(t, 1);
    await api.credit(buyer.id, 5);
    const id = (await buy(buyer, { productId: product._id })).json.data.purchase.id as string;
    expect(
      (await t.call('PATCH', `/api/marketplace/purchases/${id}/fulfill`, { token: admin.token })).json.data.fulfilled,
    ).toBe(true);

    const back = await t.call('PATCH', `/api/marketplace/purchases/${id}/unfulfill`, { token: admin.token });
    expect([back.status, back.json.data]).toEqual([
      200,
      expect.objectContaining({ id, fulfilled: false, fulfilledAt: null, fulfilledBy: null }),
    ]);
    const again = await t.call('PATCH', `/api/marketplace/purchases/${id}/unfulfill`, { token: admin.token });
    expect(again.json.data).toMatchObject({ id, fulfilled: false, fulfilledAt: null });
    // the buyer sees it waiting again
    const mine = await t.call('GET', `/api/marketplace/purchases/user/${buyer.id}`, { token: buyer.token });
    expect(mine.json.data.find((p: { id: string }) => p.id === id)).toMatchObject({ fulfilled: false });

    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'purchase.fulfill',
      'purchase.unfulfill',
      'purchase.unfulfill',
    ]);
    expect(new Set(actions.map((a) => a.actor_id))).toEqual(new Set([admin.id]));

    const player = await t.call('PATCH', `/api/marketplace/purchases/${id}/unfulfill`, { token: buyer.token });
    expect(player.status).toBe(403);
    const missing = await t.call('PATCH', `/api/marketplace/purchases/${product._id}/unfulfill`, {
      token: admin.token,
    });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'PURCHASE_NOT_FOUND']);
  });
});

describe('dashboard overview', () => {
  test('counts users, products, giveaways, purchases, redemptions and credits', async () => {
    const local = await createTestApp({ rateLimits: false });
    try {
      const [a, p, q] = [...(await accounts(local, 1, { admin: true })), ...(await accounts(local, 2))];
      const la = rewardsApi(local, a.token);
      const product = await la.product({ price: 30 });
      await la.product();
      const infinite = await la.giveaway({ credits: 20 });
      const limited = await la.giveaway({ type: 'limited', maxUses: 1, credits: 5 });
      // a code cannot be created expired: this one expires after its creation
      const expired = await la.giveaway({ type: 'timed', expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await local.db.kysely
        .updateTable('giveaways')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expired.id)
        .execute();
      for (const u of [p, q])
        await local.call('POST', '/api/marketplace/giveaways/redeem', {
          token: u.token,
          body: { token: infinite.token },
        });
      await local.call('POST', '/api/marketplace/giveaways/redeem', { token: p.token, body: { token: limited.token } });
      await la.credit(q.id, 100);
      await la.credit(q.id, -10);
      await local.call('POST', '/api/marketplace/purchases', {
        token: q.token,
        body: { productId: product._id, shippingAddress: address },
      });

      const r = await local.call('GET', '/api/marketplace/dashboard/overview', { token: a.token });
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({
        totalUsers: 3,
        totalProducts: 2,
        activeGiveaways: 1,
        totalPurchases: 1,
        redempionGiveaways: 3,
        // earned credits: the codes; the admin's +100 and -10 are adjustments
        totalCreditsDistributed: 20 + 20 + 5,
        totalCreditsSpent: 30,
        pendingPurchases: 1,
        ledger: {
          distributed: 45,
          spent: 30,
          adjustedIn: 100,
          adjustedOut: 10,
          balances: 45 - 30 + 100 - 10,
          difference: 0,
        },
      });
    } finally {
      await local.close();
    }
  });
});
