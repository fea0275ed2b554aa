import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { form, png } from '../helpers/campaign.ts';
import { checkIn, createTournament, join, quickPlayer, quickPlayers, registration, setPhase, tournamentRow, type Person } from '../helpers/tournaments.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { StandingsRow } from '../../../src/features/results/contract.ts';
import type { Game } from '../../../src/platform/games.ts';

/**
 * A bracket's results against finalising and the roster: a report sent at the same instant as the
 * finalisation either lands before it (and the champion is paid as champion) or is refused, and a
 * player disqualified after the bracket was generated no longer reports.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const expectError = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toEqual({ status: 'ERROR', error: expect.objectContaining({ code }) });
};

/** A tournament of `game` (single elimination unless `format` says) whose `n` players joined and checked in, in order. */
async function field(n: number, game: Game = 'Valorant', format?: 'round_robin') {
  const id = await createTournament(t, admin.token, 'registration', { game, maxPartecipants: 64, ...(format ? { format } : {}) });
  const people = await quickPlayers(t, n);
  for (const p of people) expect((await join(t, id, p, registration(p.id, { game }))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await checkIn(t, id, p, registration(p.id, { game }))).status).toBe(200);
  return { id, people };
}

const generate = async (id: string): Promise<Bracket> => {
  const res = await t.call('POST', `/api/tournaments/${id}/bracket`, { token: admin.token, body: { seeding: 'checkin' } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const getBracket = async (id: string): Promise<Bracket> => (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data;
const report = (id: string, matchId: string, p: Person, scoreA: number, scoreB: number) => t.call('POST', `/api/tournaments/${id}/bracket/matches/${matchId}/report`, { token: p.token, body: { scoreA, scoreB } });
const disqualify = (id: string, p: Person) => t.call('POST', `/api/tournaments/${id}/registrations/${p.id}/disqualify`, { token: admin.token, body: { reason: 'Cheating' } });
const finalise = (id: string) => t.call('POST', `/api/tournaments/${id}/finalise`, { token: admin.token });
const person = (people: Person[], name: string | undefined) => people.find((p) => p.username === name)!;
const reportsOf = (matchId: string) => t.db.kysely.selectFrom('bracket_reports').selectAll().where('match_id', '=', matchId).execute();

describe('a disqualified player', () => {
  test('reports no bracket score (403 NOT_CHECKED_IN, as in battle royale): nothing is stored and nobody advances', async () => {
    const { id, people } = await field(4);
    const semi = (await generate(id)).rounds[0]!.matches[0]!;
    const [a, b] = [person(people, semi.sideA!.name), person(people, semi.sideB!.name)];
    const mine = async (p: Person) => (await t.call('GET', `/api/tournaments/${id}/bracket/mine`, { token: p.token })).json.data;
    expect(await mine(a)).toEqual([{ matchId: semi.id, side: 'a', report: null }]);
    expect((await disqualify(id, a)).status).toBe(200);
    // the player's page no longer offers the match to report
    expect(await mine(a)).toEqual([]);
    expect(await mine(b)).toEqual([{ matchId: semi.id, side: 'b', report: null }]);

    expectError(await report(id, semi.id, a, 2, 0), 403, 'NOT_CHECKED_IN');
    expect(await reportsOf(semi.id)).toEqual([]);
    // the opponent's report alone confirms nothing either, and a later report by the disqualified player is refused too
    expect((await report(id, semi.id, b, 2, 0)).json.data.state).toBe('awaiting');
    expectError(await report(id, semi.id, a, 2, 0), 403, 'NOT_CHECKED_IN');
    const after = await getBracket(id);
    expect(after.rounds[0]!.matches[0]!).toMatchObject({ state: 'awaiting', winner: null });
    expect(after.rounds[1]!.matches[0]!.sideA).toBeNull();
  });

  test('round robin too', async () => {
    const { id, people } = await field(3, 'Valorant', 'round_robin');
    const b = await generate(id);
    expect(b.format).toBe('round_robin');
    const m = b.rounds.flatMap((r) => r.matches).find((x) => x.sideA && x.sideB)!;
    const a = person(people, m.sideA!.name);
    expect((await disqualify(id, a)).status).toBe(200);
    expectError(await report(id, m.id, a, 1, 1), 403, 'NOT_CHECKED_IN');
    expect(await reportsOf(m.id)).toEqual([]);
  });

  test('a battle-royale report by a disqualified player answers the same code', async () => {
    const { id, people } = await field(2, 'Fortnite');
    await setPhase(t, admin.token, id, 'ongoing');
    expect((await disqualify(id, people[0]!)).status).toBe(200);
    const body = form({ matchNumber: '1', placement: '1', eliminations: '0' }, [{ data: await png(7001) }]);
    const res = await t.inject({ method: 'POST', url: `/api/tournaments/${id}/reports`, headers: { 'content-type': body.contentType, authorization: `Bearer ${people[0]!.token}` }, payload: body.body });
    expectError({ status: res.statusCode, json: res.json() }, 403, 'NOT_CHECKED_IN');
  });
});

// declared only in the PostgreSQL project (not a skip there): SQLite runs one transaction at a
// time, so a report and a finalisation cannot overlap on it
if (engine === 'postgres')
  describe('the final reported at the instant the tournament is finalised', () => {
    test('in every round the report is refused or lands before: one champion, paid and badged as champion', async () => {
      const won = await t.call('POST', '/api/marketplace/badges', { token: admin.token, body: { slug: `race_winner_${Date.now().toString(36)}`, name: 'Race winner', trigger: 'tournament_won', rewardAmount: 0 } });
      expect(won.status, JSON.stringify(won.json)).toBe(201);
      const outcomes: string[] = [];
      for (let round = 0; round < 8; round++) {
        const { id, people } = await field(4);
        const prizes = await t.call('PUT', `/api/tournaments/${id}/prizes`, {
          token: admin.token,
          body: {
            prizes: [
              { from: 1, to: 1, credits: 500 },
              { from: 2, to: 2, credits: 300 },
            ],
          },
        });
        expect(prizes.status, JSON.stringify(prizes.json)).toBe(200);
        const b = await generate(id);
        // the semi-finals: side A wins both
        for (const m of b.rounds[0]!.matches) for (const side of [m.sideA!, m.sideB!]) expect((await report(id, m.id, person(people, side.name), 2, 1)).status).toBe(200);
        const final: BracketMatch = (await getBracket(id)).rounds[1]!.matches[0]!;
        const [a, z] = [person(people, final.sideA!.name), person(people, final.sideB!.name)];
        expect((await report(id, final.id, a, 3, 0)).json.data.state).toBe('awaiting');

        const [rep, fin] = await Promise.all([report(id, final.id, z, 3, 0), finalise(id)]);
        expect(fin.status, JSON.stringify(fin.json)).toBe(200);
        const frozen = JSON.parse((await tournamentRow(t, id)).final_standings!) as StandingsRow[];
        const ranks = frozen.map((r) => r.rank).sort((x, y) => x - y);
        const paid = new Map((await t.db.kysely.selectFrom('wallet_transactions').selectAll().where('reference', 'like', `prize:${id}:%`).execute()).map((e) => [e.user_id, Number(e.amount)]));
        const badged = await t.db.kysely.selectFrom('user_badges').select('user_id').where('badge_id', '=', won.json.data._id).where('user_id', 'in', [a.id, z.id]).execute();
        if (rep.status === 200) {
          // it landed before the finalisation: the final counts, A is the champion
          outcomes.push('landed');
          expect(rep.json.data).toMatchObject({ state: 'confirmed', winner: final.sideA!.id });
          expect(ranks).toEqual([1, 2, 3, 3]);
          expect(frozen.find((r) => r.rank === 1)!.entrantId).toBe(a.id);
          expect([paid.get(a.id), paid.get(z.id)]).toEqual([500, 300]);
          expect(badged.map((x) => x.user_id)).toEqual([a.id]);
        } else {
          // refused: the final stayed unplayed and both finalists froze as runners-up
          outcomes.push('refused');
          expectError(rep, 409, 'TOURNAMENT_FINALIZED');
          expect((await reportsOf(final.id)).map((r) => r.side)).toEqual(['a']);
          expect((await getBracket(id)).rounds[1]!.matches[0]!.state).toBe('awaiting');
          expect(ranks).toEqual([2, 2, 3, 3]);
          expect([paid.get(a.id), paid.get(z.id)]).toEqual([300, 300]);
          expect(badged).toEqual([]);
        }
      }
      expect(outcomes).toHaveLength(8);
    });
  });
