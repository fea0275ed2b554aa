import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, IMAGE, rewardsApi, rewardsSnapshot, type Account } from '../helpers/rewards.ts';

let t: TestApp;
let admin: Account;
let player: Account;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  [player] = await accounts(t, 1);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const dayString = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number, time = '12:00:00.000') => `${dayString(daysAgo)}T${time}Z`;

describe('authorization of the new admin calls', () => {
  test.each([
    ['GET', '/api/marketplace/dashboard/timeseries', undefined],
    ['GET', '/api/admin/audit', undefined],
    ['POST', '/api/marketplace/badges', { slug: 'auth_check', name: 'X', trigger: 'manual' }],
  ])('%s %s: anonymous 401, player 403, bad token 401', async (method, url, body) => {
    const before = await rewardsSnapshot(t);
    const anon = await t.call(method as any, url, { body });
    expect(anon.status).toBe(401);
    expect(anon.json.error.code).toBe('UNAUTHORIZED');
    const asPlayer = await t.call(method as any, url, { body, token: player.token });
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.json.error.code).toBe('FORBIDDEN');
    expect((await t.call(method as any, url, { body, token: 'not-a-real-token-at-all' })).status).toBe(401);
    expect(await rewardsSnapshot(t)).toEqual(before);
  });
});

describe('POST /marketplace/badges', () => {
  // the creation answers 201
  test('creates a badge that lists and can be triggered; the same slug again is 409 BADGE_SLUG_TAKEN', async () => {
    const body = {
      slug: 'first_blood',
      name: 'First blood',
      description: 'Primo',
      icon: IMAGE,
      trigger: 'manual',
      rewardAmount: 25,
      reusable: true,
      active: true,
    };
    const r = await t.call('POST', '/api/marketplace/badges', { token: admin.token, body });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data).toMatchObject({
      slug: 'first_blood',
      name: 'First blood',
      icon: IMAGE,
      trigger: 'manual',
      rewardAmount: 25,
      credits: 25,
      reward: { type: 'token', amount: 25 },
      reusable: true,
      active: true,
    });
    const list = (await t.call('GET', '/api/marketplace/badges', { token: admin.token })).json.data;
    expect(list.map((b: any) => b.slug)).toContain('first_blood');
    const award = await t.call('POST', '/api/marketplace/badges/trigger/first_blood', {
      token: admin.token,
      body: { userId: player.id },
    });
    expect(award.status, JSON.stringify(award.json)).toBe(200);
    expect(award.json.data.credits).toBe(25);

    const before = await rewardsSnapshot(t);
    const clash = await t.call('POST', '/api/marketplace/badges', {
      token: admin.token,
      body: { ...body, name: 'Other' },
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe('BADGE_SLUG_TAKEN');
    expect(await rewardsSnapshot(t)).toEqual(before);
  });

  test('defaults: no reward, not reusable, active', async () => {
    const r = await t.call('POST', '/api/marketplace/badges', {
      token: admin.token,
      body: { slug: 'minimal', name: 'Minimal', trigger: 'profile_completed' },
    });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ description: '', icon: '', rewardAmount: 0, reusable: false, active: true });
  });

  const valid = { slug: 'valid_slug', name: 'Valid', trigger: 'manual' };
  test.each([
    ['slug too short', { ...valid, slug: 'ab' }],
    ['slug too long', { ...valid, slug: 'a'.repeat(41) }],
    ['slug with capitals', { ...valid, slug: 'Bad_Slug' }],
    ['slug with a dash', { ...valid, slug: 'bad-slug' }],
    ['unknown trigger', { ...valid, trigger: 'won_everything' }],
    ['no name', { slug: 'valid_slug', trigger: 'manual' }],
    ['empty name', { ...valid, name: '  ' }],
    ['name too long', { ...valid, name: 'x'.repeat(81) }],
    ['negative reward', { ...valid, rewardAmount: -1 }],
    ['huge reward', { ...valid, rewardAmount: 1e12 }],
    ['fractional reward', { ...valid, rewardAmount: 1.5 }],
    ['reward as a string', { ...valid, rewardAmount: '10' }],
    ['reusable as a string', { ...valid, reusable: 'true' }],
    ['icon javascript:', { ...valid, icon: 'javascript:alert(1)' }],
    ['not an object', 'first_blood'],
  ])('%s → 400, nothing written', async (_n, body) => {
    const before = await rewardsSnapshot(t);
    const r = await t.call('POST', '/api/marketplace/badges', {
      token: admin.token,
      body: body as any,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(['VALIDATION_ERROR', 'INVALID_JSON']).toContain(r.json.error.code);
    expect(await rewardsSnapshot(t)).toEqual(before);
  });

  test('malformed JSON → 400 INVALID_JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/marketplace/badges',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: '{"slug":"x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});

describe('GET /marketplace/dashboard/timeseries', () => {
  test('every UTC day of the window, oldest first, zeros included, counted from the rows of each day', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.db.kysely;
      const [a] = await accounts(fresh, 1, { admin: true });
      const users = await accounts(fresh, 4);
      const owner = fresh.config.ownerId;
      // signups: two 3 days ago, one yesterday, one 40 days ago (outside a 30-day window); the admin today
      const signupDays = [3, 3, 1, 40];
      for (const [i, u] of users.entries())
        await db
          .updateTable('users')
          .set({ created_at: at(signupDays[i]) })
          .where('id', '=', u.id)
          .execute();
      await db
        .updateTable('users')
        .set({ created_at: at(0, '00:00:00.000') })
        .where('id', '=', a.id)
        .execute();

      const now = at(0);
      await db
        .insertInto('products')
        .values({
          id: 'p1',
          owner,
          name: 'P',
          price: 10,
          quantity: 5,
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const purchase = (id: string, userId: string, day: number) => ({
        id,
        owner,
        user_id: userId,
        product_id: 'p1',
        product_name: 'P',
        price: 10,
        ship_first_name: 'a',
        ship_last_name: 'b',
        ship_street_name: 'c',
        ship_zip_code: '1',
        ship_city: 'd',
        ship_country: 'e',
        created_at: at(day),
      });
      await db
        .insertInto('purchases')
        .values([purchase('u1', users[0].id, 1), purchase('u2', users[1].id, 1), purchase('u3', users[2].id, 0)])
        .execute();
      await db
        .insertInto('giveaways')
        .values({
          id: 'g1',
          owner,
          token: 'CODE',
          credits: 5,
          type: 'infinite',
          max_uses: null,
          expires_at: null,
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('giveaway_redemptions')
        .values([
          { giveaway_id: 'g1', user_id: users[0].id, credits: 5, created_at: at(3, '23:59:59.999') },
          { giveaway_id: 'g1', user_id: users[1].id, credits: 5, created_at: at(2, '00:00:00.000') },
        ])
        .execute();
      const entry = (userId: string, amount: number, type: string, day: number) => ({
        id: randomUUID(),
        owner,
        user_id: userId,
        amount,
        type,
        description: '',
        reference: null,
        balance_after: 100,
        created_by: null,
        created_by_name: null,
        created_at: at(day),
      });
      await db
        .insertInto('wallet_transactions')
        .values([
          entry(users[0].id, 50, 'adjustment', 3),
          entry(users[0].id, 5, 'giveaway', 3),
          entry(users[0].id, -10, 'purchase', 1),
          entry(users[1].id, -10, 'purchase', 1),
          entry(users[1].id, -7, 'adjustment', 1),
          entry(users[2].id, 20, 'badge', 0),
          entry(users[2].id, -10, 'purchase', 0),
          entry(users[3].id, 999, 'adjustment', 40),
        ])
        .execute();

      const r = await fresh.call('GET', '/api/marketplace/dashboard/timeseries?days=30', { token: a.token });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const days = r.json.data.days;
      expect(days).toHaveLength(30);
      expect(days[0].date).toBe(dayString(29));
      expect(days[29].date).toBe(dayString(0));
      for (let i = 1; i < days.length; i++) expect(Date.parse(days[i].date) - Date.parse(days[i - 1].date)).toBe(DAY);
      const byDate = Object.fromEntries(days.map((d: any) => [d.date, d]));
      expect(byDate[dayString(3)]).toEqual({
        date: dayString(3),
        signups: 2,
        redemptions: 1,
        purchases: 0,
        creditsDistributed: 5,
        creditsSpent: 0,
        creditsAdjusted: 50,
      });
      expect(byDate[dayString(2)]).toEqual({
        date: dayString(2),
        signups: 0,
        redemptions: 1,
        purchases: 0,
        creditsDistributed: 0,
        creditsSpent: 0,
        creditsAdjusted: 0,
      });
      expect(byDate[dayString(1)]).toEqual({
        date: dayString(1),
        signups: 1,
        redemptions: 0,
        purchases: 2,
        creditsDistributed: 0,
        creditsSpent: 20,
        creditsAdjusted: -7,
      });
      expect(byDate[dayString(0)]).toEqual({
        date: dayString(0),
        signups: 1,
        redemptions: 0,
        purchases: 1,
        creditsDistributed: 20,
        creditsSpent: 10,
        creditsAdjusted: 0,
      });
      expect(byDate[dayString(10)]).toEqual({
        date: dayString(10),
        signups: 0,
        redemptions: 0,
        purchases: 0,
        creditsDistributed: 0,
        creditsSpent: 0,
        creditsAdjusted: 0,
      });
      const total = (k: string) => days.reduce((s: number, d: any) => s + d[k], 0);
      expect(total('signups')).toBe(4);
      expect(total('creditsDistributed')).toBe(25);
      expect(total('creditsAdjusted')).toBe(43);

      // the window moves with ?days: 41 days reaches the old signup and adjustment
      const wide = (await fresh.call('GET', '/api/marketplace/dashboard/timeseries?days=41', { token: a.token })).json
        .data.days;
      expect(wide).toHaveLength(41);
      expect(wide[0]).toEqual({
        date: dayString(40),
        signups: 1,
        redemptions: 0,
        purchases: 0,
        creditsDistributed: 0,
        creditsSpent: 0,
        creditsAdjusted: 999,
      });
      const one = (await fresh.call('GET', '/api/marketplace/dashboard/timeseries?days=1', { token: a.token })).json
        .data.days;
      expect(one).toEqual([byDate[dayString(0)]]);
      const year = (await fresh.call('GET', '/api/marketplace/dashboard/timeseries?days=365', { token: a.token })).json
        .data.days;
      expect(year).toHaveLength(365);
    } finally {
      await fresh.close();
    }
  });

  test('defaults to 30 days', async () => {
    const r = await t.call('GET', '/api/marketplace/dashboard/timeseries', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data.days).toHaveLength(30);
  });

  test.each([['days=0'], ['days=366'], ['days=abc'], ['days=1.5'], ['days=-3'], ['owner=someone-else']])(
    '%s → 4xx with a code',
    async (q) => {
      const r = await t.call('GET', `/api/marketplace/dashboard/timeseries?${q}`, { token: admin.token });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.json.error.code).toBe('string');
    },
  );
});

test('deleting a product with purchases keeps GET /marketplace/purchases readable, with the product name', async () => {
  const api = rewardsApi(t, admin.token);
  const product = await api.product({ name: 'Maglia limitata', price: 5 });
  await api.credit(player.id, 5);
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: player.token,
    body: { productId: product._id, shippingAddress: address },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  expect((await t.call('DELETE', `/api/marketplace/products/${product._id}`, { token: admin.token })).status).toBe(200);
  expect((await t.call('GET', `/api/marketplace/products/${product._id}`)).status).toBe(404);
  const list = await t.call('GET', '/api/marketplace/purchases?limit=100', { token: admin.token });
  expect(list.status, JSON.stringify(list.json)).toBe(200);
  const row = list.json.data.find(
    (p: any) =>
      (p.productId ?? p.product?._id ?? p.product_id) === product._id || JSON.stringify(p).includes(product._id),
  );
  expect(row).toBeTruthy();
  expect(JSON.stringify(row)).toContain('Maglia limitata');
  const mine = await t.call('GET', `/api/marketplace/purchases/user/${player.id}`, { token: player.token });
  expect(mine.status).toBe(200);
  expect(JSON.stringify(mine.json.data)).toContain('Maglia limitata');
});
