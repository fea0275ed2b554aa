import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';

// each test app has its own database: the files below hold exactly what the tests made
let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
let buyers: Account[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
  buyers = await accounts(t, 2);
  await api.credit(buyers[0]!.id, 1000, '=HYPERLINK("http://evil.test","click")');
  await api.credit(buyers[1]!.id, 500);
  const cheap = await api.product({ name: 'Spilla, "rara"', price: 10, quantity: 5 });
  const dear = await api.product({ name: 'Zaino', price: 400, quantity: 5 });
  const buy = async (buyer: Account, productId: string) =>
    expect(
      (
        await t.call('POST', '/api/marketplace/purchases', {
          token: buyer.token,
          body: { shippingAddress: address, productId },
        })
      ).status,
    ).toBe(201);
  await buy(buyers[0]!, dear._id);
  await buy(buyers[0]!, cheap._id);
  await buy(buyers[1]!, cheap._id);
  // purchases may share a millisecond: dates set apart make the expected order certain
  const dates = [
    [buyers[0]!.id, dear._id, '2026-01-01T10:00:00.000Z'],
    [buyers[0]!.id, cheap._id, '2026-01-02T10:00:00.000Z'],
    [buyers[1]!.id, cheap._id, '2026-01-03T10:00:00.000Z'],
  ];
  for (const [user, product, at] of dates)
    await t.db.kysely
      .updateTable('purchases')
      .set({ created_at: at })
      .where('user_id', '=', user)
      .where('product_id', '=', product)
      .execute();
  const first = await t.call('GET', `/api/marketplace/purchases?search=${buyers[1]!.username}`, { token: admin.token });
  expect(
    (await t.call('PATCH', `/api/marketplace/purchases/${first.json.data[0].id}/fulfill`, { token: admin.token }))
      .status,
  ).toBe(200);
});
afterAll(() => t?.close());

/** A CSV file read back: quoted cells with commas, doubled quotes and line breaks, as a spreadsheet reads them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n')) cell += c;
    else {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  return rows;
}

/** The export at `path` as the admin: status 200, a CSV attachment; its records keyed by the header. */
async function exported(path: string, name: string) {
  const r = await t.call('GET', path, { token: admin.token });
  expect(r.status, r.res.body).toBe(200);
  expect(r.res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  expect(r.res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(r.res.headers['x-export-truncated']).toBe('false');
  expect(r.res.body.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = parseCsv(r.res.body.slice(1));
  return { header: header!, records: lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]]))) };
}

describe('CSV exports of the purchases and the wallets (admin), in the list filter and order', () => {
  test('only an admin exports: 401 without a token, 403 for a player', async () => {
    for (const path of ['/api/marketplace/purchases/export', '/api/marketplace/wallets/export']) {
      expect((await t.call('GET', path)).status).toBe(401);
      const player = await t.call('GET', path, { token: buyers[0]!.token });
      expect([player.status, player.json.error?.code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  // the search and the fulfilled filter are honoured
  test('purchases: the header, then one row per purchase in the list order', async () => {
    const all = await exported('/api/marketplace/purchases/export', 'purchases');
    expect(all.header).toEqual([
      'id',
      'orderNumber',
      'createdAt',
      'username',
      'email',
      'product',
      'brand',
      'price',
      'fulfilled',
      'fulfilledAt',
      'firstName',
      'lastName',
      'street',
      'additionalInfo',
      'zipCode',
      'city',
      'country',
      'phone',
    ]);
    // newest first, like the list; the comma and quotes of a product name survive the round trip
    expect(all.records.map((r) => [r.username, r.product, r.price, r.fulfilled])).toEqual([
      [buyers[1]!.username, 'Spilla, "rara"', '10', 'true'],
      [buyers[0]!.username, 'Spilla, "rara"', '10', 'false'],
      [buyers[0]!.username, 'Zaino', '400', 'false'],
    ]);
    expect(all.records[2]).toMatchObject({
      email: `${buyers[0]!.username}@example.com`,
      firstName: 'Mario',
      street: 'Via Roma 1',
      zipCode: '20121',
      city: 'Milano',
      country: 'Italia',
      // a leading + is kept as text, not read as a formula (csv.ts)
      phone: "'+39 333 123 4567",
      fulfilledAt: '',
    });
    expect(all.records[2]!.orderNumber).toMatch(/^\d{6}-[0-9A-F]{6}$/);
    expect(all.records[0]!.fulfilledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // the ids are the list's
    const listed = await t.call('GET', '/api/marketplace/purchases?limit=100', { token: admin.token });
    expect(all.records.map((r) => r.id)).toEqual(listed.json.data.map((p: { id: string }) => p.id));

    const pending = await exported('/api/marketplace/purchases/export?fulfilled=false&sort=-price', 'purchases');
    expect(pending.records.map((r) => r.product)).toEqual(['Zaino', 'Spilla, "rara"']);
    const searched = await exported(`/api/marketplace/purchases/export?search=zain`, 'purchases');
    expect(searched.records.map((r) => r.product)).toEqual(['Zaino']);
    const none = await exported('/api/marketplace/purchases/export?search=nothing-like-this', 'purchases');
    expect([none.header.length, none.records]).toEqual([18, []]);
  });

  // a wallet without entries is on a row of its own; the search is honoured; formulas stay text
  test('wallets: one row per transaction after the user and balance, newest first', async () => {
    const { header, records } = await exported('/api/marketplace/wallets/export?sort=-balance', 'wallets');
    expect(header).toEqual([
      'userId',
      'username',
      'email',
      'balance',
      'walletUpdatedAt',
      'transactionId',
      'transactionAt',
      'type',
      'amount',
      'balanceAfter',
      'description',
      'reference',
      'adjustedBy',
    ]);
    const rich = records.filter((r) => r.userId === buyers[0]!.id);
    // 1000 credited, then 400 and 10 spent: the newest entry first, the balance now on every row
    expect(rich.map((r) => [r.balance, r.type, r.amount, r.balanceAfter])).toEqual([
      ['590', 'purchase', '-10', '590'],
      ['590', 'purchase', '-400', '600'],
      ['590', 'adjustment', '1000', '1000'],
    ]);
    // an admin's reason that looks like a formula is written with a leading quote, so a spreadsheet shows it as text
    expect(rich[2]!.description).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(rich[2]!.adjustedBy).toBe(admin.username);
    expect(rich[0]!.reference).toMatch(/^purchase:/);
    // the richest wallet comes first, as the list sorted by balance shows it
    expect(records[0]!.userId).toBe(buyers[0]!.id);
    // the admin never had an entry: one row, the entry's cells empty
    const own = records.filter((r) => r.userId === admin.id);
    expect(own).toEqual([
      expect.objectContaining({ balance: '0', transactionId: '', type: '', amount: '', description: '' }),
    ]);

    const searched = await exported(
      `/api/marketplace/wallets/export?search=${buyers[1]!.username.toUpperCase()}`,
      'wallets',
    );
    expect(new Set(searched.records.map((r) => r.username))).toEqual(new Set([buyers[1]!.username]));
    expect(searched.records.map((r) => r.amount)).toEqual(['-10', '500']);
  });

  test('bad export input is a 400 VALIDATION_ERROR, never a 500', async () => {
    for (const path of [
      '/api/marketplace/purchases/export?fulfilled=maybe',
      '/api/marketplace/purchases/export?sort=email',
      '/api/marketplace/wallets/export?sort=%27%3B',
      `/api/marketplace/wallets/export?search=${'x'.repeat(500)}`,
    ]) {
      const r = await t.call('GET', path, { token: admin.token });
      expect([path, r.status, r.json.error?.code]).toEqual([path, 400, 'VALIDATION_ERROR']);
    }
  });
});

describe('the new sorts of the purchases and wallets lists', () => {
  test('purchases by product name and by buyer, either way; wallets by last change', async () => {
    const rows = async (q: string) =>
      (await t.call('GET', `/api/marketplace/purchases?${q}`, { token: admin.token })).json.data as {
        productName: string;
        username: string;
      }[];
    expect((await rows('sort=product')).map((p) => p.productName)).toEqual([
      'Spilla, "rara"',
      'Spilla, "rara"',
      'Zaino',
    ]);
    expect((await rows('sort=-product')).map((p) => p.productName)[0]).toBe('Zaino');
    const byBuyer = (await rows('sort=buyer')).map((p) => p.username);
    expect(byBuyer).toEqual([...byBuyer].sort((a, b) => a.localeCompare(b)));
    expect((await rows('sort=-buyer')).map((p) => p.username)).toEqual([...byBuyer].reverse());

    // the wallet changed last comes last when ascending
    await api.credit(buyers[1]!.id, 1);
    const wallets = async (q: string) =>
      (
        (await t.call('GET', `/api/marketplace/wallets?limit=100&${q}`, { token: admin.token })).json.data as {
          userId: string;
        }[]
      ).map((w) => w.userId);
    expect((await wallets('sort=updated')).at(-1)).toBe(buyers[1]!.id);
    expect((await wallets('sort=-updated'))[0]).toBe(buyers[1]!.id);
  });

  test('products by brand, either way', async () => {
    await api.product({ name: 'Berretto', brand: 'zeta', price: 1 });
    await api.product({ name: 'Borsa', brand: 'Alfa', price: 1 });
    const brands = async (q: string) =>
      (
        (await t.call('GET', `/api/marketplace/products?limit=100&${q}`, { token: admin.token })).json.data as {
          brand: string;
        }[]
      ).map((p) => p.brand.toLowerCase());
    const up = await brands('sort=brand');
    expect(up).toEqual([...up].sort());
    expect(up[0]).toBe('alfa');
    expect((await brands('sort=-brand'))[0]).toBe('zeta');
  });

  test('giveaways by uses and by expiry (a code without one counts as the latest)', async () => {
    const never = await api.giveaway({ token: 'NEVER_0001', credits: 5 });
    await api.giveaway({
      token: 'LATER_0002',
      credits: 5,
      type: 'timed',
      expiresAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    await api.giveaway({
      token: 'SOON_0003',
      credits: 5,
      type: 'timed',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(
      (
        await t.call('POST', '/api/marketplace/giveaways/redeem', {
          token: buyers[0]!.token,
          body: { token: never.token },
        })
      ).status,
    ).toBe(200);
    const codes = async (q: string) =>
      (
        (await t.call('GET', `/api/marketplace/giveaways?${q}`, { token: admin.token })).json.data as {
          token: string;
        }[]
      ).map((g) => g.token);
    expect(await codes('sort=expires')).toEqual(['SOON_0003', 'LATER_0002', 'NEVER_0001']);
    expect(await codes('sort=-expires')).toEqual(['NEVER_0001', 'LATER_0002', 'SOON_0003']);
    expect((await codes('sort=-uses'))[0]).toBe('NEVER_0001');
  });
});
