import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  registrationRows,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';

/**
 * The slot rules under load: every join is one transaction around a conditional UPDATE, so members
 * never exceed the slots (`maxPartecipants`) and one player never holds two registrations, on
 * SQLite (one connection, transactions queued) and on PostgreSQL (pool of connections, row locks).
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

async function expectConsistent(id: string, max: number) {
  const rows = await registrationRows(t, id);
  const members = rows.filter((r) => r.state === 'member');
  const waitlist = rows.filter((r) => r.state === 'waitlist');
  const stored = await tournamentRow(t, id);
  expect(stored.member_count).toBe(members.length);
  expect(members.length).toBeLessThanOrEqual(max);
  // nobody waits while a slot is free
  if (waitlist.length) expect(members.length).toBe(max);
  return { members, waitlist };
}

// a correctness test, not a timing one: its 200 players and requests take seconds alone and several
// times that while the whole suite shares two cores, hence its own timeout
test('200 concurrent joins on a 20-slot tournament: exactly 20 members, 180 waitlisted, no 5xx', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 20 });
  const players = await quickPlayers(t, 200);
  const results = await Promise.all(players.map((p) => join(t, id, p)));

  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.every((r) => r.status === 200)).toBe(true);
  const states = results.map((r) => r.json.data.state);
  expect(states.filter((s) => s === 'member')).toHaveLength(20);
  expect(states.filter((s) => s === 'waitlist')).toHaveLength(180);

  const { members, waitlist } = await expectConsistent(id, 20);
  expect(members).toHaveLength(20);
  expect(waitlist).toHaveLength(180);
  expect((await tournamentRow(t, id)).member_count).toBe(20);

  for (const r of results.filter((x) => x.json.data.state === 'waitlist'))
    expect(r.json.data.waitlistPosition).toBeGreaterThanOrEqual(1);
  const detail = await t.call('GET', `/api/tournaments/${id}`);
  expect(detail.json.data).toMatchObject({ waitlistCount: 180 });
  expect(detail.json.data.members).toHaveLength(20);
  // once the dust settles the queue is a strict order: positions 1..180, each held once
  const now = await Promise.all(
    players
      .filter((_, i) => states[i] === 'waitlist')
      .map((p) => t.call('GET', `/api/tournaments/${id}`, { token: p.token })),
  );
  expect(now.map((r) => r.json.data.me.waitlistPosition).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 180 }, (_, i) => i + 1),
  );
}, 60_000);

test('20 concurrent joins by the same player: one registration, the others 409 ALREADY_REGISTERED', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 5 });
  const p = await quickPlayer(t);
  const results = await Promise.all(Array.from({ length: 20 }, () => join(t, id, p)));
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  const refused = results.filter((r) => r.status !== 200);
  expect(refused).toHaveLength(19);
  for (const r of refused) expect(r.json.error.code).toBe('ALREADY_REGISTERED');
  expect(await registrationRows(t, id)).toHaveLength(1);
  expect((await tournamentRow(t, id)).member_count).toBe(1);
});

test('the same player joining a full tournament 20 times at once is waitlisted once', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
  await join(t, id, await quickPlayer(t));
  const p = await quickPlayer(t);
  const results = await Promise.all(Array.from({ length: 20 }, () => join(t, id, p)));
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect((await registrationRows(t, id)).filter((r) => r.user_id === p.id)).toHaveLength(1);
});

test('members leaving while others join: slots stay within the maximum, every freed one to the queue', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const first = await quickPlayers(t, 30);
  await Promise.all(first.map((p) => join(t, id, p)));
  const members = (await registrationRows(t, id)).filter((r) => r.state === 'member').map((r) => r.user_id);
  const leaving = first.filter((p) => members.includes(p.id)).slice(0, 6);
  const newcomers = await quickPlayers(t, 30);
  const results = await Promise.all([...leaving.map((p) => leave(t, id, p)), ...newcomers.map((p) => join(t, id, p))]);
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.every((r) => r.status === 200)).toBe(true);
  const after = await expectConsistent(id, 10);
  expect(after.members).toHaveLength(10);
  expect(after.waitlist).toHaveLength(30 + 30 - 6 - 10);
  // every promotion was mailed
  expect((await t.outbox()).length).toBe(6);
});

test('a player leaving twice at once leaves once: one slot freed, one promotion', async () => {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 2 });
  const [a, b, c, d] = await quickPlayers(t, 4);
  for (const p of [a, b, c, d]) await join(t, id, p);
  // the queue is ordered by join time, then by id: c and d may join within the same millisecond
  const queued = (await expectConsistent(id, 2)).waitlist.map((r) => r.user_id);
  expect([...queued].sort()).toEqual([c.id, d.id].sort());
  const results = await Promise.all(Array.from({ length: 10 }, () => leave(t, id, a)));
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of results.filter((x) => x.status !== 200)) expect(r.json.error.code).toBe('NOT_REGISTERED');
  const after = await expectConsistent(id, 2);
  expect(after.members.map((r) => r.user_id).sort()).toEqual([b.id, queued[0]].sort());
  expect(after.waitlist.map((r) => r.user_id)).toEqual([queued[1]]);
});
