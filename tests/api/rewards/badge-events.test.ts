import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, balanceOf, rewardsApi } from '../helpers/rewards.ts';
import {
  checkIn,
  checkOut,
  createTournament,
  join,
  quickPlayer,
  registration,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';

/**
 * The server awards every active badge whose rule the event meets, on the
 * event itself (signup, login, profile, join, check-in, faction, purchase, code), including badges
 * created after the player; once per rule, or once per tournament for a reusable badge; paid on the
 * ledger; and the answer of the call lists what it earned (`earnedBadges`).
 */
let t: TestApp;
let admin: Person;
let api: ReturnType<typeof rewardsApi>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

const slugs = (res: { json: any }) => (res.json.earnedBadges ?? []).map((b: any) => b.slug).sort();
const backpack = async (userId: string) =>
  (await t.call('GET', `/api/marketplace/backpack/${userId}`, { token: admin.token })).json.data
    .map((b: any) => b.badge.slug)
    .sort();
const login = (email: string, password: string) =>
  t.call('POST', '/api/users/authenticate', { body: { email, password } });

describe('badges are earned on the event, by the server', () => {
  test('a signup answers with the registration badge it earned, paid once on the ledger', async () => {
    await api.badge({ slug: 'welcome', trigger: 'user_registered', reward: 50, name: 'Benvenuto' });
    // its English text, so the answer can be checked in the player's language
    await t.db.kysely
      .updateTable('badges')
      .set({ name_en: 'Welcome', description: 'Ti sei registrato', description_en: 'You signed up' })
      .where('slug', '=', 'welcome')
      .execute();
    const password = 'quartz-Lantern-91';
    const email = `new_${Date.now().toString(36)}@example.com`;
    const res = await t.call('POST', '/api/users/pp', {
      headers: { 'accept-language': 'en' },
      body: {
        username: `n${Date.now().toString(36)}`,
        email,
        password,
        nickname: 'Newbie',
        gender: 'female',
        birth_date: '1999-05-01',
        language: 'en',
        country: 'Italy',
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.earnedBadges).toEqual([
      expect.objectContaining({
        slug: 'welcome',
        name: 'Welcome',
        description: 'You signed up',
        icon: expect.any(String),
        credits: 50,
      }),
    ]);
    const id = res.json.data.user.id;
    expect(await balanceOf(t, id)).toBe(50);
    // the login that follows finds nothing new to pay
    const session = await login(email, password);
    expect(session.status).toBe(200);
    expect(session.json.earnedBadges).toBeUndefined();
    expect(await balanceOf(t, id)).toBe(50);
  });

  test('a badge created later is paid at the next login of a player who already met its rule, once', async () => {
    const password = 'quartz-Lantern-92';
    const old = await t.signup({ password });
    await api.badge({ slug: 'pioneer', trigger: 'user_registered', reward: 7 });
    const first = await login(old.email, password);
    expect(slugs(first)).toEqual(['pioneer']);
    expect(slugs(await login(old.email, password))).toEqual([]);
    expect(await backpack(old.user.id)).toEqual(['pioneer', 'welcome']);
    expect(await balanceOf(t, old.user.id)).toBe(50 + 7);
  });

  // and only that one: a later save earns nothing
  test('completing the profile earns its badge in the answer of the save that completes it', async () => {
    await api.badge({ slug: 'full_profile', trigger: 'profile_completed', reward: 30 });
    const p = await quickPlayer(t);
    const put = (body: Record<string, unknown>) => t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body });
    expect(slugs(await put({ first_name: 'Giulia', last_name: 'Rossi', street_name: 'Via Po 2' }))).toEqual([]);
    const done = await put({
      zip_code: '10100',
      city: 'Torino',
      country: 'Italia',
      discordId: 'giulia#1',
      epicId: 'GiuliaFN',
    });
    expect(done.status).toBe(200);
    expect(slugs(done)).toEqual(['full_profile']);
    expect(slugs(await put({ city: 'Milano' }))).toEqual([]);
    expect(await balanceOf(t, p.id)).toBe(30);
  });

  test('a join earns the first-tournament badge; a refused join earns nothing', async () => {
    await api.badge({ slug: 'first_cup', trigger: 'tournament_joined', reward: 40 });
    const p = await quickPlayer(t);
    const locked = await createTournament(t, admin.token, 'registration', { open: false, password: 'sesame-42' });
    const refused = await join(t, locked, p, registration(p.id, {}, 'wrong-one'));
    expect(refused.status).toBe(403);
    expect(await balanceOf(t, p.id)).toBe(0);
    const ok = await join(t, await createTournament(t, admin.token), p);
    expect(ok.status).toBe(200);
    expect(ok.json.earnedBadges).toEqual([expect.objectContaining({ slug: 'first_cup', credits: 40 })]);
    // a second tournament: the badge is not reusable
    expect(slugs(await join(t, await createTournament(t, admin.token), p))).toEqual([]);
    expect(await balanceOf(t, p.id)).toBe(40);
  });

  test('50 parallel joins by one player pay the badge once', async () => {
    const p = await quickPlayer(t);
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => join(t, id, p)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.flatMap((a) => a.json.earnedBadges ?? []).map((b: any) => b.slug)).toEqual(['first_cup']);
    expect(await backpack(p.id)).toEqual(['first_cup']);
    expect(await balanceOf(t, p.id)).toBe(40);
    await auditLedger(t);
  });

  test('a reusable check-in badge is paid once per tournament, not again after checking out and in', async () => {
    await api.badge({ slug: 'present', trigger: 'tournament_checked_in', reward: 20, reusable: true });
    const p = await quickPlayer(t);
    const [one, two] = [await createTournament(t, admin.token), await createTournament(t, admin.token)];
    for (const id of [one, two]) {
      expect((await join(t, id, p)).status).toBe(200);
      await setPhase(t, admin.token, id, 'checkinOpen');
    }
    const first = await checkIn(t, one, p);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(slugs(first)).toEqual(['present']);
    expect(first.json.data.id).toBe(one);
    expect((await checkOut(t, one, p)).status).toBe(200);
    const again = await checkIn(t, one, p);
    expect(again.status).toBe(200);
    expect(again.json.earnedBadges).toBeUndefined();
    expect(slugs(await checkIn(t, two, p))).toEqual(['present']);
    // first_cup (40) for the first join, present (20) for each tournament
    expect(await balanceOf(t, p.id)).toBe(40 + 20 + 20);
  });

  test('picking a faction earns its badge once; an inactive or manual badge is never paid by an event', async () => {
    await api.badge({ slug: 'faction', trigger: 'faction_joined', reward: 25 });
    await api.badge({ slug: 'asleep', trigger: 'faction_joined', reward: 99, active: false });
    await api.badge({ slug: 'mvp', trigger: 'manual', reward: 99 });
    const competition = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: 'Champ', game: 'Fortnite' },
    });
    const competitionId = competition.json.data.id;
    const tournament = await createTournament(t, admin.token, 'registration', { competitionId });
    const p = await quickPlayer(t);
    await join(t, tournament, p);
    const picked = await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
      token: p.token,
      body: { team: 'speed' },
    });
    expect(picked.status).toBe(200);
    expect(slugs(picked)).toEqual(['faction']);
    expect(picked.json.data.id).toBe(competitionId);
    const moved = await t.call('POST', `/api/tournaments/competitions/${competitionId}/team`, {
      token: p.token,
      body: { team: 'precision' },
    });
    expect(slugs(moved)).toEqual([]);
    expect(await backpack(p.id)).toEqual(['faction', 'first_cup']);
  });

  test('a purchase and a redeemed code list the badges they earned', async () => {
    await api.badge({ slug: 'shopper', trigger: 'first_purchase', reward: 5 });
    await api.badge({ slug: 'hunter', trigger: 'giveaway_redeemed', reward: 3, reusable: true });
    const p = await quickPlayer(t);
    const code = await api.giveaway({ credits: 100 });
    const redeemed = await t.call('POST', '/api/marketplace/giveaways/redeem', {
      token: p.token,
      body: { token: code.token },
    });
    expect(slugs(redeemed)).toEqual(['hunter']);
    const product = await api.product({ price: 60, quantity: 5 });
    const address = {
      first_name: 'A',
      last_name: 'B',
      street_name: 'Via C 1',
      zip_code: '00100',
      city: 'Roma',
      country: 'Italia',
      phone_number: '06 1234567',
    };
    const bought = await t.call('POST', '/api/marketplace/purchases', {
      token: p.token,
      body: { productId: product._id, shippingAddress: address },
    });
    expect(bought.status).toBe(201);
    expect(slugs(bought)).toEqual(['shopper']);
    expect(await balanceOf(t, p.id)).toBe(100 + 3 - 60 + 5);
    await auditLedger(t);
  });

  // the shop's address dialog saves the address on the profile, then buys: two calls, each answering its own badges,
  // so the dialog has to show the first call's too (the profile badge is in no purchase answer)
  test("the shop dialog's address save completing the profile answers its badge; the purchase its own", async () => {
    const p = await quickPlayer(t);
    const put = (body: Record<string, unknown>) => t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body });
    expect(slugs(await put({ discordId: 'shop#1', epicId: 'ShopFN' }))).toEqual([]);
    await api.credit(p.id, 100);
    const product = await api.product({ price: 60, quantity: 5 });
    // the body the dialog sends, every address field of the form
    const address = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street_name: 'Via Roma 1',
      additional_address_info: '',
      zip_code: '20121',
      city: 'Milano',
      country: 'Italy',
      phone_number: '+39 333 123 4567',
    };
    const saved = await put(address);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.earnedBadges).toEqual([expect.objectContaining({ slug: 'full_profile', credits: 30 })]);
    const bought = await t.call('POST', '/api/marketplace/purchases', {
      token: p.token,
      body: { productId: product._id, shippingAddress: address },
      headers: { 'idempotency-key': `shop-${p.id}` },
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    expect(slugs(bought)).toEqual(['shopper']);
    expect(await balanceOf(t, p.id)).toBe(100 + 30 - 60 + 5);
    expect(await backpack(p.id)).toEqual(['full_profile', 'shopper']);
    await auditLedger(t);
  });

  // the join dialog of a Fortnite tournament saves the Discord and Epic ids on the profile, then joins: the profile
  // badge is in the save's answer only, never in the join's
  test("the join dialog's ids save completing the profile answers its badge; the join only its own", async () => {
    const p = await quickPlayer(t);
    const put = (body: Record<string, unknown>) => t.call('PUT', `/api/users/pp/${p.id}`, { token: p.token, body });
    const { discordId, epicId, ...address } = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street_name: 'Via Roma 1',
      zip_code: '20121',
      city: 'Milano',
      country: 'Italy',
      phone_number: '+39 333 123 4567',
      discordId: 'join#1',
      epicId: 'JoinFN',
    };
    expect(slugs(await put(address))).toEqual([]);
    const saved = await put({ discordId, epicId });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(slugs(saved)).toEqual(['full_profile']);
    const joined = await join(t, await createTournament(t, admin.token), p, registration(p.id, { id: epicId }));
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    expect(slugs(joined)).toEqual(['first_cup']);
    expect(await balanceOf(t, p.id)).toBe(30 + 40);
  });
});
