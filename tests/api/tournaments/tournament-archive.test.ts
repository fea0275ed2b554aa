import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { line } from '../helpers/results.ts';
import { tablePauses, watched } from '../helpers/table-pause.ts';
import type { TournamentInput } from '../../../src/features/tournaments/contract.ts';

/**
 * A tournament with results is never deleted (its players' placements, prizes and bracket stay): the
 * delete is refused with TOURNAMENT_HAS_RESULTS and the admin archives it instead. An archived
 * tournament is out of the public lists, its page stays reachable by its address, the dashboard lists
 * it on demand, and it can be brought back.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await T.quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const url = (id: string, rest = '') => `/api/tournaments/${id}${rest}`;
const asAdmin = (how: 'POST' | 'PUT' | 'DELETE' | 'GET', to: string, body?: unknown) =>
  t.call(how, to, { body, token: admin.token });
const remove = (id: string) => asAdmin('DELETE', url(id));
const archive = (id: string, archived: boolean, token = admin.token) =>
  t.call('PUT', url(id, '/archive'), { token, body: { archived } });
const auditOf = (id: string, action: string) =>
  t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', action).execute();
const listed = async (query: string, token?: string) => {
  const res = await t.call('GET', `/api/tournaments?limit=100${query}`, token ? { token } : {});
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.data as { id: string }[]).map((x) => x.id);
};

/** Two players joined and checked in to a live tournament of `game`. */
async function live(game: 'Fortnite' | 'Valorant' = 'Fortnite', extra: Partial<TournamentInput> = {}) {
  const id = await T.createTournament(t, admin.token, 'registration', { game, maxPartecipants: 10, ...extra });
  const players = await T.quickPlayers(t, 2);
  const body = (p: Person) => T.registration(p.id, { game });
  for (const p of players) expect((await T.join(t, id, p, body(p))).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await T.checkIn(t, id, p, body(p))).status).toBe(200);
  return { id, players };
}

async function withMatch() {
  const { id, players } = await live();
  await T.setPhase(t, admin.token, id, 'ongoing');
  const entered = await asAdmin('POST', url(id, '/matches'), {
    lines: [line(players[0]!, 1, 2), line(players[1]!, 2)],
  });
  expect(entered.status, JSON.stringify(entered.json)).toBe(201);
  return { id, players };
}

/** The tournament and its registrations are still there, nobody was told it is cancelled, nothing was logged. */
async function kept(id: string, mailsBefore: number) {
  expect((await t.call('GET', url(id))).status).toBe(200);
  expect((await T.registrationRows(t, id)).length).toBeGreaterThan(0);
  expect((await t.outbox()).slice(mailsBefore)).toEqual([]);
  expect(await auditOf(id, 'tournament.delete')).toEqual([]);
}

describe('a tournament with results cannot be deleted', () => {
  test('a live one with a match entered: 409 TOURNAMENT_HAS_RESULTS, the results and players stay', async () => {
    const { id } = await withMatch();
    const mails = (await t.outbox()).length;
    expectError(await remove(id), 409, 'TOURNAMENT_HAS_RESULTS');
    await kept(id, mails);
    const standings = await t.call('GET', url(id, '/standings'));
    expect(standings.status, JSON.stringify(standings.json)).toBe(200);
  });

  test('a finalised one: 409, its placements and the prizes in the ledger stay', async () => {
    const { id } = await withMatch();
    const prizes = await asAdmin('PUT', url(id, '/prizes'), { prizes: [{ from: 1, to: 1, credits: 50 }] });
    expect(prizes.status, JSON.stringify(prizes.json)).toBe(200);
    const fin = await asAdmin('POST', url(id, '/finalise'), {});
    expect(fin.status, JSON.stringify(fin.json)).toBe(200);
    const ledger = () =>
      t.db.kysely.selectFrom('wallet_transactions').select('amount').where('description', 'like', '% · #1').execute();
    const paid = (await ledger()).length;
    expect(paid).toBeGreaterThan(0);
    const mails = (await t.outbox()).length;
    expectError(await remove(id), 409, 'TOURNAMENT_HAS_RESULTS');
    await kept(id, mails);
    expect((await ledger()).length).toBe(paid);
    const placements = t.db.kysely.selectFrom('tournament_placements').select('rank').where('tournament_id', '=', id);
    expect((await placements.execute()).length).toBe(2);
  });

  test('a bracket tournament once its bracket is generated, even with no match played: 409', async () => {
    const { id } = await live('Valorant');
    const made = await asAdmin('POST', url(id, '/bracket'), { seeding: 'checkin' });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const mails = (await t.outbox()).length;
    expectError(await remove(id), 409, 'TOURNAMENT_HAS_RESULTS');
    await kept(id, mails);
    expect((await t.call('GET', url(id, '/bracket'))).status).toBe(200);
  });

  test('one without results is deleted as before, its players told it is cancelled', async () => {
    const { id, players } = await live('Valorant');
    const mails = (await t.outbox()).length;
    const res = await remove(id);
    expect(res.json).toEqual({ status: 'SUCCESS', data: { id, deleted: true } });
    expect(
      (await t.outbox())
        .slice(mails)
        .map((m) => m.to)
        .sort(),
    ).toEqual(players.map((p) => p.email).sort());
  });
});

if (engine === 'postgres')
  describe('PostgreSQL, a delete and a results write at the same moment', () => {
    const pauseAt = tablePauses(() => t);
    const matchesOf = (id: string) =>
      t.db.kysely.selectFrom('tournament_matches').select('number').where('tournament_id', '=', id).execute();
    const enterMatch = (id: string, players: Person[]) =>
      asAdmin('POST', url(id, '/matches'), { lines: [line(players[0]!, 1, 2), line(players[1]!, 2)] });

    test('the first match under way: the delete waits for it, then is refused 409, the match kept', async () => {
      const { id, players } = await live();
      await T.setPhase(t, admin.token, id, 'ongoing');
      // the match stops inside its transaction, written, when it writes its audit entry
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const entered = watched(enterMatch(id, players));
      expect(await pause.untilWaiting(1, () => entered.settled)).toBe(1);
      const mails = (await t.outbox()).length;
      const removed = watched(remove(id));
      expect(await pause.untilWaiting(2, () => removed.settled)).toBe(2);
      await pause.release();

      expect((await entered.promise).status).toBe(201);
      expectError(await removed.promise, 409, 'TOURNAMENT_HAS_RESULTS');
      await kept(id, mails);
      expect(await matchesOf(id)).toEqual([{ number: 1 }]);
    });

    test('a delete under way: the match waits for it, then is refused 404, nothing left behind', async () => {
      const { id, players } = await live();
      await T.setPhase(t, admin.token, id, 'ongoing');
      // the delete stops inside its transaction, the tournament deleted, when it writes its audit entry
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const removed = watched(remove(id));
      expect(await pause.untilWaiting(1, () => removed.settled)).toBe(1);
      const entered = watched(enterMatch(id, players));
      expect(await pause.untilWaiting(2, () => entered.settled)).toBe(2);
      await pause.release();

      expect((await removed.promise).status).toBe(200);
      expectError(await entered.promise, 404, 'TOURNAMENT_NOT_FOUND');
      expect(await matchesOf(id)).toEqual([]);
    });

    test('a bracket generated under way: the delete waits for it, then is refused 409, the bracket kept', async () => {
      const { id } = await live('Valorant');
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const made = watched(asAdmin('POST', url(id, '/bracket'), { seeding: 'checkin' }));
      expect(await pause.untilWaiting(1, () => made.settled)).toBe(1);
      const mails = (await t.outbox()).length;
      const removed = watched(remove(id));
      expect(await pause.untilWaiting(2, () => removed.settled)).toBe(2);
      await pause.release();

      expect((await made.promise).status).toBe(200);
      expectError(await removed.promise, 409, 'TOURNAMENT_HAS_RESULTS');
      await kept(id, mails);
      expect((await t.call('GET', url(id, '/bracket'))).status).toBe(200);
    });
  });

describe('archiving', () => {
  // the admin lists it on demand
  test('hides it from the public lists but keeps its page, and brings it back', async () => {
    const { id, players } = await withMatch();
    const other = await T.createTournament(t, admin.token);
    expect(await listed('')).toContain(id);

    const res = await archive(id, true);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ id, archived: true });

    // out of every public list: all, the not-yet-ended, the admin's default
    expect(await listed('')).not.toContain(id);
    expect(await listed('&showAllTournament=false')).not.toContain(id);
    expect(await listed('', admin.token)).not.toContain(id);
    // the page and the results stay reachable by their address
    const page = await t.call('GET', url(id));
    expect(page.status).toBe(200);
    expect(page.json.data).toMatchObject({ id, archived: true });
    expect((await t.call('GET', url(id, '/standings'))).status).toBe(200);
    // a player who was in it keeps it in their own history
    expect(await listed(`&members=${players[0]!.id}`, players[0]!.token)).toContain(id);
    // the dashboard: with the rest, or alone
    const all = await listed('&archived=include', admin.token);
    expect(all).toEqual(expect.arrayContaining([id, other]));
    const only = await listed('&archived=only', admin.token);
    expect(only).toContain(id);
    expect(only).not.toContain(other);
    // only an admin asks for the archived ones
    expectError(await t.call('GET', '/api/tournaments?archived=only', { token: players[0]!.token }), 403, 'FORBIDDEN');
    expect((await t.call('GET', '/api/tournaments?archived=only')).status).toBe(401);

    const back = await archive(id, false);
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.data.archived).toBe(false);
    expect(await listed('')).toContain(id);

    const [archived] = await auditOf(id, 'tournament.archive');
    expect(archived).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(archived!.after as string)).toMatchObject({ archived: true });
    expect(await auditOf(id, 'tournament.unarchive')).toHaveLength(1);
    // asking for the state it is in changes and logs nothing
    expect((await archive(id, false)).status).toBe(200);
    expect(await auditOf(id, 'tournament.unarchive')).toHaveLength(1);
  });

  test('only an admin archives; an unknown or malformed tournament and a bad body are refused', async () => {
    const id = await T.createTournament(t, admin.token);
    const player = await T.quickPlayer(t);
    expectError(await archive(id, true, player.token), 403, 'FORBIDDEN');
    expect((await t.call('PUT', url(id, '/archive'), { body: { archived: true } })).status).toBe(401);
    expectError(await archive('00000000-0000-4000-8000-000000000000', true), 404, 'TOURNAMENT_NOT_FOUND');
    expectError(await archive('not-a-tournament', true), 400, 'INVALID_TOURNAMENT_ID');
    expectError(await asAdmin('PUT', url(id, '/archive'), { archived: 'yes' }), 400, 'VALIDATION_ERROR');
    expect((await t.call('GET', url(id))).json.data.archived).toBe(false);
  });
});
