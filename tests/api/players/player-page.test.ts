import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectError } from '../helpers/expect-error.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import type { Bracket } from '../../../src/features/brackets/contract.ts';
import type { PlayerProfile } from '../../../src/features/players/contract.ts';

/**
 * A player's public page: the tournaments they played (a battle royale's rank and points, a bracket's
 * placing in words), what each paid them, and the page hidden by the player's own setting.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let t: TestApp;
let admin: Person;
let star: Person;
let royale: string;
let bracket: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await T.quickPlayer(t, { admin: true });
  star = await T.quickPlayer(t);
  royale = await battleRoyale();
  bracket = await singleElimination();
});
afterAll(() => t?.close());

const asAdmin = (how: 'POST' | 'PUT', to: string, body?: unknown) => t.call(how, to, { body, token: admin.token });
const page = (username: string, token?: string) =>
  t.call('GET', `/api/players/${encodeURIComponent(username)}`, token ? { token } : {});

/** Four players (the star among them) in one Fortnite match where the star comes second; 300 credits for second. */
async function battleRoyale(): Promise<string> {
  const id = await T.createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const others = await T.quickPlayers(t, 3);
  const order = [others[0]!, star, others[1]!, others[2]!];
  for (const p of order) expect((await T.join(t, id, p)).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of order) expect((await T.checkIn(t, id, p)).status).toBe(200);
  const lines = order.map((p, i) => ({ entrantId: p.id, placement: i + 1, eliminations: 2 }));
  expect((await asAdmin('POST', `/api/tournaments/${id}/matches`, { lines })).status).toBe(201);
  const prizes = [
    { from: 1, to: 1, credits: 500 },
    { from: 2, to: 2, credits: 300 },
  ];
  expect((await asAdmin('PUT', `/api/tournaments/${id}/prizes`, { prizes })).status).toBe(200);
  expect((await asAdmin('POST', `/api/tournaments/${id}/finalise`)).status).toBe(200);
  return id;
}

/**
 * A four-player Valorant bracket the star wins (every match of theirs scored for them); 200 credits for the champion.
 */
async function singleElimination(): Promise<string> {
  const game = 'Valorant';
  const id = await T.createTournament(t, admin.token, 'registration', { game, maxPartecipants: 16 });
  const people = [star, ...(await T.quickPlayers(t, 3))];
  const body = (p: Person) => T.registration(p.id, { game });
  for (const p of people) expect((await T.join(t, id, p, body(p))).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await T.checkIn(t, id, p, body(p))).status).toBe(200);
  expect((await asAdmin('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' })).status).toBe(200);
  for (let round = 0; round < 2; round++) {
    const b: Bracket = (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data;
    for (const m of b.rounds[round]!.matches) {
      const starIsB = m.sideB?.name === star.username;
      const score = starIsB ? { scoreA: 0, scoreB: 2 } : { scoreA: 2, scoreB: 0 };
      const res = await asAdmin('POST', `/api/tournaments/${id}/bracket/matches/${m.id}/override`, score);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  }
  expect(
    (await asAdmin('PUT', `/api/tournaments/${id}/prizes`, { prizes: [{ from: 1, to: 1, credits: 200 }] })).status,
  ).toBe(200);
  expect((await asAdmin('POST', `/api/tournaments/${id}/finalise`)).status).toBe(200);
  return id;
}

describe('GET /api/players/{username}', () => {
  test('the history holds each tournament played, newest first, with placing, points, matches and prizes', async () => {
    const res = await page(star.username);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const profile: PlayerProfile = res.json.data;
    expect(profile.username).toBe(star.username);
    expect(profile.faction).toBeNull();
    expect(profile.history.total).toBe(2);
    const [first, second] = profile.history.data;
    expect(first).toMatchObject({
      tournamentId: bracket,
      format: 'single_elimination',
      finalized: true,
      rank: 1,
      placing: 'champion',
      points: null,
      matchesPlayed: 2,
      credits: 200,
      disqualified: false,
    });
    expect(second).toMatchObject({
      tournamentId: royale,
      format: 'battle_royale',
      finalized: true,
      rank: 2,
      placing: null,
      matchesPlayed: 1,
      credits: 300,
      disqualified: false,
    });
    expect(second!.points).toBeGreaterThan(0);
    expect(second!.name.it).not.toBe('');
    // public and shared: an anonymous reader's answer may be kept by caches
    expect(String(res.res.headers['cache-control'])).toMatch(/public/);
  });

  test('a player who played nothing has an empty history; an unknown one is 404, a malformed name 400', async () => {
    const fresh = await T.quickPlayer(t);
    const res = await page(fresh.username);
    expect(res.status).toBe(200);
    expect(res.json.data.history).toEqual({ data: [], total: 0, offset: 0, limit: 10 });
    expect(res.json.data.badges).toEqual([]);
    expectError(await page('nobody-by-this-name'), 404, 'PLAYER_NOT_FOUND');
    for (const bad of ['ab', 'x'.repeat(40), 'a b c', 'semi;colon']) expect((await page(bad)).status, bad).toBe(400);
    expect((await t.call('GET', `/api/players/${star.username}?offset=-1`)).status).toBe(400);
  });

  test('a hidden page is 404 to everyone but its player, and shows again when made public', async () => {
    const shy = await T.quickPlayer(t);
    expect((await page(shy.username)).status).toBe(200);
    const hide = await t.call('PUT', `/api/users/pp/${shy.id}`, { token: shy.token, body: { publicProfile: false } });
    expect(hide.status, JSON.stringify(hide.json)).toBe(200);
    expect(hide.json.data.data.publicProfile).toBe(false);
    // the anonymous copy read before is not served after the change
    expectError(await page(shy.username), 404, 'PLAYER_NOT_FOUND');
    expectError(await page(shy.username, star.token), 404, 'PLAYER_NOT_FOUND');
    expect((await page(shy.username, shy.token)).status).toBe(200);
    const show = await t.call('PUT', `/api/users/pp/${shy.id}`, { token: shy.token, body: { publicProfile: true } });
    expect(show.json.data.data.publicProfile).toBe(true);
    expect((await page(shy.username)).status).toBe(200);
  });

  test('a tournament not begun says whether its check-in is open; one begun or over never does', async () => {
    const fan = await T.quickPlayer(t);
    const later = await T.createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
    const soon = await T.createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
    for (const id of [later, soon]) expect((await T.join(t, id, fan)).status).toBe(200);
    const before = new Map(
      ((await page(fan.username)).json.data as PlayerProfile).history.data.map((e) => [e.tournamentId, e]),
    );
    expect(before.get(soon)).toMatchObject({ started: false, checkinOpen: false });
    await T.setPhase(t, admin.token, soon, 'checkinOpen');
    const res = await page(fan.username);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const byId = new Map((res.json.data as PlayerProfile).history.data.map((e) => [e.tournamentId, e]));
    expect(byId.get(soon)).toMatchObject({ started: false, checkinOpen: true });
    expect(byId.get(later)).toMatchObject({ started: false, checkinOpen: false });
    // the finalised ones of the star's page
    for (const e of ((await page(star.username)).json.data as PlayerProfile).history.data)
      if (e.started) expect(e.checkinOpen, e.tournamentId).toBe(false);
  });

  test('a blocked account has no page', async () => {
    const gone = await T.quickPlayer(t);
    await t.db.kysely
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    expectError(await page(gone.username), 404, 'PLAYER_NOT_FOUND');
  });
});

describe('GET /api/players/me/tournaments', () => {
  test("the caller's check-in, rank and points on each card; an unknown id is left out", async () => {
    const upcoming = await T.createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
    expect((await T.join(t, upcoming, star)).status).toBe(200);
    const ids = [royale, bracket, upcoming, 'no-such-tournament'].join(',');
    const res = await t.call('GET', `/api/players/me/tournaments?ids=${ids}`, { token: star.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const byId = new Map(res.json.data.map((s: { tournamentId: string }) => [s.tournamentId, s]));
    expect(byId.size).toBe(3);
    expect(byId.get(royale)).toMatchObject({ member: true, checkedIn: true, started: true, rank: 2, placing: null });
    expect((byId.get(royale) as { points: number }).points).toBeGreaterThan(0);
    expect(byId.get(bracket)).toMatchObject({ checkedIn: true, rank: 1, placing: 'champion', points: null });
    expect(byId.get(upcoming)).toMatchObject({ member: true, checkedIn: false, started: false, rank: null });
    // on the public page too, first (the newest), as a registration with nothing to rank yet
    const history = (await page(star.username)).json.data.history;
    expect(history.total).toBe(3);
    expect(history.data[0]).toMatchObject({ tournamentId: upcoming, started: false, rank: null, matchesPlayed: 0 });
  });

  test('needs a token, and a list of ids', async () => {
    expectError(await t.call('GET', `/api/players/me/tournaments?ids=${royale}`), 401, 'UNAUTHORIZED');
    expect((await t.call('GET', '/api/players/me/tournaments', { token: star.token })).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `id${i}`).join(',');
    expect((await t.call('GET', `/api/players/me/tournaments?ids=${many}`, { token: star.token })).status).toBe(400);
  });
});
