import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { pickEncoding } from '../../../src/platform/http/response-cache.ts';
import { createTournament, join, quickPlayer, type Person } from '../helpers/tournaments.ts';

// The micro-cache of anonymous public answers (src/platform/http/response-cache.ts), with a TTL long
// enough that only invalidation can explain a fresh answer.
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const rename = (id: string, name: string) =>
  t.db.kysely.updateTable('tournaments').set({ name }).where('id', '=', id).execute();

test('an anonymous read is answered from the cache until a write goes through the API', async () => {
  const id = await createTournament(t, admin.token, 'registration', { name: 'Cached Cup' });
  const first = await t.call('GET', `/api/tournaments/${id}`);
  expect(first.json.data.name).toBe('Cached Cup');
  // a change behind the API's back (another process, say) is not seen within the TTL…
  await rename(id, 'Renamed Cup');
  const second = await t.call('GET', `/api/tournaments/${id}`);
  expect(second.res.body).toBe(first.res.body);
  expect(second.res.headers['content-type']).toMatch(/application\/json/);
  // …but any write through this process empties the cache at once
  await createTournament(t, admin.token, 'registration', { name: 'Another Cup' });
  expect((await t.call('GET', `/api/tournaments/${id}`)).json.data.name).toBe('Renamed Cup');
  const list = await t.call('GET', '/api/tournaments');
  expect(list.json.data.map((x: { name: string }) => x.name)).toContain('Another Cup');
});

test("a player's read of a tournament: the public part may be cached, their own standing never is", async () => {
  const id = await createTournament(t, admin.token, 'registration', { name: 'Token Cup', maxPartecipants: 1 });
  const [first, second, outsider] = [await quickPlayer(t), await quickPlayer(t), await quickPlayer(t)];
  for (const p of [first, second]) expect((await join(t, id, p)).status).toBe(200);
  const anonymous = await t.call('GET', `/api/tournaments/${id}`);
  await rename(id, 'Token Cup II');
  // registrations changed behind the API's back too: the standing is read fresh all the same
  await t.db.kysely
    .deleteFrom('tournament_registrations')
    .where('tournament_id', '=', id)
    .where('user_id', '=', second.id)
    .execute();
  const mine = await t.call('GET', `/api/tournaments/${id}`, { token: first.token });
  expect(mine.json.data.me).toEqual({ member: true, confirmed: false, waitlistPosition: null });
  expect({ ...mine.json.data, me: null }).toEqual(anonymous.json.data);
  expect(mine.res.headers['cache-control']).toBe('private, no-store');
  expect((await t.call('GET', `/api/tournaments/${id}`, { token: second.token })).json.data.me).toEqual({
    member: false,
    confirmed: false,
    waitlistPosition: null,
  });
  expect((await t.call('GET', `/api/tournaments/${id}`, { token: outsider.token })).json.data.me).toEqual({
    member: false,
    confirmed: false,
    waitlistPosition: null,
  });
  // an admin (about to edit) always reads everything fresh
  const adminRead = await t.call('GET', `/api/tournaments/${id}`, { token: admin.token });
  expect(adminRead.json.data.name).toBe('Token Cup II');
  expect(adminRead.json.data.waitlistCount).toBe(0);
  // and the players' public part is fresh again after any write through the API
  await join(t, id, outsider);
  const after = await t.call('GET', `/api/tournaments/${id}`, { token: outsider.token });
  expect(after.json.data.name).toBe('Token Cup II');
  expect(after.json.data.me).toEqual({ member: false, confirmed: false, waitlistPosition: 1 });
});

test('failures are not cached: an unknown tournament stays a 404 and a later one is found', async () => {
  expect((await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-00000000cafe')).status).toBe(404);
  expect((await t.call('GET', '/api/tournaments/00000000-0000-4000-8000-00000000cafe')).status).toBe(404);
});

test('with RESPONSE_CACHE_MS=0 nothing is cached', async () => {
  const plain = await createTestApp({ rateLimits: false, responseCacheMs: 0 });
  try {
    const boss = await quickPlayer(plain, { admin: true });
    const id = await createTournament(plain, boss.token, 'registration', { name: 'Plain Cup' });
    await plain.call('GET', `/api/tournaments/${id}`);
    await plain.db.kysely.updateTable('tournaments').set({ name: 'Plain Cup II' }).where('id', '=', id).execute();
    expect((await plain.call('GET', `/api/tournaments/${id}`)).json.data.name).toBe('Plain Cup II');
  } finally {
    await plain.close();
  }
});

test('the encoding of an on-demand page: brotli before gzip, q=0 refuses, nothing when neither is accepted', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(pickEncoding('gzip')).toBe('gzip');
  expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  expect(pickEncoding('BR')).toBe('br');
  expect(pickEncoding('identity')).toBeNull();
  expect(pickEncoding('gzip;q=0')).toBeNull();
  expect(pickEncoding(undefined)).toBeNull();
  expect(pickEncoding('')).toBeNull();
});
