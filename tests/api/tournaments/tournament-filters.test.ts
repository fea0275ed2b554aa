import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, registration, type Person } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import {
  listPhases,
  phaseOf,
  phasesOfListPhase,
  teamSizeFilterOf,
  type ListPhase,
  type Phase,
} from '../../../src/features/tournaments/rules.ts';
import type { Tournament } from '../../../src/features/tournaments/contract.ts';

/**
 * GET /tournaments?game=&platform=&phase=&teamSize=: the public list's filters (the /tournaments page
 * keeps them in its address). The phase is the one the card's badge shows, worked out by the database
 * now; each filter narrows the search, the paging, a player's own list and a signed-in reader's list.
 */
let t: TestApp;
let admin: Person;
let player: Person;
const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
  const phases: Phase[] = [
    'waiting',
    'registration',
    'registrationClosed',
    'checkinOpen',
    'checkinClosed',
    'ongoing',
    'complete',
  ];
  for (const phase of phases) await createTournament(t, admin.token, phase, { name: `Phase ${phase}` });
  // the admin's status wins over the schedule
  await createTournament(t, admin.token, 'registration', { name: 'Forced ended', status: 2 });
  await createTournament(t, admin.token, 'waiting', { name: 'Forced live', status: 1 });
  // no check-in window: registration closed by its own date until the start
  await createTournament(t, admin.token, 'registration', {
    name: 'No checkin closed',
    start_registration: at(-120),
    end_registration: at(-30),
    start_checkin: null,
    end_checkin: null,
    start_tournament: at(60),
    end_tournament: at(180),
  });
  // unscheduled: counted as started, as its page says
  await createTournament(t, admin.token, 'registration', {
    name: 'Unscheduled',
    start_registration: null,
    start_checkin: null,
    end_checkin: null,
    start_tournament: null,
    end_tournament: null,
  });
  // games, consoles and team sizes, all with registration open
  const open = (name: string, overrides: object) =>
    createTournament(t, admin.token, 'registration', { name, ...overrides });
  await open('Valorant five', { game: 'Valorant', console: ['PC'], teamSize: 5 });
  await open('Warzone trio', { game: 'Warzone', console: ['PS4', 'XBOX'], teamSize: 3 });
  await open('Warzone duo', { game: 'Warzone', console: ['PS5'], teamSize: 2 });
  await open('Fortnite squad', { console: ['SWITCH', 'MOBILE'], teamSize: 4 });
  const soloOne = await open('Fortnite solo one', { console: ['PS5'], teamSize: 1 });
  expect((await join(t, soloOne, player, registration(player.id, { console: 'PS5' }))).status).toBe(200);
});
afterAll(() => t?.close());

const list = async (query: string, token?: string) => {
  const page = query.includes('limit=') ? '' : 'limit=100&';
  const r = await t.call('GET', `/api/tournaments?${page}${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { data: r.json.data as Tournament[], total: r.json.total as number };
};
const names = async (query: string, token?: string) => (await list(query, token)).data.map((x) => x.name).sort();

test('each phase filter lists the tournaments whose badge shows one of its phases, and each is in one', async () => {
  const all = (await list('')).data;
  const now = Date.now();
  const listPhaseOf = (x: Tournament) => listPhases.find((lp) => phasesOfListPhase[lp].includes(phaseOf(x, now)))!;
  const seen = new Set<string>();
  for (const lp of listPhases) {
    const expected = all
      .filter((x) => listPhaseOf(x) === lp)
      .map((x) => x.name)
      .sort();
    const got = await names(`phase=${lp}`);
    expect(got, lp).toEqual(expected);
    got.forEach((n) => seen.add(n));
  }
  expect(seen.size).toBe(all.length);
  const byPhase: Record<ListPhase, string[]> = {
    registration: await names('phase=registration&game=Fortnite&teamSize=solo'),
    checkin: await names('phase=checkin'),
    live: await names('phase=live'),
    ended: await names('phase=ended'),
    upcoming: await names('phase=upcoming'),
  };
  expect(byPhase).toEqual({
    registration: ['Fortnite solo one', 'Phase registration'],
    checkin: ['Phase checkinOpen'],
    live: ['Forced live', 'Phase ongoing', 'Unscheduled'],
    ended: ['Forced ended', 'Phase complete'],
    upcoming: ['No checkin closed', 'Phase checkinClosed', 'Phase registrationClosed', 'Phase waiting'],
  });
});

test('the game, the console (one of several, PS4 apart from PS5) and the team size filter, together too', async () => {
  expect(await names('game=Warzone')).toEqual(['Warzone duo', 'Warzone trio']);
  expect(await names('platform=PS5&phase=registration')).toEqual([
    'Fortnite solo one',
    'Phase registration',
    'Warzone duo',
  ]);
  expect(await names('platform=PS4')).toEqual(['Warzone trio']);
  expect(await names('platform=MOBILE')).toEqual(['Fortnite squad']);
  expect(await names('teamSize=duo')).toEqual(['Warzone duo']);
  expect(await names('teamSize=trio')).toEqual(['Warzone trio']);
  expect(await names('teamSize=squad')).toEqual(['Fortnite squad']);
  expect(await names('teamSize=large')).toEqual(['Valorant five']);
  const solo = (await list('teamSize=solo')).data;
  expect(solo.every((x) => teamSizeFilterOf(x.teamSize) === 'solo')).toBe(true);
  expect(solo.map((x) => x.name)).toContain('Fortnite solo one');
  expect(await names('game=Warzone&platform=XBOX&teamSize=trio&phase=registration')).toEqual(['Warzone trio']);
  expect(await names('game=Warzone&platform=PC')).toEqual([]);
  expect(await names('game=MARVEL_SNAP')).toEqual([]);
});

test('the filters narrow the search and the total, the pages follow them', async () => {
  expect(await names('search=warzone&teamSize=duo')).toEqual(['Warzone duo']);
  const first = await list('phase=upcoming&limit=2');
  expect(first.total).toBe(4);
  expect(first.data).toHaveLength(2);
  const second = await list('phase=upcoming&limit=2&offset=2');
  expect(second.total).toBe(4);
  expect([...first.data, ...second.data].map((x) => x.name).sort()).toEqual(await names('phase=upcoming'));
});

test("a player's own list and a signed-in reader's list are filtered the same way", async () => {
  expect(await names(`members=${player.id}&platform=PS5`, player.token)).toEqual(['Fortnite solo one']);
  expect(await names(`members=${player.id}&platform=PC`, player.token)).toEqual([]);
  const mine = (await list('game=Fortnite&teamSize=solo&phase=registration', player.token)).data;
  expect(mine.map((x) => [x.name, x.me?.member])).toEqual(
    expect.arrayContaining([
      ['Fortnite solo one', true],
      ['Phase registration', false],
    ]),
  );
  expect(mine).toHaveLength(2);
});

test('a value a filter does not know is a 400 UNKNOWN_TOURNAMENT_FILTER, whatever the filter', async () => {
  for (const query of [
    'game=Tetris',
    'game=fortnite',
    'game=',
    'platform=ps5',
    'platform=PS3',
    'phase=registrationClosed',
    'phase=soon',
    'teamSize=2',
    'teamSize=quintet',
    "game=Fortnite'%20or%201=1--",
    'platform=%00',
  ]) {
    const r = await t.call('GET', `/api/tournaments?${query}`);
    expectError(r, 400, 'UNKNOWN_TOURNAMENT_FILTER');
  }
});
