import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  gameAccount,
  join,
  leave,
  quickPlayer,
  quickPlayers,
  teamBody,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * Every team a captain registers, and every invite, mails the players it names, any player of the brand
 * picked by username. Registering and leaving over and over mailed the same person without end (with a
 * subject carrying the team name the captain chose), so these calls are counted per account.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const register = (id: string, captain: Person, body: unknown) => join(t, id, captain, body);
const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email).length;

test('a captain registering a team and leaving again mails its member 10 times an hour at most, then 429', async () => {
  const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const [captain, target] = await quickPlayers(t, 2);
  for (let i = 0; i < 10; i++) {
    const res = await register(
      id,
      captain,
      teamBody(`Spam ${i}`, [{ userId: captain.id }, { userId: '', username: target.username }]),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await leave(t, id, captain)).status).toBe(200);
  }
  const limited = await register(id, captain, teamBody('Spam 10', [{ userId: captain.id }, { userId: target.id }]));
  expectError(limited, 429, 'RATE_LIMITED');
  expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
  expect(await mailsTo(target.email)).toBe(10);

  // another captain's team, and a solo join of the same captain, are not slowed
  const other = await quickPlayer(t);
  const res = await register(id, other, teamBody('Fair', [{ userId: other.id }, { userId: target.id }]));
  expect(res.status).toBe(200);
  const solo = await createTournament(t, admin.token, 'registration');
  expect((await join(t, solo, captain)).status).toBe(200);
});

test('invites of a replacement count with the registrations of the same captain', async () => {
  const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const [captain, first, ...others] = await quickPlayers(t, 12);
  const res = await register(id, captain, teamBody('Hawks', [{ userId: captain.id }, { userId: first.id }]));
  let teamId = res.json.data.team.id as string;
  const decline = (p: Person) =>
    t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/decline`, { token: p.token, body: {} });
  const invite = (p: Person) =>
    t.call('POST', `/api/tournaments/${id}/entry-teams/${teamId}/invite`, {
      token: captain.token,
      body: { userId: '', username: p.username, gameAccount: gameAccount('r') },
    });
  expect((await decline(first)).status).toBe(200);
  for (let i = 0; i < 9; i++) {
    const invited = await invite(others[i]);
    expect(invited.status, JSON.stringify(invited.json)).toBe(200);
    teamId = invited.json.data.id ?? teamId;
    expect((await decline(others[i])).status).toBe(200);
  }
  expectError(await invite(others[9]), 429, 'RATE_LIMITED');
});
