import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { form, png } from '../helpers/campaign.ts';
import { expectError } from '../helpers/expect-error.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import type { Bracket, BracketMatch } from '../../../src/features/brackets/contract.ts';
import type { StandingsRow } from '../../../src/features/results/contract.ts';
import type { Game } from '../../../src/features/games/contract.ts';

/**
 * A bracket's results against finalising and the roster: a report sent at the same instant as the
 * finalisation either lands before it (and the champion is paid as champion) or is refused, and a
 * player disqualified after the bracket was generated no longer reports (their matches still to play
 * are forfeits: disqualified-forfeits.test.ts).
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await T.quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

/** A `game` tournament (single elimination unless `format` says); its `n` players joined and checked in, in order. */
async function field(n: number, game: Game = 'Valorant', format?: 'round_robin') {
  const settings = { game, maxPartecipants: 64, ...(format && { format }) };
  const id = await T.createTournament(t, admin.token, 'registration', settings);
  const people = await T.quickPlayers(t, n);
  const body = (p: Person) => T.registration(p.id, { game });
  for (const p of people) expect((await T.join(t, id, p, body(p))).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of people) expect((await T.checkIn(t, id, p, body(p))).status).toBe(200);
  return { id, people };
}

const url = (id: string, rest = '') => `/api/tournaments/${id}${rest}`;
const asAdmin = (how: 'POST' | 'PUT', to: string, body?: unknown) => t.call(how, to, { body, token: admin.token });
const generate = async (id: string): Promise<Bracket> => {
  const res = await asAdmin('POST', url(id, '/bracket'), { seeding: 'checkin' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const getBracket = async (id: string): Promise<Bracket> => (await t.call('GET', url(id, '/bracket'))).json.data;
const report = (id: string, matchId: string, p: Person, scoreA: number, scoreB: number) => {
  const path = url(id, `/bracket/matches/${matchId}/report`);
  return t.call('POST', path, { token: p.token, body: { scoreA, scoreB } });
};
const roster = (id: string, p: Person) => url(id, `/registrations/${p.id}`);
const disqualify = (id: string, p: Person) => asAdmin('POST', `${roster(id, p)}/disqualify`, { reason: 'Cheating' });
const finalise = (id: string) => asAdmin('POST', url(id, '/finalise'));
const person = (people: Person[], name: string | undefined) => people.find((p) => p.username === name)!;
const db = () => t.db.kysely;
const reportsOf = (m: string) => db().selectFrom('bracket_reports').select('side').where('match_id', '=', m).execute();

describe('a disqualified player', () => {
  test('reports no bracket score (403 NOT_CHECKED_IN, as in battle royale); nothing stored', async () => {
    const { id, people } = await field(4);
    const semi = (await generate(id)).rounds[0]!.matches[0]!;
    const [a, b] = [person(people, semi.sideA!.name), person(people, semi.sideB!.name)];
    const mine = async (p: Person) => (await t.call('GET', url(id, '/bracket/mine'), { token: p.token })).json.data;
    expect(await mine(a)).toEqual([{ matchId: semi.id, side: 'a', report: null }]);
    expect((await disqualify(id, a)).status).toBe(200);
    // the match is a forfeit: neither player's page offers it to report
    expect(await mine(a)).toEqual([]);
    expect(await mine(b)).toEqual([]);

    expectError(await report(id, semi.id, a, 2, 0), 403, 'NOT_CHECKED_IN');
    expectError(await report(id, semi.id, b, 0, 2), 409, 'MATCH_ALREADY_CONFIRMED');
    expect(await reportsOf(semi.id)).toEqual([]);
    // the opponent goes on without a score made up for them
    const after = await getBracket(id);
    expect(after.rounds[0]!.matches[0]!).toMatchObject({
      state: 'confirmed',
      winner: b.id,
      scoreA: null,
      forfeit: 'a',
    });
    expect(after.rounds[1]!.matches[0]!.sideA?.id).toBe(b.id);
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
    await T.setPhase(t, admin.token, id, 'ongoing');
    expect((await disqualify(id, people[0]!)).status).toBe(200);
    const body = form({ matchNumber: '1', placement: '1', eliminations: '0' }, [{ data: await png(7001) }]);
    const headers = { 'content-type': body.contentType, authorization: `Bearer ${people[0]!.token}` };
    const res = await t.inject({ method: 'POST', url: url(id, '/reports'), headers, payload: body.body });
    expectError({ status: res.statusCode, json: res.json() }, 403, 'NOT_CHECKED_IN');
  });
});

// declared only in the PostgreSQL project (not a skip there): SQLite runs one transaction at a
// time, so a report and a finalisation cannot overlap on it
if (engine === 'postgres')
  describe('the final reported at the instant the tournament is finalised', () => {
    const PRIZES = [
      { from: 1, to: 1, credits: 500 },
      { from: 2, to: 2, credits: 300 },
    ];
    const prizesOf = async (id: string) => {
      const ledger = db().selectFrom('wallet_transactions').select(['user_id', 'amount']);
      const rows = await ledger.where('reference', 'like', `prize:${id}:%`).execute();
      return new Map(rows.map((e) => [e.user_id, Number(e.amount)]));
    };
    /** The semi-finals of a 4-player bracket, side A winning both, and the final as it then is. */
    const toTheFinal = async (id: string, people: Person[]): Promise<BracketMatch> => {
      for (const m of (await generate(id)).rounds[0]!.matches) {
        for (const side of [m.sideA!, m.sideB!]) {
          const res = await report(id, m.id, person(people, side.name), 2, 1);
          expect(res.status).toBe(200);
        }
      }
      return (await getBracket(id)).rounds[1]!.matches[0]!;
    };

    test('each round: the report is refused or lands before; one champion, paid and badged as such', async () => {
      const badge = { slug: `race_winner_${Date.now().toString(36)}`, name: 'Race winner', trigger: 'tournament_won' };
      const won = await asAdmin('POST', '/api/marketplace/badges', { ...badge, rewardAmount: 0 });
      expect(won.status, JSON.stringify(won.json)).toBe(201);
      const badges = db().selectFrom('user_badges').select('user_id').where('badge_id', '=', won.json.data._id);
      const outcomes: string[] = [];
      for (let round = 0; round < 8; round++) {
        const { id, people } = await field(4);
        expect((await asAdmin('PUT', url(id, '/prizes'), { prizes: PRIZES })).status).toBe(200);
        const final = await toTheFinal(id, people);
        const [a, z] = [person(people, final.sideA!.name), person(people, final.sideB!.name)];
        expect((await report(id, final.id, a, 3, 0)).json.data.state).toBe('awaiting');

        const [rep, fin] = await Promise.all([report(id, final.id, z, 3, 0), finalise(id)]);
        expect(fin.status, JSON.stringify(fin.json)).toBe(200);
        const frozen = JSON.parse((await T.tournamentRow(t, id)).final_standings!) as StandingsRow[];
        const ranks = frozen.map((r) => r.rank).sort((x, y) => x - y);
        const paid = await prizesOf(id);
        const badged = (await badges.where('user_id', 'in', [a.id, z.id]).execute()).map((x) => x.user_id);
        if (rep.status === 200) {
          // it landed before the finalisation: the final counts, A is the champion
          outcomes.push('landed');
          expect(rep.json.data).toMatchObject({ state: 'confirmed', winner: final.sideA!.id });
          expect(ranks).toEqual([1, 2, 3, 3]);
          expect(frozen.find((r) => r.rank === 1)!.entrantId).toBe(a.id);
          expect([paid.get(a.id), paid.get(z.id)]).toEqual([500, 300]);
          expect(badged).toEqual([a.id]);
        } else {
          // refused: the final stayed unplayed and both finalists froze as runners-up
          outcomes.push('refused');
          expectError(rep, 409, 'TOURNAMENT_FINALIZED');
          expect(await reportsOf(final.id)).toEqual([{ side: 'a' }]);
          expect((await getBracket(id)).rounds[1]!.matches[0]!.state).toBe('awaiting');
          expect(ranks).toEqual([2, 2, 3, 3]);
          expect([paid.get(a.id), paid.get(z.id)]).toEqual([300, 300]);
          expect(badged).toEqual([]);
        }
      }
      expect(outcomes).toHaveLength(8);
    });
  });
