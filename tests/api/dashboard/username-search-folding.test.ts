import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament } from '../helpers/tournaments.ts';
import { openPhaseNow, png, submit } from '../helpers/campaign.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import * as SessionRepository from '../../../src/features/accounts/server/session-repository.ts';

/**
 * The dashboard's other searches by a player's username ignore accents and case as the users list
 * does, the same on both engines: the purchases, the roster's players to add and the campaign's
 * moderation queue. % and _ typed by the admin stay literal.
 */
let t: TestApp;
let admin: Account;
let niccolo: Account;
let other: Account;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin, other] = await accounts(t, 2, { admin: true });
  const created = await UserRepository.create(t.db.kysely, {
    owner: t.config.ownerId,
    username: 'Niccolò_Ré',
    email: 'niccolo@example.com',
    passwordHash: 'not-a-hash',
    nickname: 'n',
    gender: 'male',
    birthDate: '2000-01-01',
    language: 'it',
    country: 'Italy',
    roles: [],
  });
  if (!created.ok) throw new Error('not created');
  const token = await SessionRepository.create(t.db.kysely, created.id, 24);
  niccolo = { id: created.id, username: 'Niccolò_Ré', token };
});
afterAll(() => t?.close());

const usernames = (rows: { username?: string; accountUsername?: string }[]) =>
  [...new Set(rows.map((r) => r.accountUsername ?? r.username))].sort();

test("purchases: found by the buyer's username without its accents, in any case", async () => {
  const api = rewardsApi(t, admin.token);
  await api.credit(niccolo.id, 100);
  const product = await api.product({ name: 'Spilla', price: 10, quantity: 5 });
  const bought = await t.call('POST', '/api/marketplace/purchases', {
    token: niccolo.token,
    body: { shippingAddress: address, productId: product._id },
  });
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  const search = async (q: string) => {
    const r = await t.call('GET', `/api/marketplace/purchases?search=${encodeURIComponent(q)}`, { token: admin.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return usernames(r.json.data);
  };
  expect(await search('NICCOLO_RE')).toEqual(['Niccolò_Ré']);
  expect(await search('niccolò')).toEqual(['Niccolò_Ré']);
  expect(await search('niccolo%re')).toEqual([]);
});

test('the roster: a player to add is found without the accents of their username', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const search = async (q: string) => {
    const r = await t.call('GET', `/api/tournaments/${id}/registrations/candidates?search=${encodeURIComponent(q)}`, {
      token: admin.token,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return usernames(r.json.data);
  };
  expect(await search('colo_re')).toEqual(['Niccolò_Ré']);
  expect(await search('COLÒ')).toEqual(['Niccolò_Ré']);
  expect(await search('colo%')).toEqual([]);
});

test("the campaign's queue: found by the sender's username without its accents", async () => {
  await openPhaseNow(t, admin.token, 2);
  for (const who of [niccolo, other]) {
    const sent = await submit(t, who.token, { fields: { email: 'x@example.com' }, file: await png(7) });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
  }
  const search = async (q: string) => {
    const r = await t.call('GET', `/api/marketplace/submissions?search=${encodeURIComponent(q)}`, {
      token: admin.token,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return usernames(r.json.data);
  };
  expect(await search('NICCOLO_re')).toEqual(['Niccolò_Ré']);
  // accented and in capitals; long enough that no generated username (r_ and a random tag) can hold it
  expect(await search('Ò_RÉ')).toEqual(['Niccolò_Ré']);
  expect(await search('%')).toEqual([]);
});
