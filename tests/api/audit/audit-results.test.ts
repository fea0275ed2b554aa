import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bracket } from '../../../src/features/brackets/contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { form, png } from '../helpers/campaign.ts';
import { expectError } from '../helpers/expect-error.ts';
import { line, matchDay, resultsApi } from '../helpers/results.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayers,
  registration,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';

/**
 * "Who changed this tournament's results": every results, report, bracket and prize write is labelled with the
 * tournament's name (and the match, and the player where there is one), found by category and by tournament.
 */

let t: TestApp;
let admin: Person;
let etna: string;
let players: Person[];
let other: string;
let cup: string;
let reportId: string;

type Entry = { action: string; entityType: string; entityId: string; entityLabel: string };

const log = async (query: string) => {
  const r = await t.call('GET', `/api/admin/audit?limit=100&${query}`, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Entry[];
};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await quickPlayers(t, 1, { admin: true });
  ({ id: etna, players } = await matchDay(t, admin.token, { checkedIn: 3, overrides: { name: 'Coppa Etna' } }));
  const api = resultsApi(t, admin.token, etna);
  const scoring = (await api.scoring()).json.data;
  expect((await api.setScoring({ ...scoring, lobbySize: 50 })).status).toBe(200);
  const lines = [line(players[0], 1, 3), line(players[1], 2), line(players[2], 3)];
  expect((await api.createMatch(lines)).status).toBe(201);
  expect((await api.updateMatch(1, [line(players[0], 2), line(players[1], 1), line(players[2], 3)])).status).toBe(200);
  expect((await api.voidMatch(1, true)).status).toBe(200);
  // a player's report, rejected by the admin, once the tournament is live
  await setPhase(t, admin.token, etna, 'ongoing');
  const body = form({ matchNumber: '2', placement: '1', eliminations: '4' }, [{ data: await png(7) }]);
  const sent = await t.inject({
    method: 'POST',
    url: `/api/tournaments/${etna}/reports`,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${players[2].token}` },
    payload: body.body,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  reportId = sent.json().data.id;
  const rejected = await t.call('POST', `/api/tournaments/${etna}/reports/${reportId}/review`, {
    token: admin.token,
    body: { decision: 'reject', reason: 'The picture shows another match' },
  });
  expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
  const prizes = await t.call('PUT', `/api/tournaments/${etna}/prizes`, {
    token: admin.token,
    body: { prizes: [{ from: 1, to: 1, credits: 50 }] },
  });
  expect(prizes.status, JSON.stringify(prizes.json)).toBe(200);

  // another battle-royale tournament with a match: the filter by tournament leaves it out
  ({ id: other } = await matchDay(t, admin.token, { checkedIn: 1, overrides: { name: 'Coppa Vesuvio' } }));
  const [alone] = (await resultsApi(t, admin.token, other).entrants()).json.data as { id: string }[];
  expect((await resultsApi(t, admin.token, other).createMatch([line(alone, 1)])).status).toBe(201);

  // a single-elimination bracket, generated and overridden
  cup = await createTournament(t, admin.token, 'registration', {
    name: 'Coppa Stromboli',
    game: 'Valorant',
    maxPartecipants: 8,
  });
  const pair = await quickPlayers(t, 2);
  for (const p of pair) expect((await join(t, cup, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  await setPhase(t, admin.token, cup, 'checkinOpen');
  for (const p of pair) expect((await checkIn(t, cup, p, registration(p.id, { game: 'Valorant' }))).status).toBe(200);
  const generated = await t.call('POST', `/api/tournaments/${cup}/bracket`, {
    token: admin.token,
    body: { seeding: 'checkin' },
  });
  expect(generated.status, JSON.stringify(generated.json)).toBe(200);
  const bracket = generated.json.data as Bracket;
  const final = bracket.rounds[0].matches[0];
  const overridden = await t.call('POST', `/api/tournaments/${cup}/bracket/matches/${final.id}/override`, {
    token: admin.token,
    body: { scoreA: 2, scoreB: 1 },
  });
  expect(overridden.status, JSON.stringify(overridden.json)).toBe(200);
});
afterAll(() => t?.close());

describe('results writes carry a readable label', () => {
  test('the scoring table, each match and the prizes name the tournament, a match its number', async () => {
    const entries = await log(`tournament=${etna}`);
    const labelOf = (action: string) => entries.find((e) => e.action === action)?.entityLabel;
    expect(labelOf('scoring.update')).toBe('Coppa Etna');
    expect(labelOf('match.create')).toBe('Coppa Etna · #1');
    expect(labelOf('match.update')).toBe('Coppa Etna · #1');
    expect(labelOf('match.void')).toBe('Coppa Etna · #1');
    expect(labelOf('tournament.prizes')).toBe('Coppa Etna');
  });

  test("a report's review names the tournament, the match and the player who reported", async () => {
    const [rejected] = await log(`category=reports&tournament=${etna}`);
    expect(rejected).toMatchObject({ action: 'report.reject', entityType: 'report', entityId: reportId });
    expect(rejected.entityLabel).toBe(`Coppa Etna · #2 · ${players[2].username}`);
  });

  test('a bracket names its tournament, an overridden match its two sides', async () => {
    const entries = await log(`category=brackets&tournament=${cup}`);
    expect(entries.map((e) => e.action)).toEqual(['bracket.override', 'bracket.generate']);
    expect(entries[1].entityLabel).toBe('Coppa Stromboli');
    expect(entries[0].entityLabel).toMatch(/^Coppa Stromboli · p_\S+ – p_\S+$/);
  });

  test('no entry of these tournaments is left without a label', async () => {
    for (const id of [etna, other, cup])
      expect((await log(`tournament=${id}`)).filter((e) => !e.entityLabel)).toEqual([]);
  });
});

describe('the log is filtered by category and by tournament', () => {
  // its creation, roster, results, reports and prizes
  test("a tournament's entries are its own, not another's", async () => {
    const actions = (await log(`tournament=${etna}`)).map((e) => e.action);
    for (const a of ['tournament.create', 'scoring.update', 'match.create', 'match.void', 'report.reject'])
      expect(actions).toContain(a);
    expect(actions).toContain('tournament.prizes');
    const others = (await log(`tournament=${other}`)).map((e) => e.action);
    expect(others).toContain('match.create');
    expect(others).not.toContain('report.reject');
    expect(others).not.toContain('scoring.update');
  });

  test('the matches category is every match write and nothing else; it combines with the tournament', async () => {
    const all = await log('category=matches');
    expect(new Set(all.map((e) => e.action))).toEqual(new Set(['match.create', 'match.update', 'match.void']));
    expect((await log(`category=matches&tournament=${etna}`)).map((e) => e.action)).toEqual([
      'match.void',
      'match.update',
      'match.create',
    ]);
  });

  test('scoring and prizes are categories of their own; the search finds results writes by the name', async () => {
    expect((await log('category=scoring')).map((e) => e.action)).toEqual(['scoring.update']);
    expect((await log(`category=prizes&tournament=${etna}`)).map((e) => e.action)).toEqual(['tournament.prizes']);
    const found = await log('search=etna%20%C2%B7%20%231');
    expect(new Set(found.map((e) => e.action))).toEqual(new Set(['match.create', 'match.update', 'match.void']));
  });

  test('the export takes the same filter', async () => {
    const r = await t.call('GET', `/api/admin/audit/export?category=matches&tournament=${other}`, {
      token: admin.token,
    });
    expect(r.status).toBe(200);
    // one entry: its row names the action and the label (its changes cell spans lines of its own)
    const csv: string = r.res.body;
    expect(csv.match(/,match\.\w+,/g)).toEqual([',match.create,']);
    expect(csv).toContain('Coppa Vesuvio · #1');
    expect(csv).not.toContain('Coppa Etna');
  });

  test('an unknown category or a malformed tournament id is a 400, never a 5xx', async () => {
    for (const q of ['category=nothing', 'tournament=a%20b', `tournament=${'x'.repeat(65)}`])
      expectError(await t.call('GET', `/api/admin/audit?${q}`, { token: admin.token }), 400, 'VALIDATION_ERROR');
  });
});
