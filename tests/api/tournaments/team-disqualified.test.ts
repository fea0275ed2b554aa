import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  gameAccount,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  registrationRows,
  teamBody,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import type { EntryTeam } from '../../../src/features/tournaments/contract.ts';

/**
 * A player disqualified from a team tournament may not enter it again, in any team nor alone: naming them is
 * refused when the team is registered or the player invited, so no team is left waiting for an answer that
 * could never seat it. A team that gives its seat back loses its disqualified members (they cannot play in
 * it again), and is disbanded when that is its captain, so a team is never pending with someone who cannot
 * come back in it.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const register = (id: string, captain: Person, body: unknown) => join(t, id, captain, body);
const answer = (id: string, teamId: string, p: Person, what: 'accept' | 'invite', body: unknown = {}) =>
  t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/${what}`, { token: p.token, body });
const inviteBody = (p: Person) => ({ userId: p.id, gameAccount: gameAccount(p.username) });
const teamsOf = async (id: string): Promise<EntryTeam[]> =>
  (await t.call('GET', `/api/tournaments/${id}/entry-teams`)).json.data;
const disqualify = async (id: string, p: Person) => {
  const res = await t.call('POST', `/api/tournaments/${id}/registrations/${p.id}/disqualify`, {
    token: admin.token,
    body: { reason: 'Cheating' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const states = async (id: string) =>
  Object.fromEntries((await registrationRows(t, id)).map((r) => [r.user_id, r.state]));

/** A team of `size` (captain first), every member accepted: it holds a seat. */
async function seatedTeam(id: string, name: string, size: number) {
  const people = await quickPlayers(t, size);
  const res = await register(
    id,
    people[0],
    teamBody(
      name,
      people.map((p) => ({ userId: p.id })),
    ),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const teamId = res.json.data.team.id as string;
  for (const p of people.slice(1)) expect((await answer(id, teamId, p, 'accept')).status).toBe(200);
  return { people, teamId };
}

describe('a disqualified player is refused up front', () => {
  test('named in a team or invited: 409 PLAYER_DISQUALIFIED; joining alone: 403 DISQUALIFIED', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const { people } = await seatedTeam(id, 'Old', 2);
    const [captain, banned] = people;
    await disqualify(id, banned);
    // the captain leaves: the team is gone, the disqualification stays
    expect((await leave(t, id, captain)).status).toBe(200);
    expect(await teamsOf(id)).toEqual([]);

    expectError(
      await register(id, captain, teamBody('New', [{ userId: captain.id }, { userId: banned.id }])),
      409,
      'PLAYER_DISQUALIFIED',
    );
    expectError(
      await register(id, captain, teamBody('New', [{ userId: captain.id }, { userId: '', username: banned.username }])),
      409,
      'PLAYER_DISQUALIFIED',
    );
    const [other] = await quickPlayers(t, 1);
    expectError(
      await register(id, banned, teamBody('Mine', [{ userId: banned.id }, { userId: other.id }])),
      409,
      'PLAYER_DISQUALIFIED',
    );
    expect(await teamsOf(id)).toEqual([]);

    const pending = await register(id, captain, teamBody('Short', [{ userId: captain.id }, { userId: other.id }]));
    const teamId = pending.json.data.team.id as string;
    const declined = await t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/decline`, {
      token: other.token,
      body: {},
    });
    expect(declined.status).toBe(200);
    expectError(await answer(id, teamId, captain, 'invite', inviteBody(banned)), 409, 'PLAYER_DISQUALIFIED');
    expect((await teamsOf(id))[0].members.map((m) => m.userId)).toEqual([captain.id]);

    expectError(await join(t, id, banned), 403, 'DISQUALIFIED');
    expect(await states(id)).toEqual({ [banned.id]: 'disqualified' });
  });

  test('still listed in the team that plays on: refused as disqualified, alone or named in another team', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const { people } = await seatedTeam(id, 'Plays on', 2);
    const banned = people[1];
    await disqualify(id, banned);
    expectError(await join(t, id, banned), 403, 'DISQUALIFIED');
    const other = await quickPlayer(t);
    expectError(
      await register(id, other, teamBody('Poach', [{ userId: other.id }, { userId: banned.id }])),
      409,
      'PLAYER_DISQUALIFIED',
    );
    expect((await teamsOf(id)).map((x) => x.name)).toEqual(['Plays on']);
  });
});

describe('a team giving its seat back without the disqualified', () => {
  test('a trio: a member leaves; the disqualified member goes too, and two new members make it whole', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 3 });
    const { people, teamId } = await seatedTeam(id, 'Trio', 3);
    const [captain, banned, leaver] = people;
    await disqualify(id, banned);
    expect((await leave(t, id, leaver)).status).toBe(200);
    const [team] = await teamsOf(id);
    expect(team).toMatchObject({ id: teamId, complete: false, members: [{ userId: captain.id }] });
    expect(await states(id)).toEqual({ [banned.id]: 'disqualified' });

    const [d, e] = await quickPlayers(t, 2);
    expect((await answer(id, teamId, captain, 'invite', inviteBody(d))).status).toBe(200);
    expect((await answer(id, teamId, captain, 'invite', inviteBody(e))).status).toBe(200);
    expect((await answer(id, teamId, d, 'accept')).status).toBe(200);
    const last = await answer(id, teamId, e, 'accept');
    expect(last.status, JSON.stringify(last.json)).toBe(200);
    expect(last.json.data.complete).toBe(true);
    expect(await states(id)).toEqual({
      [banned.id]: 'disqualified',
      [captain.id]: 'member',
      [d.id]: 'member',
      [e.id]: 'member',
    });
  });

  test('an admin removing the partner of a disqualified captain disbands the duo; the partner is free', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const { people } = await seatedTeam(id, 'Headless', 2);
    const [captain, partner] = people;
    await disqualify(id, captain);
    const res = await t.call('POST', `/api/tournaments/${id}/registrations/${partner.id}/remove`, {
      token: admin.token,
      body: { reason: 'No show' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await teamsOf(id)).toEqual([]);
    expect(await states(id)).toEqual({ [captain.id]: 'disqualified' });
    expect((await join(t, id, partner)).status).toBe(200);
  });
});
