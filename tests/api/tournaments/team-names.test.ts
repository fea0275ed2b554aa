import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  checkedInField,
  createTournament,
  join,
  quickPlayer,
  quickPlayers,
  setPhase,
  teamBody,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import type { EntryTeam } from '../../../src/features/tournaments/contract.ts';

/**
 * A team's name is its own within the tournament, ignoring case, whoever formed it: the results' CSV finds a team by
 * its name (in any case), so a captain's team taking the name of another, or of a team the organiser formed from solo
 * sign-ups, would leave a pasted row naming two teams.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const register = (id: string, captain: Person, body: unknown) => join(t, id, captain, body);
const names = async (id: string) =>
  ((await t.call('GET', `/api/tournaments/${id}/entry-teams`)).json.data as EntryTeam[]).map((x) => x.name);

test("a captain's team named as another in a different case is refused 409 TEAM_NAME_IN_USE", async () => {
  const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const [a, b, c, d] = await quickPlayers(t, 4);
  expect((await register(id, a, teamBody('Wolves', [{ userId: a.id }, { userId: b.id }]))).status).toBe(200);
  for (const name of ['wolves', 'WOLVES', 'WoLvEs'])
    expectError(await register(id, c, teamBody(name, [{ userId: c.id }, { userId: d.id }])), 409, 'TEAM_NAME_IN_USE');
  expect((await register(id, c, teamBody('Wolverines', [{ userId: c.id }, { userId: d.id }]))).status).toBe(200);
  expect(await names(id)).toEqual(['Wolves', 'Wolverines']);
  // another tournament's teams are no concern
  const other = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
  const [e, f] = await quickPlayers(t, 2);
  expect((await register(other, e, teamBody('wolves', [{ userId: e.id }, { userId: f.id }]))).status).toBe(200);
});

test("a captain's team may not take the name of a team the organiser formed: 409 TEAM_NAME_IN_USE", async () => {
  const { id, people } = await checkedInField(t, admin.token, 2, { teamSize: 2 });
  const formed = await t.call('PUT', `/api/tournaments/${id}/teams`, {
    token: admin.token,
    body: { teams: [{ name: 'Falcons', members: people.map((p) => p.id) }] },
  });
  expect(formed.status, JSON.stringify(formed.json)).toBe(200);
  // registration open again (the organiser moved the schedule): captains register teams beside the formed one
  await setPhase(t, admin.token, id, 'registration');
  const [c, d] = await quickPlayers(t, 2);
  expectError(
    await register(id, c, teamBody('falcons', [{ userId: c.id }, { userId: d.id }])),
    409,
    'TEAM_NAME_IN_USE',
  );
  expect(await names(id)).toEqual([]);
  expect((await register(id, c, teamBody('Hawks', [{ userId: c.id }, { userId: d.id }]))).status).toBe(200);
});

test('two teams named alike in different cases at once: one is registered, the other refused', async () => {
  for (let i = 0; i < 4; i++) {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2 });
    const [a, b, c, d] = await quickPlayers(t, 4);
    const answers = await Promise.all([
      register(id, a, teamBody('Twins', [{ userId: a.id }, { userId: b.id }])),
      register(id, c, teamBody('TWINS', [{ userId: c.id }, { userId: d.id }])),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(
      answers.find((r) => r.status !== 200)!,
      409,
      'TEAM_NAME_IN_USE',
    );
    expect(await names(id)).toHaveLength(1);
  }
});

test("the organiser may not form a team named as a captain's: 409 TEAM_NAME_IN_USE at that team's name", async () => {
  const { id, people } = await checkedInField(t, admin.token, 2, { teamSize: 2 });
  await setPhase(t, admin.token, id, 'registration');
  const [c, d] = await quickPlayers(t, 2);
  expect((await register(id, c, teamBody('Ravens', [{ userId: c.id }, { userId: d.id }]))).status).toBe(200);
  const form = (name: string) =>
    t.call('PUT', `/api/tournaments/${id}/teams`, {
      token: admin.token,
      body: {
        teams: [
          { name: 'Owls', members: [people[0].id] },
          { name, members: [people[1].id] },
        ],
      },
    });
  for (const name of ['ravens', 'RAVENS']) {
    const refused = await form(name);
    expectError(refused, 409, 'TEAM_NAME_IN_USE');
    expect(JSON.stringify(refused.json)).toContain('body.teams.1.name');
  }
  const formed = await form('Crows');
  expect(formed.status, JSON.stringify(formed.json)).toBe(200);
  expect(await names(id)).toEqual(['Ravens']);
});
