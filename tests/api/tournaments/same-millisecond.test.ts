import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withClockStopped } from '../helpers/clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, quickPlayers, setPhase, type Person } from '../helpers/tournaments.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';

/**
 * Lists that go oldest first (championships, teams, the waitlist, check-in order) break a tie in
 * the time of making by a random id. Rows one process makes within one millisecond must still keep
 * the order they came in: each test below stops the clock while it makes them.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const ok = (r: { status: number; json: unknown }, status = 200) =>
  expect(r.status, JSON.stringify(r.json)).toBe(status);
const admins = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  t.call(method, url, { token: admin.token, body });

describe('rows made within one millisecond keep the order they came in', () => {
  test('championships', async () => {
    const names = ['Fifth', 'Fourth', 'Third', 'Second', 'First'].map((n) => `${n} ${Math.random().toString(36)}`);
    await withClockStopped(async () => {
      for (const name of names)
        ok(await admins('POST', '/api/tournaments/competitions', { name, game: 'Fortnite' }), 201);
    });
    const listed = (await t.call('GET', '/api/tournaments/competitions')).json.data as { name: string }[];
    expect(listed.map((c) => c.name).filter((n) => names.includes(n))).toEqual(names);
  });

  test('teams registered by their captains', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const captains = await quickPlayers(t, 5);
    const partners = await quickPlayers(t, 5);
    const names = ['Wolves', 'Sharks', 'Bears', 'Eagles', 'Lions'];
    const account = (tag: string) => ({ username: tag, id: `epic-${tag}`, game: 'Fortnite', console: 'PC' });
    await withClockStopped(async () => {
      for (const [i, captain] of captains.entries()) {
        const gameAccounts = [captain, partners[i]].map((m) => ({ userId: m.id, gameAccount: account(m.username) }));
        ok(
          await t.call('POST', `/api/tournaments/${id}/register?userID=${captain.id}`, {
            token: captain.token,
            body: { teamName: names[i], gameAccounts },
          }),
        );
      }
    });
    const teams = (await t.call('GET', `/api/tournaments/${id}/entry-teams`)).json.data as { name: string }[];
    expect(teams.map((team) => team.name)).toEqual(names);
  });

  test('players an admin adds to a full tournament wait in the order added', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 1 });
    const people = await quickPlayers(t, 6);
    for (const p of people)
      await UserRepository.keepGameAccount(t.db.kysely, p.id, {
        username: p.username,
        id: '',
        game: 'Fortnite',
        console: 'PC',
      } as never);
    let waitlist: { userId: string; position: number }[] = [];
    await withClockStopped(async () => {
      for (const p of people) {
        const res = await admins('POST', `/api/tournaments/${id}/registrations`, { userId: p.id });
        ok(res);
        waitlist = res.json.data.waitlist;
      }
    });
    expect(waitlist.map((w) => w.userId)).toEqual(people.slice(1).map((p) => p.id));
    expect(waitlist.map((w) => w.position)).toEqual([1, 2, 3, 4, 5]);
  });

  test('players an admin checks in are entrants in the order checked in, not the order they joined', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 16 });
    const people = await quickPlayers(t, 6);
    for (const p of people) ok(await join(t, id, p));
    await setPhase(t, admin.token, id, 'checkinOpen');
    const order = [...people].reverse();
    await withClockStopped(async () => {
      for (const p of order)
        ok(await admins('PUT', `/api/tournaments/${id}/registrations/${p.id}/checkin`, { confirmed: true }));
    });
    const entrants = (await t.call('GET', `/api/tournaments/${id}/entrants`, { token: admin.token })).json.data;
    expect(entrants.map((e: { name: string }) => e.name)).toEqual(order.map((p) => p.username));
  });
});
