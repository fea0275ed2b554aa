import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { countAll } from '../../../src/platform/db/database.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';

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
  for (const p of players)
    expect(
      (
        await t.call('POST', `/api/tournaments/${id}/register?userID=${p.id}`, {
          token: p.token,
          body: {
            gameAccounts: [
              { userId: p.id, gameAccount: { username: 'ninja', id: 'epic-ninja', game: 'Fortnite', console: 'PC' } },
            ],
          },
        })
      ).status,
    ).toBe(200);
  // open the check-in window now
  const MIN = 60_000;
  const at = (m: number) => new Date(Date.now() + m * MIN).toISOString();
  const moved = await t.call('PUT', `/api/tournaments/${id}`, {
    token: admin.token,
    body: {
      start_registration: at(-120),
      start_checkin: at(-30),
      end_checkin: at(30),
      start_tournament: at(60),
      end_tournament: at(180),
    },
  });
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);

  const results = await Promise.all(players.map((p) => checkIn(t, id, p)));
  expect(results.filter((r) => r.status !== 200)).toEqual([]);
  for (const [i, r] of results.entries()) {
    expect(r.json.data.confirmedMembers).toContain(players[i].id);
    expect(r.json.data.me).toMatchObject({ member: true, confirmed: true });
  }
  const stored = await t.db.kysely
    .selectFrom('tournament_registrations')
    .select('user_id')
    .where('tournament_id', '=', id)
    .where('confirmed', '=', 1)
    .execute();
  expect(stored).toHaveLength(150);
  // the last answers saw (nearly) everyone: the shared reads really are after the writes
  expect(Math.max(...results.map((r) => r.json.data.confirmedMembers.length))).toBe(150);
});

// it is serialised once per shared read, with `me` appended
test("a check-in's answer is byte for byte the tournament as GET answers it", async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 4 });
  const [p, q] = await quickPlayers(t, 2);
  for (const x of [p, q]) expect((await join(t, id, x)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  const [a, b] = await Promise.all([checkIn(t, id, p), checkIn(t, id, q)]);
  for (const [x, answer] of [
    [p, a],
    [q, b],
  ] as const) {
    expect(answer.status).toBe(200);
    expect(answer.res.headers['content-type']).toBe('application/json; charset=utf-8');
    const read = await t.call('GET', `/api/tournaments/${id}`, { token: x.token });
    expect(answer.json.data.me).toEqual({ member: true, confirmed: true, waitlistPosition: null });
    // the second answer may predate the other's write; compare with what GET says after both
    expect({
      ...answer.json,
      data: { ...answer.json.data, confirmedMembers: read.json.data.confirmedMembers },
    }).toEqual(read.json);
  }
  const out = await t.call('PUT', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, { token: p.token });
  expect(out.status).toBe(200);
  expect(out.json.data.me).toEqual({ member: true, confirmed: false, waitlistPosition: null });
  // nothing else changed in between: the very bytes the route's own serializer writes for GET
  expect(out.res.body).toBe((await t.call('GET', `/api/tournaments/${id}`, { token: p.token })).res.body);
});

// the burst mixes members, a waitlisted player, a stranger and the disqualified
test('in a mixed burst each gets its own answer; each member keeps its game account and check-in time', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 31 });
  const members = await quickPlayers(t, 31);
  const [waitlisted, stranger, banned] = await quickPlayers(t, 3);
  const account = (p: Person) => ({
    username: `gamer-${p.username}`,
    id: `epic-${p.username}`,
    game: 'Fortnite',
    console: 'PC',
  });
  for (const p of members.slice(0, 30)) expect((await join(t, id, p)).status).toBe(200);
  // the disqualified player held the last seat until the admin took it; then the seat is taken again
  expect((await join(t, id, banned)).status).toBe(200);
  expect(
    (
      await t.call('POST', `/api/tournaments/${id}/registrations/${banned.id}/disqualify`, {
        token: admin.token,
        body: { reason: 'x' },
      })
    ).status,
  ).toBe(200);
  expect((await join(t, id, members[30]!)).json.data.state).toBe('member');
  expect((await join(t, id, waitlisted)).json.data.state).toBe('waitlist');
  await setPhase(t, admin.token, id, 'checkinOpen');

  const body = (p: Person) => ({ gameAccounts: [{ userId: p.id, gameAccount: account(p) }] });
  const [answers, others] = await Promise.all([
    Promise.all(members.map((p) => checkIn(t, id, p, body(p)))),
    Promise.all([waitlisted, stranger, banned].map((p) => checkIn(t, id, p, body(p)))),
  ]);
  expect(answers.map((r) => r.status)).toEqual(members.map(() => 200));
  for (const r of answers) expect(r.json.data.me).toEqual({ member: true, confirmed: true, waitlistPosition: null });
  expect(others.map((r) => [r.status, r.json.error?.code])).toEqual([
    [409, 'NOT_A_MEMBER'],
    [409, 'NOT_A_MEMBER'],
    [403, 'DISQUALIFIED'],
  ]);
  const rows = await t.db.kysely
    .selectFrom('tournament_registrations')
    .select(['user_id', 'state', 'confirmed', 'game_account', 'updated_at'])
    .where('tournament_id', '=', id)
    .execute();
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  for (const p of members) {
    expect(byUser.get(p.id)).toMatchObject({ state: 'member', confirmed: 1 });
    expect(JSON.parse(byUser.get(p.id)!.game_account)).toEqual(account(p));
  }
  expect(byUser.get(banned.id)).toMatchObject({ state: 'disqualified', confirmed: 0 });
  expect(byUser.get(waitlisted.id)).toMatchObject({ state: 'waitlist', confirmed: 0 });
  // a check-out in the same way: the members' own rows only
  const out = await Promise.all(
    members
      .slice(0, 10)
      .map((p) => t.call('PUT', `/api/tournaments/${id}/register/checkin?userID=${p.id}`, { token: p.token })),
  );
  expect(out.map((r) => r.json.data.me.confirmed)).toEqual(Array(10).fill(false));
  const after = await t.db.kysely
    .selectFrom('tournament_registrations')
    .select(countAll().as('n'))
    .where('tournament_id', '=', id)
    .where('confirmed', '=', 1)
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(21);
});
