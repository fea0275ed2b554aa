import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoPrivateTournamentPassword, seedDemo } from '../../../src/app/seed.ts';
import { phaseOf, type Phase } from '../../../src/features/tournaments/rules.ts';
import type { Tournament } from '../../../src/features/tournaments/contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The demo content: every phase, the championship with its four qualifiers, a filled leaderboard. */
let t: TestApp;
let tournaments: Tournament[];
let giulia: { token: string; id: string };
let alex: { token: string; id: string };
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemo(t.app);
  tournaments = (await t.call('GET', '/api/tournaments?limit=100')).json.data;
  const login = async (email: string) => {
    const res = await t.call('POST', '/api/users/authenticate', { body: { email, password: 'demo-player-2026' } });
    return { token: res.json.data.token, id: res.json.data.user.id };
  };
  giulia = await login('giulia@demo.arena');
  alex = await login('alex@demo.arena');
});
afterAll(() => t?.close());

const byName = (part: string) => tournaments.find((x) => x.name.includes(part))!;

// how long seeding takes is measured by `npm run bench` (the demo seed row), not asserted here

test('there is a tournament in every phase', () => {
  const phases = new Set(tournaments.map((x) => phaseOf(x)));
  const all: Phase[] = ['waiting', 'registration', 'checkinOpen', 'checkinClosed', 'ongoing', 'complete'];
  for (const p of all) expect(phases, p).toContain(p);
});

test('every demo tournament has a picture of its game, committed under public/, one per game', () => {
  const byGame = new Map<string, Set<string>>();
  for (const x of tournaments) {
    expect(x.thumbnail).toMatch(/^\/demo\/games\/[a-z0-9_]+\.svg$/);
    expect(existsSync(path.join('public', x.thumbnail))).toBe(true);
    byGame.set(x.game, (byGame.get(x.game) ?? new Set()).add(x.thumbnail));
  }
  const pictures = [...byGame.values()].map((s) => [...s]);
  expect(pictures.every((p) => p.length === 1)).toBe(true);
  expect(new Set(pictures.flat()).size).toBe(byGame.size);
});

// the first two public, the EAFC25 one private
test('registration is open on a Fortnite tournament of the championship, a Valorant one and an EAFC25 one', () => {
  const open = tournaments.filter((x) => phaseOf(x) === 'registration');
  expect(open.some((x) => x.game === 'Fortnite' && x.open && x.competitionId)).toBe(true);
  expect(open.some((x) => x.game === 'Valorant' && x.open)).toBe(true);
  expect(open.some((x) => x.game === 'EAFC25' && !x.open)).toBe(true);
});

test('the private tournament opens with the printed password', async () => {
  const eafc = tournaments.find((x) => x.game === 'EAFC25' && !x.open)!;
  const body = (password: string) => ({
    gameAccounts: [
      { userId: giulia.id, gameAccount: { username: 'giulia_fc', id: 'giulia-psn', game: 'EAFC25', console: 'PS5' } },
    ],
    password,
  });
  expect(
    (await t.call('POST', `/api/tournaments/${eafc.id}/register`, { token: giulia.token, body: body('nope') })).json
      .error.code,
  ).toBe('WRONG_PASSWORD');
  const res = await t.call('POST', `/api/tournaments/${eafc.id}/register`, {
    token: giulia.token,
    body: body(demoPrivateTournamentPassword),
  });
  expect(res.status).toBe(200);
  expect(res.json.data.state).toBe('member');
});

test('giulia and alex are members of the tournament in check-in; they see check-in and check-out', async () => {
  const checkin = tournaments.find((x) => phaseOf(x) === 'checkinOpen')!;
  expect(checkin.members).toEqual(expect.arrayContaining([giulia.id, alex.id]));
  const g = (await t.call('GET', `/api/tournaments/${checkin.id}`, { token: giulia.token })).json.data;
  const a = (await t.call('GET', `/api/tournaments/${checkin.id}`, { token: alex.token })).json.data;
  expect(g.me).toMatchObject({ member: true, confirmed: false });
  expect(a.me).toMatchObject({ member: true, confirmed: true });
  // giulia can really check in with her saved Fortnite account
  const res = await t.call('POST', `/api/tournaments/${checkin.id}/register/checkin`, {
    token: giulia.token,
    body: {
      gameAccounts: [
        { userId: giulia.id, gameAccount: { username: 'GiuliaFN', id: 'GiuliaFN', game: 'Fortnite', console: 'PC' } },
      ],
    },
  });
  expect(res.status).toBe(200);
  expect(res.json.data.me.confirmed).toBe(true);
});

describe('the championship', () => {
  test('is one Fortnite competition at /{brand}-bomber-championship', async () => {
    const res = await t.call('GET', '/api/tournaments/competitions');
    expect(res.json.total).toBe(1);
    expect(res.json.data[0]).toMatchObject({
      game: 'Fortnite',
      url: `/${t.config.brandSlug}-bomber-championship`,
      thumbnail: '/demo/games/fortnite.svg',
    });
  });

  test('has four qualifiers with a fixed date text in both languages', async () => {
    const competitionId = (await t.call('GET', '/api/tournaments/competitions')).json.data[0].id;
    const qualifiers = tournaments.filter((x) => x.competitionId === competitionId && x.dateText.it !== '');
    expect(qualifiers).toHaveLength(4);
    for (const q of qualifiers) {
      expect(q.dateText.it).toMatch(/Qualifica \d/);
      expect(q.dateText.en).toMatch(/Qualifier \d/);
    }
  });

  test('has a leaderboard of about two dozen players in both factions, by score', async () => {
    const [competition] = (await t.call('GET', '/api/tournaments/competitions')).json.data;
    const [precision, speed] = competition.teams;
    expect(precision.name).toBe('precision');
    expect(speed.name).toBe('speed');
    expect(precision.players.length + speed.players.length).toBeGreaterThanOrEqual(20);
    expect(precision.players.length).toBeGreaterThan(5);
    expect(speed.players.length).toBeGreaterThan(5);
    for (const team of [precision, speed]) {
      const scores = team.players.map((p: { score: number }) => p.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });
});

test('varied data: consoles, team sizes, slot counts, rich text; member counts match the registrations', async () => {
  expect(new Set(tournaments.map((x) => x.teamSize))).toEqual(new Set([null, 2, 5]));
  expect(new Set(tournaments.flatMap((x) => x.console)).size).toBeGreaterThanOrEqual(5);
  expect(new Set(tournaments.map((x) => x.maxPartecipants)).size).toBeGreaterThan(4);
  // read again: earlier tests joined and checked in
  const fresh: Tournament[] = (await t.call('GET', '/api/tournaments?limit=100')).json.data;
  for (const x of fresh) {
    expect(x.description).toMatch(/<h2>/);
    expect(x.rules).toMatch(/<li>/);
    expect(x.members.length).toBeLessThanOrEqual(x.maxPartecipants);
    const row = await t.db.kysely
      .selectFrom('tournaments')
      .select('member_count')
      .where('id', '=', x.id)
      .executeTakeFirstOrThrow();
    // a whole team (the duo tournament's) holds one slot for its members
    const teamMembers = await t.db.kysely
      .selectFrom('entry_team_members as m')
      .innerJoin('entry_teams as e', 'e.id', 'm.team_id')
      .select(['m.team_id'])
      .where('m.tournament_id', '=', x.id)
      .where('e.complete', '=', 1)
      .execute();
    const teams = new Set(teamMembers.map((m) => m.team_id)).size;
    expect(row.member_count).toBe(x.members.length - teamMembers.length + teams);
  }
  // the full Valorant tournament shows the waitlist
  expect(byName('Valorant')).toMatchObject({ waitlistCount: expect.any(Number) });
  expect(byName('Valorant').waitlistCount).toBeGreaterThan(0);
  expect(byName('Valorant').members.length).toBe(byName('Valorant').maxPartecipants);
});

test('the leaderboard players cannot log in', async () => {
  const row = await t.db.kysely
    .selectFrom('users')
    .select('email')
    .where('email', 'like', '%@players.demo.arena')
    .executeTakeFirstOrThrow();
  for (const password of ['demo-player-2026', 'demo-admin-2026', '', 'password']) {
    const res = await t.call('POST', '/api/users/authenticate', {
      body: { email: row.email, password: password || 'x' },
    });
    expect(res.status).toBe(401);
  }
});

test('a second run adds nothing', async () => {
  const before = await t.snapshot();
  expect(await seedDemo(t.app)).toEqual([]);
  expect(await t.snapshot()).toEqual(before);
});
