import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import type { Tournament } from '../../../src/features/tournaments/contract.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { HistoryEntry } from '../../../src/features/players/contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The demo's newer formats, as a visitor and the demo admin read them: a double elimination decided
 * in the grand final's reset, a three-round Swiss, a battle royale played in two lobbies, all
 * finalised with their prizes paid, and giulia's and alex's public pages listing what they played.
 */
let t: TestApp;
let tournaments: Tournament[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemo(t.app);
  tournaments = (await t.call('GET', '/api/tournaments?limit=100')).json.data;
});
afterAll(() => t?.close());

const named = (name: string) => {
  const found = tournaments.find((x) => x.name === name);
  expect(found, name).toBeDefined();
  return found!;
};
const bracketOf = async (id: string): Promise<Bracket> =>
  (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data;
const matchesOf = (b: Bracket): BracketMatch[] => b.rounds.flatMap((r) => r.matches);
const prizesOf = async (id: string) => {
  const admin = await t.login('admin@demo.arena', 'demo-admin-2026');
  return (await t.call('GET', `/api/tournaments/${id}/prizes`, { token: admin })).json.data;
};
const profileOf = async (username: string) => (await t.call('GET', `/api/players/${username}`)).json.data;

test('the double elimination is complete: the losers’ finalist wins the grand final, the reset decides', async () => {
  const de = named('EAFC25 Double Trouble');
  expect(de.format).toBe('double_elimination');
  const b = await bracketOf(de.id);
  expect(b.format).toBe('double_elimination');
  expect(b.complete).toBe(true);
  const all = matchesOf(b);
  expect(all.every((m) => m.state === 'confirmed' || m.state === 'bye')).toBe(true);
  // group 3 is the grand final: round 1 the final itself, round 2 its reset
  const final = all.find((m) => m.group === 3 && m.round === 1)!;
  const reset = all.find((m) => m.group === 3 && m.round === 2)!;
  const winnersFinal = all.filter((m) => m.group === 1).at(-1)!;
  expect(final.state).toBe('confirmed');
  // the winners' bracket champion lost the grand final, so the reset was played and has its result
  expect(final.winner).not.toBe(winnersFinal.winner);
  expect(reset.state).toBe('confirmed');
  expect(reset.decidedBy).toBe('players');
  expect(b.champion?.id).toBe(reset.winner);
  // eight players, the demo's two among them
  const names = new Set(all.flatMap((m) => [m.sideA?.name, m.sideB?.name]).filter(Boolean));
  expect(names.size).toBe(8);
  expect([...names]).toEqual(expect.arrayContaining(['giulia', 'alex']));
});

test('the double elimination is finalised: places 1 to 3 paid', async () => {
  const de = named('EAFC25 Double Trouble');
  const champion = (await bracketOf(de.id)).champion!;
  const prizes = await prizesOf(de.id);
  expect(prizes.finalizedAt).not.toBeNull();
  const paid = prizes.payouts.map((p: { rank: number; credits: number }) => [p.rank, p.credits]);
  expect(paid).toEqual([
    [1, 300],
    [2, 150],
    [3, 75],
  ]);
  expect(prizes.payouts[0].userId).toBe(champion.id);
});

// the rounds were among eight players
test('the Swiss tournament played three rounds, then a playoff of its top four, and is finalised', async () => {
  const swiss = named('EAFC24 Swiss Series');
  expect(swiss.format).toBe('swiss');
  const b = await bracketOf(swiss.id);
  expect(b.format).toBe('swiss');
  expect(b.complete).toBe(true);
  expect(b.swiss).toMatchObject({ rounds: 3, current: 3 });
  expect(new Set(b.rounds.map((r) => r.round))).toEqual(new Set([1, 2, 3]));
  const all = matchesOf(b);
  expect(all).toHaveLength(12);
  expect(all.every((m) => m.state === 'confirmed')).toBe(true);
  // some matches ended level: the table needs its tiebreakers
  expect(all.some((m) => m.winner === null)).toBe(true);
  expect(b.tables[0]!.rows).toHaveLength(8);
  // the table's top four played a single-elimination playoff with a third-place match
  expect(b.playoff).toMatchObject({ format: 'single_elimination', size: 4, complete: true });
  const playoff = b.playoff!.rounds.flatMap((r) => r.matches);
  expect(playoff).toHaveLength(4);
  expect(playoff.every((m) => m.state === 'confirmed')).toBe(true);
  const top4 = b.tables[0]!.rows.slice(0, 4).map((r) => r.entrantId);
  expect(new Set(playoff.flatMap((m) => [m.sideA!.id, m.sideB!.id]))).toEqual(new Set(top4));
  // finalised in the playoff's order, then the table's: the playoff's champion took the first prize
  const prizes = await prizesOf(swiss.id);
  expect(prizes.finalizedAt).not.toBeNull();
  expect(prizes.payouts[0]).toMatchObject({ rank: 1, credits: 250, userId: b.playoff!.champion!.id });
  expect(prizes.payouts.map((p: { rank: number }) => p.rank)).toEqual([1, 2, 3, 4]);
});

test('the two-lobby battle royale: more players than a lobby holds, matches in both, one standings table', async () => {
  const br = named('Warzone Lobby Clash');
  expect(br.format).toBe('battle_royale');
  const admin = await t.login('admin@demo.arena', 'demo-admin-2026');
  const lobbies = (await t.call('GET', `/api/tournaments/${br.id}/lobbies`, { token: admin })).json.data;
  expect(lobbies.lobbies).toHaveLength(2);
  const sizes = lobbies.lobbies.map((l: { entrants: unknown[] }) => l.entrants.length);
  expect(sizes.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(lobbies.lobbySize);
  for (const l of lobbies.lobbies) expect(l.matchesWithResults).toBeGreaterThan(0);
  expect(lobbies.unassigned).toEqual([]);
  const standings = (await t.call('GET', `/api/tournaments/${br.id}/standings`)).json.data;
  expect(standings.final).toBe(true);
  expect(standings.rows).toHaveLength(sizes[0] + sizes[1]);
  // the table mixes both lobbies' players
  const inLobby = (n: number) => new Set(lobbies.lobbies[n].entrants.map((e: { id: string }) => e.id));
  const top = standings.rows.slice(0, 6).map((r: { entrantId: string }) => r.entrantId);
  expect(top.some((id: string) => inLobby(0).has(id))).toBe(true);
  expect(top.some((id: string) => inLobby(1).has(id))).toBe(true);
});

test('giulia’s and alex’s pages list the new tournaments with places, points and prizes', async () => {
  for (const username of ['giulia', 'alex']) {
    const profile = await profileOf(username);
    const history: HistoryEntry[] = profile.history.data;
    expect(profile.history.total).toBeGreaterThanOrEqual(3);
    const formats = new Set(history.filter((h) => h.finalized).map((h) => h.format));
    expect(formats).toEqual(new Set(['double_elimination', 'swiss', 'battle_royale']));
    for (const h of history.filter((x) => x.finalized)) expect(h.rank, `${username} ${h.name.it}`).toBeGreaterThan(0);
    const br = history.find((h) => h.format === 'battle_royale' && h.finalized)!;
    expect(br.points).toBeGreaterThan(0);
    expect(br.matchesPlayed).toBe(3);
    const de = history.find((h) => h.format === 'double_elimination')!;
    // giulia and alex are the first two seeds: they meet in the grand final, both paid
    expect([1, 2]).toContain(de.rank);
    expect(de.credits).toBeGreaterThan(0);
  }
});

test('the duo tournament has real teams: two whole (giulia and alex together) holding slots, one waiting', async () => {
  const duo = named('Marvel Rivals Team Up');
  expect(duo.teamSize).toBe(2);
  const teams = (await t.call('GET', `/api/tournaments/${duo.id}/entry-teams`)).json.data as {
    name: string;
    complete: boolean;
    members: { username: string; state: string }[];
  }[];
  expect(teams.map((x) => [x.name, x.complete])).toEqual([
    ['Duo Tempesta', true],
    ['Night Owls', true],
    ['Pixel Pair', false],
  ]);
  expect(teams[0]!.members.map((m) => [m.username, m.state])).toEqual([
    ['giulia', 'accepted'],
    ['alex', 'accepted'],
  ]);
  expect(teams[2]!.members.map((m) => m.state)).toEqual(['accepted', 'invited']);
  // a whole team holds one slot and registers both its members
  const fresh = (await t.call('GET', `/api/tournaments/${duo.id}`)).json.data;
  expect(fresh.members).toHaveLength(4);
  const row = await t.db.kysely
    .selectFrom('tournaments')
    .select('member_count')
    .where('id', '=', duo.id)
    .executeTakeFirstOrThrow();
  expect(row.member_count).toBe(2);
});

// alex is checked in
test('the tournament in check-in has its lobby key posted, seen by alex only from near the start', async () => {
  const sprint = named('Fortnite Zero Build Sprint');
  const alex = await t.login('alex@demo.arena', 'demo-player-2026');
  const mine = await t.call('GET', `/api/tournaments/${sprint.id}/lobbies/mine`, { token: alex });
  expect(mine.status).toBe(200);
  expect(mine.json.data).toMatchObject({ lobby: 1, lobbies: 1, code: null });
  expect(Date.parse(mine.json.data.codeVisibleFrom)).toBe(Date.parse(sprint.start_tournament!) - 10 * 60_000);
  const admin = await t.login('admin@demo.arena', 'demo-admin-2026');
  const lobbies = (await t.call('GET', `/api/tournaments/${sprint.id}/lobbies`, { token: admin })).json.data;
  expect(lobbies.lobbies[0].code).toBe('ZB-SPRINT-7Q4K');
});
