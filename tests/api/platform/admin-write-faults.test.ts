import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, quickPlayers, type Person } from '../helpers/tournaments.ts';

/** Admin writes that answered 500: each is now a success or a 4xx with a stable code. */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

describe('concurrent leaderboard replacements', () => {
  test('twenty admins replacing one leaderboard at once all succeed, and one of theirs remains', async () => {
    const competition = (
      await t.call('POST', '/api/tournaments/competitions', {
        token: admin.token,
        body: { name: 'Race league', game: 'Fortnite' },
      })
    ).json.data.id;
    const players = await quickPlayers(t, 30);
    // overlapping player sets, so two replacements insert the same (competition, player) rows
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      teams: [
        {
          name: 'precision',
          players: players
            .slice(i % 5, (i % 5) + 15)
            .map((p, j) => ({ playerId: p.id, playerName: p.username, score: i * 100 + j })),
        },
        { name: 'speed', players: [] },
      ],
    }));
    const answers = await Promise.all(
      bodies.map((body) => t.call('PUT', `/api/tournaments/competition/${competition}`, { token: admin.token, body })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const final = (await t.call('GET', `/api/tournaments/competitions/${competition}`)).json.data;
    const scores = (final.teams as { name: string; players: { playerId: string; score: number }[] }[])
      .flatMap((team) => team.players)
      .map((p) => p.score)
      .sort((a, b) => a - b);
    const sent = bodies.map((b) => b.teams[0].players.map((p) => p.score).sort((x, y) => x - y));
    expect(sent).toContainEqual(scores);
  });
});

describe('admin dates are kept to the years 2000-2100', () => {
  const before1970 = '1969-07-20T20:17:00.000Z';
  const past2100 = '2101-01-01T00:00:00.000Z';

  test.each([before1970, past2100, '1999-12-31T23:59:59.000Z'])(
    'a tournament starting at %s is refused with DATE_OUT_OF_RANGE',
    async (date) => {
      const created = await t.call('POST', '/api/tournaments', {
        token: admin.token,
        body: { name: 'Old cup', game: 'Fortnite', console: ['PC'], maxPartecipants: 8, start_tournament: date },
      });
      expect(created.status).toBe(400);
      expect(created.json.error.code).toBe('DATE_OUT_OF_RANGE');
      const id = await createTournament(t, admin.token);
      const updated = await t.call('PUT', `/api/tournaments/${id}`, {
        token: admin.token,
        body: { start_registration: date },
      });
      expect(updated.status).toBe(400);
      expect(updated.json.error.code).toBe('DATE_OUT_OF_RANGE');
    },
  );

  test('the first and last instants of the range are accepted', async () => {
    const created = await t.call('POST', '/api/tournaments', {
      token: admin.token,
      body: {
        name: 'Edge cup',
        game: 'Fortnite',
        console: ['PC'],
        maxPartecipants: 8,
        start_tournament: '2000-01-01T00:00:00.000Z',
        end_tournament: '2100-12-31T23:59:59.999Z',
      },
    });
    expect(created.status).toBe(201);
  });

  test('a giveaway expiring before 1970 is refused with DATE_OUT_OF_RANGE', async () => {
    const r = await t.call('POST', '/api/marketplace/giveaways', {
      token: admin.token,
      body: { token: 'OLDCODE123', credits: 10, type: 'timed', expiresAt: before1970 },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('DATE_OUT_OF_RANGE');
  });

  test('a campaign deadline or session window before 1970 is refused with DATE_OUT_OF_RANGE', async () => {
    const deadline = await t.call('PUT', '/api/campaigns/cortina', {
      token: admin.token,
      body: { deadline: before1970 },
    });
    expect(deadline.status).toBe(400);
    expect(deadline.json.error.code).toBe('DATE_OUT_OF_RANGE');
    const phases = [1, 2, 3, 4].map((phase) => ({
      phase,
      opensAt: `196${phase}-01-01T00:00:00.000Z`,
      closesAt: `196${phase}-02-01T00:00:00.000Z`,
    }));
    const windows = await t.call('PUT', '/api/campaigns/cortina', { token: admin.token, body: { phases } });
    expect(windows.status).toBe(400);
    expect(windows.json.error.code).toBe('DATE_OUT_OF_RANGE');
  });

  // such dates come from older data
  test('calendar.ics of a tournament stored with a date before 1970 is still a valid calendar', async () => {
    const id = await createTournament(t, admin.token);
    await t.db.kysely
      .updateTable('tournaments')
      .set({ start_tournament: before1970, end_tournament: '1969-07-21T02:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const res = await t.inject({ method: 'GET', url: `/api/tournaments/${id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.body).toMatch(/DTSTART:19690720T201700Z/);
    expect(res.body).toMatch(/DTEND:19690721T020000Z/);
  });
});
