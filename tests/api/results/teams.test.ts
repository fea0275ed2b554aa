import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, type Person } from '../helpers/tournaments.ts';
import { bulkPlayers, seatCheckedIn } from '../helpers/big-field.ts';
import { twoApps, type Pair } from '../helpers/freshness.ts';
import { expectError } from '../helpers/expect-error.ts';
import { checkInNow, finalizeDirectly, line, matchDay, resultsApi } from '../helpers/results.ts';
import * as ResultsService from '../../../src/features/results/server/service.ts';
import { auditChanges } from '../../../src/features/audit/diff.ts';
import type { AuditEntry } from '../../../src/features/audit/contract.ts';

/**
 * Duo, trio and squad tournaments (they score per team, not per player): the admin forms
 * teams from the checked-in roster, by hand or automatically in check-in order; a team is then one
 * entrant of the matches and the standings.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const squad = (opts: { checkedIn: number; waiting?: number; teamSize?: number }) =>
  matchDay(t, admin.token, {
    checkedIn: opts.checkedIn,
    waiting: opts.waiting,
    overrides: { teamSize: opts.teamSize ?? 4 },
  });
const memberIds = (teams: { members: { id: string }[] }[]) => teams.map((team) => team.members.map((m) => m.id));

describe('forming teams', () => {
  test('automatic teams of teamSize in check-in order, the last one short; audited `team.auto`', async () => {
    const { id, waiting } = await squad({ checkedIn: 0, waiting: 10 });
    // they check in in the reverse of the order they joined in
    const players = [...waiting].reverse();
    for (const p of players) await checkInNow(t, id, p);
    const api = resultsApi(t, admin.token, id);
    expect((await api.teams()).json.data).toEqual([]);
    const res = await api.autoTeams();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const ids = players.map((p) => p.id);
    expect(res.json.data.map((team: any) => team.name)).toEqual(['Team 1', 'Team 2', 'Team 3']);
    // each team lists its members in check-in order too
    expect(memberIds(res.json.data)).toEqual([ids.slice(0, 4), ids.slice(4, 8), ids.slice(8)]);
    expect(res.json.data[0].members.find((m: any) => m.id === players[0].id).username).toBe(players[0].username);
    // the entrants of a team tournament are its teams
    expect((await api.entrants()).json.data).toEqual(res.json.data);
    expect((await api.teams()).json.data).toEqual(res.json.data);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', id)
      .where('action', '=', 'team.auto')
      .execute();
    expect(audit).toHaveLength(1);
  });

  test('teams by hand replace the previous ones, keeping the order given of teams and members', async () => {
    const { id, players } = await squad({ checkedIn: 4, teamSize: 2 });
    const [a, b, c, d] = players;
    const api = resultsApi(t, admin.token, id);
    await api.autoTeams();
    // the members of Zeta against the order of their ids, which the answer must not fall back to
    const zeta = [a.id, d.id].sort().reverse();
    const res = await api.setTeams([
      { name: 'Zeta', members: zeta },
      { name: 'Alfa', members: [b.id] },
      { name: 'Solo C', members: [c.id] },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.map((team: any) => [team.name, team.members.map((m: any) => m.id)])).toEqual([
      ['Zeta', zeta],
      ['Alfa', [b.id]],
      ['Solo C', [c.id]],
    ]);
    expect((await api.teams()).json.data).toEqual(res.json.data);
    expect(await ResultsService.entrantOf(t.app, id, d.id)).toMatchObject({ name: 'Zeta' });
  });

  // each forming gives the teams new ids: matched by id, every team would read as removed and added again
  test('the audit diff of teams formed anew names the team and the player that changed', async () => {
    const { id, players } = await squad({ checkedIn: 4, teamSize: 2 });
    const [a, b, c, d] = players;
    const api = resultsApi(t, admin.token, id);
    expect(
      (
        await api.setTeams([
          { name: 'Nord', members: [a.id, b.id] },
          { name: 'Sud', members: [c.id] },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await api.setTeams([
          { name: 'Nord', members: [a.id, d.id] },
          { name: 'Sud', members: [c.id] },
        ])
      ).status,
    ).toBe(200);
    const log = await t.call('GET', `/api/admin/audit?tournament=${id}&action=team.update`, { token: admin.token });
    const [latest, first] = log.json.data as AuditEntry[];
    expect(auditChanges(latest!.before, latest!.after)).toEqual([
      { path: `teams[Nord].members[${b.username}]`, before: { id: b.id, username: b.username }, after: undefined },
      { path: `teams[Nord].members[${d.username}]`, before: undefined, after: { id: d.id, username: d.username } },
    ]);
    // the first forming lists every team it made, by name
    expect(auditChanges(first!.before, first!.after).map((l) => l.path)).toEqual(['teams[Nord]', 'teams[Sud]']);
    // the export's rows name the same fields
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/audit/export?tournament=${id}&action=team.update`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.body).toContain(`teams[Nord].members[${d.username}]`);
    expect(csv.body).not.toMatch(/\bvalue\[/);
  });

  test('the roster export names each player’s team among those the organiser formed', async () => {
    const { id, players } = await squad({ checkedIn: 4, teamSize: 2 });
    const [a, b, c, d] = players;
    const api = resultsApi(t, admin.token, id);
    expect((await api.setTeams([{ name: 'Rossi, "Veloci"', members: [a.id, c.id] }])).status).toBe(200);
    const csv = await t.inject({
      method: 'GET',
      url: `/api/tournaments/${id}/registrations.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]!.endsWith(',team')).toBe(true);
    const teamOf = (username: string) =>
      lines
        .find((l) => l.startsWith(`${username},`))!
        .split(',')
        .slice(9)
        .join(',');
    // a comma and quotes in the name stay one quoted value; a player in no team has an empty one
    const quoted = '"Rossi, ""Veloci"""';
    expect([a, c].map((p) => teamOf(p.username))).toEqual([quoted, quoted]);
    expect([b, d].map((p) => teamOf(p.username))).toEqual(['', '']);
  });

  test.each([
    [
      'a team above teamSize',
      400,
      'TEAM_TOO_LARGE',
      (p: Person[]) => [{ name: 'Big', members: [p[0].id, p[1].id, p[2].id] }],
    ],
    [
      'a player in two teams',
      409,
      'PLAYER_IN_TWO_TEAMS',
      (p: Person[]) => [
        { name: 'One', members: [p[0].id, p[1].id] },
        { name: 'Two', members: [p[1].id] },
      ],
    ],
    [
      'a member who did not check in',
      400,
      'ENTRANT_NOT_CHECKED_IN',
      (p: Person[], w: Person[]) => [{ name: 'One', members: [p[0].id, w[0].id] }],
    ],
    [
      'two teams with one name (any case)',
      409,
      'TEAM_NAME_TAKEN',
      (p: Person[]) => [
        { name: 'Lupi', members: [p[0].id] },
        { name: 'LUPI', members: [p[1].id] },
      ],
    ],
  ] as const)('%s is %i %s and changes nothing', async (_name, status, code, teams) => {
    const { id, players, waiting } = await squad({ checkedIn: 3, waiting: 1, teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const before = await t.snapshot();
    expectError(await api.setTeams(teams(players, waiting)), status, code);
    expect(await t.snapshot()).toEqual(before);
  });

  // its entrants are the checked-in players in check-in order
  test('a solo tournament has no teams: 409 NOT_A_TEAM_TOURNAMENT', async () => {
    const { id, players, waiting } = await matchDay(t, admin.token, { checkedIn: 3, waiting: 1 });
    const api = resultsApi(t, admin.token, id);
    expectError(await api.teams(), 409, 'NOT_A_TEAM_TOURNAMENT');
    expectError(await api.autoTeams(), 409, 'NOT_A_TEAM_TOURNAMENT');
    expectError(await api.setTeams([]), 409, 'NOT_A_TEAM_TOURNAMENT');
    const entrants = (await api.entrants()).json.data;
    expect(entrants).toEqual(
      players.map((p) => ({ id: p.id, name: p.username, members: [{ id: p.id, username: p.username }] })),
    );
    expect(entrants.map((e: any) => e.id)).not.toContain(waiting[0].id);
  });
});

describe('teams in matches and standings', () => {
  test('a match names teams; a player id is not an entrant; the standings rank teams with their players', async () => {
    const { id, players } = await squad({ checkedIn: 4, teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const [t1, t2] = (await api.autoTeams()).json.data;
    expectError(await api.createMatch([line(players[0], 1)]), 400, 'ENTRANT_NOT_CHECKED_IN');
    const made = await api.createMatch([
      { entrantId: t2.id, placement: 1, eliminations: 6 },
      { entrantId: t1.id, placement: 2, eliminations: 1 },
    ]);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.data.lines.map((l: any) => l.name)).toEqual(['Team 2', 'Team 1']);
    const s = (await api.standings()).json.data;
    expect(s.teamSize).toBe(2);
    expect(s.rows.map((r: any) => [r.rank, r.name, r.points, r.members.length])).toEqual([
      [1, 'Team 2', 16, 2],
      [2, 'Team 1', 8, 2],
    ]);
    expect(s.rows[0].members.sort()).toEqual(t2.members.map((m: any) => m.username).sort());
  });

  test('a pasted CSV names a team by its name (any case) or by one of its players', async () => {
    const { id, players } = await squad({ checkedIn: 4, teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const [t1, t2] = (
      await api.setTeams([
        { name: 'Lupi Grigi', members: [players[0].id, players[1].id] },
        { name: 'Volpi', members: [players[2].id, players[3].id] },
      ])
    ).json.data;
    const res = await api.preview(`LUPI GRIGI;2;3\n${players[3].username};1;0`);
    expect(res.json.data).toMatchObject({
      valid: true,
      lines: [
        { entrantId: t1.id, placement: 2, eliminations: 3 },
        { entrantId: t2.id, placement: 1, eliminations: 0 },
      ],
    });
    // two players of one team are that team twice
    expect(
      (await api.preview(`${players[0].username},1,0\n${players[1].username},2,0`)).json.data.rows.map(
        (r: any) => r.error,
      ),
    ).toEqual([null, 'ENTRANT_REPEATED']);
  });

  test('teams are fixed once a match has results (409 TEAMS_LOCKED) and once the tournament is finalised', async () => {
    const { id } = await squad({ checkedIn: 4, teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const [t1] = (await api.autoTeams()).json.data;
    expect((await api.createMatch([{ entrantId: t1.id, placement: 1, eliminations: 0 }])).status).toBe(201);
    expectError(await api.autoTeams(), 409, 'TEAMS_LOCKED');
    expectError(await api.setTeams([]), 409, 'TEAMS_LOCKED');
    await finalizeDirectly(t, id);
    expectError(await api.autoTeams(), 409, 'TOURNAMENT_FINALIZED');
  });

  test('two admins forming teams at once: one set of teams, never a player in two, never a 5xx', async () => {
    const { id, players } = await squad({ checkedIn: 6, teamSize: 3 });
    const admin2 = await quickPlayer(t, { admin: true });
    const results = await Promise.all([
      resultsApi(t, admin.token, id).autoTeams(),
      resultsApi(t, admin2.token, id).setTeams([{ name: 'Hand', members: players.slice(0, 3).map((p) => p.id) }]),
      resultsApi(t, admin.token, id).autoTeams(),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await t.db.kysely
      .selectFrom('tournament_team_members')
      .select('user_id')
      .where('tournament_id', '=', id)
      .execute();
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
  });
});

describe('teams at the roster limit', () => {
  // ten thousand members (and five thousand teams) bind more parameters than one SQLite statement may hold; the
  // bound of a minute tells a busy machine from a hang, as the rows are written and read back more than once
  test('10,000 checked-in players in automatic duos: 5,000 teams, every member stored in check-in order', async () => {
    const id = await createTournament(t, admin.token, 'checkinOpen', { maxPartecipants: 10000, teamSize: 2 });
    const roster = await bulkPlayers(t, 10000);
    await seatCheckedIn(t, id, roster, 'Fortnite');
    const api = resultsApi(t, admin.token, id);
    const res = await api.autoTeams();
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    const teams: { name: string; members: { id: string }[] }[] = res.json.data;
    expect(teams).toHaveLength(5000);
    expect(teams.at(-1)!.name).toBe('Team 5000');
    expect(memberIds(teams).flat()).toEqual(roster);
    expect((await api.teams()).json.data).toEqual(teams);
  }, 60_000);
});

// two API processes on one PostgreSQL: a results write through A empties B's micro-cache too
if (engine === 'postgres')
  describe('standings across two API processes', () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await twoApps();
    });
    afterAll(() => pair?.close());

    test("an admin's match entered through A is in B's standings on the next read", async () => {
      const { a, b, admin: boss } = pair;
      const { id, players } = await matchDay(a, boss.token, { checkedIn: 2 });
      expect((await resultsApi(b, boss.token, id).standings()).json.data.matches).toBe(0);
      expect((await resultsApi(a, boss.token, id).createMatch([line(players[0], 1), line(players[1], 2)])).status).toBe(
        201,
      );
      expect((await resultsApi(b, boss.token, id).standings()).json.data.matches).toBe(1);
      expect((await resultsApi(a, boss.token, id).voidMatch(1, true)).status).toBe(200);
      expect((await resultsApi(b, boss.token, id).standings()).json.data.matches).toBe(0);
    });
  });
