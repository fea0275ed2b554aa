import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { checkIn, createTournament, quickPlayer, quickPlayers, type Person } from './helpers/tournaments.ts';

// Check-ins arriving together share the read of the registrations their answers carry
// (tournament-service registrationsAfterWrite): every answer must still include its own write.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

test('150 members checking in at once: each answer shows its own check-in, and all 150 are stored', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 150 });
  const players = await quickPlayers(t, 150);
  for (const p of players) expect((await t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, { token: p.token, body: { gameAccounts: [{ userId: p.id, gameAccount: { username: 'ninja', id: 'epic-ninja', game: 'Fortnite', console: 'PC' } }] } })).status).toBe(200);
  // open the check-in window now
  const MIN = 60_000;
  const at = (m: number) => new Date(Date.now() + m * MIN).toISOString();
  const moved = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { start_registration: at(-120), start_checkin: at(-30), end_checkin: at(30), start_tournament: at(60), end_tournament: at(180) } });
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);

  const results = await Promise.all(players.map((p) => checkIn(t, id, p)));
  expect(results.filter((r) => r.status !== 200)).toEqual([]);
  for (const [i, r] of results.entries()) {
    expect(r.json.data.confirmedMembers).toContain(players[i].id);
    expect(r.json.data.me).toMatchObject({ member: true, confirmed: true });
  }
  const stored = await t.db.kysely.selectFrom('tournament_registrations').select('user_id').where('tournament_id', '=', id).where('confirmed', '=', 1).execute();
  expect(stored).toHaveLength(150);
  // the last answers saw (nearly) everyone: the shared reads really are after the writes
  expect(Math.max(...results.map((r) => r.json.data.confirmedMembers.length))).toBe(150);
});
