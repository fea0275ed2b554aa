import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, auditLedger, balanceOf, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament } from '../helpers/tournaments.ts';
import * as WalletService from '../../../src/features/rewards/server/wallet-service.ts';
import { serviceContext } from '../../../src/platform/context.ts';

let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const trigger = (token: string, slug: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api/marketplace/badges/trigger/${slug}`, { token, body });

describe('wallets', () => {
  test('a new player has a wallet of 0 and reads it at /wallets/me and /wallets/{owner}/{userId}', async () => {
    const [p] = await accounts(t, 1);
    const me = await t.call('GET', '/api/marketplace/wallets/me', { token: p.token });
    expect(me.json.data).toEqual({ userId: p.id, username: p.username, balance: 0, updatedAt: null });
    const single = await t.call('GET', `/api/marketplace/wallets/${t.config.ownerId}/${p.id}`, { token: p.token });
    expect(single.json.data).toEqual(me.json.data);
    const otherBrand = await t.call('GET', `/api/marketplace/wallets/other-brand/${p.id}`, { token: p.token });
    expect([otherBrand.status, otherBrand.json.error.code]).toEqual([404, 'NOT_FOUND']);
    const missing = await t.call('GET', `/api/marketplace/wallets/${t.config.ownerId}/no-such-user`, {
      token: admin.token,
    });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'WALLET_NOT_FOUND']);
  });

  test("an adjustment is a ledger entry signed with the admin's id and name, the reason its description", async () => {
    const [p] = await accounts(t, 1);
    const up = await t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
      token: admin.token,
      body: { amount: 120, reason: 'Premio torneo' },
    });
    expect(up.status).toBe(200);
    expect(up.json.data.wallet).toMatchObject({ userId: p.id, balance: 120 });
    expect(up.json.data.transaction).toMatchObject({
      amount: 120,
      type: 'adjustment',
      description: 'Premio torneo',
      reference: null,
      balanceAfter: 120,
      createdBy: { id: admin.id, name: admin.username },
    });
    const down = await t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
      token: admin.token,
      body: { amount: -20, reason: 'Correzione' },
    });
    expect(down.json.data.wallet.balance).toBe(100);
    const tooMuch = await t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
      token: admin.token,
      body: { amount: -101, reason: 'Troppo' },
    });
    expect([tooMuch.status, tooMuch.json.error.code]).toEqual([409, 'NOT_ENOUGH_CREDITS']);
    const unknown = await t.call('POST', '/api/marketplace/wallets/no-such-user/adjust', {
      token: admin.token,
      body: { amount: 5, reason: 'x' },
    });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'WALLET_NOT_FOUND']);

    const history = await t.call('GET', `/api/marketplace/transactions/${p.id}?limit=1`, { token: p.token });
    expect(history.json.total).toBe(2);
    expect(history.json.data).toHaveLength(1);
    expect(history.json.data[0]).toMatchObject({ amount: -20, balanceAfter: 100 });
    const older = await t.call(
      'GET',
      `/api/marketplace/transactions/${p.id}?limit=1&offset=1&owner=${t.config.ownerId}`,
      { token: admin.token },
    );
    expect(older.json.data[0]).toMatchObject({ amount: 120 });
    await auditLedger(t);
  });

  test('an adjustment retried with its Idempotency-Key is booked once', async () => {
    const [p] = await accounts(t, 1);
    const send = () =>
      t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
        token: admin.token,
        body: { amount: 7, reason: 'bonus' },
        headers: { 'idempotency-key': `adj-${p.id}` },
      });
    const [a, b] = [await send(), await send()];
    expect(b.json).toEqual(a.json);
    expect(await balanceOf(t, p.id)).toBe(7);
  });

  test('the admin list has every user with a balance, searchable, with total and totalCount', async () => {
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 33);
    const found = await t.call('GET', `/api/marketplace/wallets?search=${p.username.toUpperCase()}`, {
      token: admin.token,
    });
    expect(found.json).toMatchObject({ status: 'SUCCESS', total: 1, totalCount: 1 });
    expect(found.json.data[0]).toMatchObject({ userId: p.id, balance: 33 });
    const page = await t.call('GET', '/api/marketplace/wallets?limit=2&offset=0', { token: admin.token });
    expect(page.json.data).toHaveLength(2);
    expect(page.json.total).toBeGreaterThan(2);
    // most recent balance change first
    expect(page.json.data[0].userId).toBe(p.id);
  });

  test("an entry reads in the reader's language: its badge, product and tournament; a reason as written", async () => {
    const [p] = await accounts(t, 1);
    const badge = await t.call('POST', '/api/marketplace/badges', {
      token: admin.token,
      body: {
        slug: `welcome_${p.id.slice(0, 8).replace(/[^a-z0-9]/g, '')}`,
        name: 'Benvenuto',
        trigger: 'manual',
        rewardAmount: 40,
        translations: { en: { name: 'Welcome' } },
      },
    });
    expect(badge.status, JSON.stringify(badge.json)).toBe(201);
    expect((await trigger(admin.token, badge.json.data.slug, { userId: p.id })).json.data.awarded).toBe(true);
    const cap = await api.product({
      name: 'Cappellino snapback',
      price: 5,
      translations: { en: { name: 'Snapback cap' } },
    });
    const mug = await api.product({ name: 'Tazza', price: 5 });
    for (const product of [cap, mug])
      expect(
        (
          await t.call('POST', '/api/marketplace/purchases', {
            token: p.token,
            body: { productId: product._id, shippingAddress: address },
          })
        ).status,
      ).toBe(201);
    await t.call('POST', `/api/marketplace/wallets/${p.id}/adjust`, {
      token: admin.token,
      body: { amount: 3, reason: 'Rimborso spedizione' },
    });
    // a prize as finalising books it: the tournament's name (Italian when stored) and the rank
    const tournamentId = await createTournament(t, admin.token, 'registration', {
      name: 'Coppa di Natale',
      translations: { en: { name: 'Christmas Cup' } },
    });
    await WalletService.payPrize(serviceContext(t.app), t.config.ownerId, {
      userId: p.id,
      tournamentId,
      amount: 20,
      description: 'Coppa di Natale · #2',
      createdBy: { id: admin.id, name: admin.username },
    });
    const read = async (language: string) => {
      const res = await t.call('GET', `/api/marketplace/transactions/${p.id}`, {
        token: p.token,
        headers: { 'accept-language': language },
      });
      expect(res.status).toBe(200);
      return res.json.data.map((e: any) => e.description);
    };
    expect(await read('en')).toEqual([
      'Christmas Cup · #2',
      'Rimborso spedizione',
      // no English name: the Italian one
      'Tazza',
      'Snapback cap',
      'Welcome',
    ]);
    expect(await read('it-IT,it;q=0.9')).toEqual([
      'Coppa di Natale · #2',
      'Rimborso spedizione',
      'Tazza',
      'Cappellino snapback',
      'Benvenuto',
    ]);
    // the answer carries both languages, so a page shows its own whatever the call's language
    const both = await t.call('GET', `/api/marketplace/transactions/${p.id}`, { token: p.token });
    expect(both.json.data.map((e: any) => e.translations)).toEqual([
      { it: { description: 'Coppa di Natale · #2' }, en: { description: 'Christmas Cup · #2' } },
      { it: { description: 'Rimborso spedizione' }, en: { description: 'Rimborso spedizione' } },
      { it: { description: 'Tazza' }, en: { description: '' } },
      { it: { description: 'Cappellino snapback' }, en: { description: 'Snapback cap' } },
      { it: { description: 'Benvenuto' }, en: { description: 'Welcome' } },
    ]);
    // an entry whose badge award is gone keeps the text it was stored with
    await t.db.kysely.deleteFrom('user_badges').where('user_id', '=', p.id).execute();
    expect((await read('en')).at(-1)).toBe('Benvenuto');
  });

  test('ledger entries can never be updated or deleted, even by SQL', async () => {
    const [p] = await accounts(t, 1);
    await api.credit(p.id, 10);
    await expect(
      t.db.kysely.updateTable('wallet_transactions').set({ amount: 1000 }).where('user_id', '=', p.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.kysely.deleteFrom('wallet_transactions').where('user_id', '=', p.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.db.kysely.updateTable('wallets').set({ balance: -5 }).where('user_id', '=', p.id).execute(),
    ).rejects.toThrow();
    expect(await balanceOf(t, p.id)).toBe(10);
  });
});

describe('badges', () => {
  // the tests share one database: each sees only the badges it creates, so a badge an earlier test left
  // active (another giveaway_redeemed or first_purchase badge) is not earned beside the one it checks
  beforeEach(async () => {
    await t.db.kysely.updateTable('badges').set({ active: 0 }).execute();
  });
  test('players see active badges, admins all; an admin edits, toggles and reads one', async () => {
    const local = await createTestApp();
    try {
      const [a, p] = [...(await accounts(local, 1, { admin: true })), ...(await accounts(local, 1))];
      const la = rewardsApi(local, a.token);
      const on = await la.badge({ slug: 'on', trigger: 'user_registered', reward: 5 });
      const off = await la.badge({ slug: 'off', trigger: 'manual', active: false });
      expect((await local.call('GET', '/api/marketplace/badges')).json.data.map((b: any) => b.slug)).toEqual(['on']);
      expect((await local.call('GET', '/api/marketplace/badges', { token: p.token })).json.total).toBe(1);
      expect((await local.call('GET', '/api/marketplace/badges', { token: a.token })).json.total).toBe(2);
      expect((await local.call('GET', `/api/marketplace/badges/${off}`)).json.error.code).toBe('BADGE_NOT_FOUND');
      expect((await local.call('GET', `/api/marketplace/badges/${off}`, { token: a.token })).json.data.active).toBe(
        false,
      );

      const one = (await local.call('GET', `/api/marketplace/badges/${on}`)).json.data;
      expect(one).toMatchObject({
        _id: on,
        slug: 'on',
        trigger: 'user_registered',
        reward: { type: 'token', amount: 5 },
        rewardAmount: 5,
        credits: 5,
        reusable: false,
        active: true,
      });

      const edited = await local.call('PUT', `/api/marketplace/badges/${on}`, {
        token: a.token,
        body: {
          name: 'Benvenuto',
          reward: { type: 'token', amount: 80 },
          icon: '/media/Nexus/x.png',
          slug: 'hacked',
          trigger: 'manual',
        },
      });
      expect(edited.json.data).toMatchObject({
        name: 'Benvenuto',
        rewardAmount: 80,
        reward: { amount: 80 },
        icon: '/media/Nexus/x.png',
        slug: 'on',
        trigger: 'user_registered',
      });
      const both = await local.call('PUT', `/api/marketplace/badges/${on}`, {
        token: a.token,
        body: { rewardAmount: 60, reward: { amount: 1 }, reusable: true },
      });
      expect(both.json.data).toMatchObject({ rewardAmount: 60, reusable: true });

      const toggled = await local.call('PATCH', `/api/marketplace/badges/${on}/toggle-active`, { token: a.token });
      expect(toggled.json.data.active).toBe(false);
      expect(
        (await local.call('PATCH', `/api/marketplace/badges/${on}/toggle-active`, { token: a.token })).json.data.active,
      ).toBe(true);
      const missing = await local.call('PATCH', '/api/marketplace/badges/nope/toggle-active', { token: a.token });
      expect([missing.status, missing.json.error.code]).toEqual([404, 'BADGE_NOT_FOUND']);
    } finally {
      await local.close();
    }
  });

  // the original client's trigger call then answers it as already earned
  test('the signup itself awards the registration badge with its 50 credits', async () => {
    await api.badge({ slug: 'user_registered', trigger: 'user_registered', reward: 50, name: 'Benvenuto' });
    const player = await t.signupAndLogin();
    const first = await trigger(player.token, 'user_registered', {
      userId: player.user.id,
      owner: t.config.ownerId,
      payload: {},
    });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({
      awarded: false,
      credits: 0,
      balance: 50,
      badge: { slug: 'user_registered', reward: { type: 'token', amount: 50 } },
    });
    const second = await trigger(player.token, 'user_registered');
    expect(second.json.data).toMatchObject({
      awarded: false,
      credits: 0,
      balance: 50,
      earnedAt: first.json.data.earnedAt,
    });

    const backpack = await t.call('GET', `/api/marketplace/backpack/${player.user.id}?owner=${t.config.ownerId}`, {
      token: player.token,
    });
    expect(backpack.json.total).toBe(1);
    expect(backpack.json.data[0]).toMatchObject({
      badge: { slug: 'user_registered' },
      earnedAt: first.json.data.earnedAt,
      credits: 50,
    });
    const history = await t.call('GET', `/api/marketplace/transactions/${player.user.id}`, { token: player.token });
    expect(history.json.data).toEqual([
      expect.objectContaining({ amount: 50, type: 'badge', description: 'Benvenuto' }),
    ]);
    await auditLedger(t);
  });

  // and a client payload cannot add credits
  test('unknown, inactive and unearned badges are refused with their codes', async () => {
    await api.badge({ slug: 'sleeping', trigger: 'user_registered', active: false, reward: 10 });
    await api.badge({ slug: 'complete_profile', trigger: 'profile_completed', reward: 30 });
    await api.badge({ slug: 'weird', trigger: 'no_such_rule', reward: 30 });
    const [account] = await accounts(t, 1);
    const player = { token: account.token, user: { id: account.id } };
    const token = player.token;
    expect((await trigger(token, 'nope')).json.error.code).toBe('BADGE_NOT_FOUND');
    expect((await trigger(token, 'nope')).status).toBe(404);
    const inactive = await trigger(token, 'sleeping');
    expect([inactive.status, inactive.json.error.code]).toEqual([409, 'BADGE_INACTIVE']);
    const notYet = await trigger(token, 'complete_profile', { payload: { credits: 1000, amount: 1000 } });
    expect([notYet.status, notYet.json.error.code]).toEqual([409, 'BADGE_NOT_EARNED']);
    expect((await trigger(token, 'weird')).json.error.code).toBe('BADGE_NOT_EARNED');

    // the profile filled in: the server's rule holds (the profile call itself pays, see badge-events)
    await t.db.kysely
      .updateTable('users')
      .set({
        first_name: 'Giulia',
        last_name: 'Rossi',
        street_name: 'Via Po 2',
        zip_code: '10100',
        city: 'Torino',
        country: 'Italia',
        discord_id: 'g#1',
        epic_id: 'GiuliaFN',
      })
      .where('id', '=', player.user.id)
      .execute();
    const earned = await trigger(token, 'complete_profile', { payload: { credits: 1000 } });
    expect(earned.json.data).toMatchObject({ awarded: true, credits: 30, balance: 30 });
    expect(await balanceOf(t, player.user.id)).toBe(30);
  });

  test('a player cannot trigger for someone else or a manual badge; an admin can award either', async () => {
    await api.badge({ slug: 'mvp', trigger: 'manual', reward: 15 });
    await api.badge({ slug: 'registered_for_other', trigger: 'user_registered', reward: 0 });
    const [p, q] = await accounts(t, 2);
    expect((await trigger(p.token, 'registered_for_other', { userId: q.id })).status).toBe(403);
    expect((await trigger(p.token, 'mvp')).status).toBe(403);
    const byAdmin = await trigger(admin.token, 'mvp', { userId: q.id });
    expect(byAdmin.json.data).toMatchObject({ awarded: true, credits: 15 });
    expect((await trigger(admin.token, 'mvp', { userId: q.id })).json.data.awarded).toBe(false);
    const zero = await trigger(admin.token, 'registered_for_other', { userId: q.id });
    expect(zero.json.data).toMatchObject({ awarded: true, credits: 0, balance: 15 });
    const ghost = await trigger(admin.token, 'mvp', { userId: 'no-such-user' });
    expect([ghost.status, ghost.json.error.code]).toEqual([404, 'USER_NOT_FOUND']);
    expect((await t.call('GET', `/api/marketplace/backpack/${q.id}`, { token: admin.token })).json.total).toBe(2);
    await auditLedger(t);
  });

  // signed as an admin's credit is
  test("an admin's award of a manual badge that pays is signed on the ledger and in the audit log", async () => {
    await api.badge({ slug: 'hero_of_the_week', trigger: 'manual', reward: 25, reusable: true });
    const [p] = await accounts(t, 1);
    for (let i = 0; i < 2; i++)
      expect((await trigger(admin.token, 'hero_of_the_week', { userId: p.id })).json.data).toMatchObject({
        awarded: true,
        credits: 25,
      });
    const ledger = await t.call('GET', `/api/marketplace/transactions/${p.id}`, { token: admin.token });
    expect(ledger.json.data.map((e: { amount: number; createdBy: unknown }) => [e.amount, e.createdBy])).toEqual([
      [25, { id: admin.id, name: admin.username }],
      [25, { id: admin.id, name: admin.username }],
    ]);
    const audit = await t.call('GET', `/api/admin/audit?action=badge.award`, { token: admin.token });
    expect(audit.status, JSON.stringify(audit.json)).toBe(200);
    const mine = audit.json.data.filter((e: { entityId: string }) => e.entityId === p.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      actor: { id: admin.id, name: admin.username },
      entityType: 'wallet',
      entityLabel: `${p.username} · hero_of_the_week`,
      after: { badge: 'hero_of_the_week', credits: 25, balance: 50 },
    });
    await auditLedger(t);
  });

  test('a reusable badge is earned once per event the server can see, never twice for the same one', async () => {
    await api.badge({ slug: 'code_hunter', trigger: 'giveaway_redeemed', reward: 4, reusable: true });
    const [p] = await accounts(t, 1);
    expect((await trigger(p.token, 'code_hunter')).json.error.code).toBe('BADGE_NOT_EARNED');
    const [g1, g2] = [await api.giveaway({ credits: 1 }), await api.giveaway({ credits: 1 })];
    // each redemption pays the reusable badge once, for its own code
    for (const g of [g1, g2]) {
      const r = await t.call('POST', '/api/marketplace/giveaways/redeem', { token: p.token, body: { token: g.token } });
      expect(r.json.earnedBadges).toEqual([expect.objectContaining({ slug: 'code_hunter', credits: 4 })]);
    }
    expect((await trigger(p.token, 'code_hunter', { payload: { giveawayId: g1.id } })).json.data.awarded).toBe(false);
    expect((await trigger(p.token, 'code_hunter', { payload: { giveawayId: g2.id } })).json.data.awarded).toBe(false);
    const stranger = await api.giveaway({ credits: 1 });
    expect((await trigger(p.token, 'code_hunter', { payload: { giveawayId: stranger.id } })).json.error.code).toBe(
      'BADGE_NOT_EARNED',
    );
    expect(await balanceOf(t, p.id)).toBe(2 + 8);
    expect((await t.call('GET', `/api/marketplace/backpack/${p.id}`, { token: p.token })).json.total).toBe(2);
  });

  // the badge is shown once, and a replay earns nothing
  test('a purchase and a redemption pay their badge in their own transaction', async () => {
    await api.badge({ slug: 'shopper', trigger: 'first_purchase', reward: 5 });
    await api.badge({ slug: 'lucky', trigger: 'giveaway_redeemed', reward: 3 });
    const [p] = await accounts(t, 1);
    const product = await api.product({ price: 0 });
    const code = await api.giveaway({ credits: 10 });
    const buy = () =>
      t.call('POST', '/api/marketplace/purchases', {
        token: p.token,
        headers: { 'idempotency-key': `buy-${p.id}` },
        body: { productId: product._id, shippingAddress: address },
      });
    const redeem = () =>
      t.call('POST', '/api/marketplace/giveaways/redeem', {
        token: p.token,
        headers: { 'idempotency-key': `code-${p.id}` },
        body: { token: code.token },
      });
    for (const [call, slug] of [
      [buy, 'shopper'],
      [redeem, 'lucky'],
    ] as const) {
      const first = await call();
      expect(first.json.earnedBadges).toEqual([expect.objectContaining({ slug })]);
      const again = await call();
      expect(again.res.headers['idempotent-replayed']).toBe('true');
      expect(again.json.earnedBadges).toBeUndefined();
    }
    expect(await balanceOf(t, p.id)).toBe(5 + 3 + 10);
    expect((await t.call('GET', `/api/marketplace/backpack/${p.id}`, { token: p.token })).json.total).toBe(2);
    await auditLedger(t);
  });

  test('tournament and purchase triggers look at real memberships and purchases', async () => {
    await api.badge({ slug: 'first_tournament', trigger: 'tournament_joined', reward: 40 });
    await api.badge({ slug: 'checked_in', trigger: 'tournament_checked_in', reward: 20 });
    await api.badge({ slug: 'first_purchase', trigger: 'first_purchase', reward: 0 });
    const [p] = await accounts(t, 1);
    expect((await trigger(p.token, 'first_tournament')).json.error.code).toBe('BADGE_NOT_EARNED');
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('tournaments')
      .values({
        id: 'tour-1',
        owner: t.config.ownerId,
        competition_id: null,
        name: 'Cup',
        game: 'Fortnite',
        max_participants: 10,
        status_override: null,
        password_hash: null,
        team_size: null,
        start_registration: null,
        end_registration: null,
        start_checkin: null,
        end_checkin: null,
        start_tournament: null,
        end_tournament: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // written by SQL, not through the join call (which would pay at once): the trigger call sees it
    await t.db.kysely
      .insertInto('tournament_registrations')
      .values({
        tournament_id: 'tour-1',
        user_id: p.id,
        state: 'member',
        confirmed: 0,
        game_account: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await trigger(p.token, 'first_tournament')).json.data).toMatchObject({ awarded: true, credits: 40 });
    expect((await trigger(p.token, 'checked_in')).json.error.code).toBe('BADGE_NOT_EARNED');
    expect((await trigger(p.token, 'first_purchase')).json.error.code).toBe('BADGE_NOT_EARNED');
    const product = await api.product({ price: 40 });
    const bought = await t.call('POST', '/api/marketplace/purchases', {
      token: p.token,
      body: { productId: product._id, shippingAddress: address },
    });
    expect(bought.json.earnedBadges).toEqual([expect.objectContaining({ slug: 'first_purchase', credits: 0 })]);
    expect((await trigger(p.token, 'first_purchase')).json.data.awarded).toBe(false);
    expect(await balanceOf(t, p.id)).toBe(0);
    await auditLedger(t);
  });
});
