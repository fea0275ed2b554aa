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

test('password guesses from the addresses of one IPv6 /64 share one quota; another /64 has its own', async () => {
  // a host picks any address of its /64 at will: counted by the full address, each guess had a fresh quota
  const id = await createTournament(t, admin.token, 'registration', { open: false, password: 'right-one' });
  const players = await quickPlayers(t, 12);
  const guess = (p: Person, remoteAddress: string, password: string) =>
    t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, {
      token: p.token,
      body: registration(p.id, {}, password),
      remoteAddress,
    });
  for (let i = 0; i < 10; i++) {
    const res = await guess(players[i], `2001:db8:5:6::${(i + 1).toString(16)}`, `guess-${i}`);
    expect([res.status, res.json.error.code]).toEqual([403, 'WRONG_PASSWORD']);
  }
  const limited = await guess(players[10], '2001:db8:5:6:ffff:ffff:ffff:fffe', 'right-one');
  expect([limited.status, limited.json.error.code]).toEqual([429, 'RATE_LIMITED']);
  expect((await guess(players[11], '2001:db8:5:7::1', 'right-one')).status).toBe(200);
});
