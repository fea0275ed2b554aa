import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  registration,
  type Person,
} from '../helpers/tournaments.ts';

/** Guessing a private tournament's password is rate-limited per address and tournament. */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

test('after 10 password attempts in a minute the 11th is 429 RATE_LIMITED, even with the right password', async () => {
  const id = await createTournament(t, admin.token, 'registration', { open: false, password: 'right-one' });
  const players = await quickPlayers(t, 12);
  for (let i = 0; i < 10; i++) {
    const res = await join(t, id, players[i], registration(players[i].id, {}, `guess-${i}`));
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('WRONG_PASSWORD');
  }
  const limited = await join(t, id, players[10], registration(players[10].id, {}, 'right-one'));
  expect(limited.status).toBe(429);
  expect(limited.json.error.code).toBe('RATE_LIMITED');
  expect(
    (
      await t.db.kysely
        .selectFrom('tournament_registrations')
        .select('user_id')
        .where('tournament_id', '=', id)
        .execute()
    ).length,
  ).toBe(0);

  // the counter is per tournament: another private tournament still answers
  const other = await createTournament(t, admin.token, 'registration', { open: false, password: 'other-pass' });
  expect((await join(t, other, players[11], registration(players[11].id, {}, 'other-pass'))).status).toBe(200);
});

test('joins without a password (public tournaments) are never slowed down', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 100 });
  const players = await quickPlayers(t, 25);
  const results = await Promise.all(players.map((p) => join(t, id, p)));
  expect(results.map((r) => r.status)).toEqual(players.map(() => 200));
});
