import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, balanceOf } from '../helpers/rewards.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayers,
  registration,
  setPhase,
  teamBody,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';
import { anyFreePort, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { tablePauses, watched } from '../helpers/table-pause.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * Finalising a tournament and its prizes, and the faction leaderboard computed from results, on
 * both engines: who may call, what the prize table accepts, that a finalise pays each
 * player of each rewarded entrant exactly once (ten at once, and two real processes on one
 * PostgreSQL), that the frozen standings stay frozen, and the top-N and winner badges.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await quickPlayers(t, 1, { admin: true });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, token = admin.token) =>
  t.call(method, url, { token, body });
const PRIZES = [
  { from: 1, to: 1, credits: 500 },
  { from: 2, to: 2, credits: 300 },
  { from: 3, to: 4, credits: 100 },
];

/** A Fortnite tournament in its check-in window with `n` players joined and checked in. */
async function soloTournament(n: number, overrides: Record<string, unknown> = {}) {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 50, ...overrides });
  const players = await quickPlayers(t, n);
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await checkIn(t, id, p)).status).toBe(200);
  return { id, players };
}

/** One match where the entrants finish in the given order (1st, 2nd, …), no eliminations. */
async function match(id: string, entrantIds: string[]) {
  const res = await call('POST', `/api/tournaments/${id}/matches`, {
    lines: entrantIds.map((entrantId, i) => ({ entrantId, placement: i + 1, eliminations: 0 })),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

const ledgerOf = (tournamentId: string) =>
  t.db.kysely
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('reference', 'like', `prize:${tournamentId}:%`)
    .execute();
const auditsOf = (action: string, id: string) =>
  t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).where('entity_id', '=', id).execute();

describe('who may call', () => {
  // and 404 for an unknown tournament
  test('prizes and finalise are for admins: 401 without a token, 403 for a player', async () => {
    const { id, players } = await soloTournament(1);
    for (const [method, url, body] of [
      ['GET', `/api/tournaments/${id}/prizes`, undefined],
      ['PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES }],
      ['POST', `/api/tournaments/${id}/finalise`, undefined],
    ] as const) {
      expect((await t.call(method, url, { body })).status).toBe(401);
      const asPlayer = await t.call(method, url, { token: players[0]!.token, body });
      expect(asPlayer.status).toBe(403);
      // the role is checked before the input: a player's malformed call is 403 too, never a 400 describing it
      const malformed = await t.call(method, url.replace(id, 'not an id'), { token: players[0]!.token, body: [] });
      expect([malformed.status, malformed.json.error.code]).toEqual([403, 'FORBIDDEN']);
      const unknown = await call(method, url.replace(id, '00000000-0000-4000-8000-000000000000'), body);
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.code).toBe('TOURNAMENT_NOT_FOUND');
    }
    expect((await tournamentRow(t, id)).finalized_at).toBeNull();
  });
});

describe('nobody pays a prize to themselves', () => {
  // nothing frozen, paid or audited by the admin in the prizes; another admin may finalise
  test('an admin placed in the prizes: 403 WALLET_SELF_ADJUST; another admin may', async () => {
    const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 50 });
    const [player, playing] = await quickPlayers(t, 2);
    await t.makeAdmin(playing.id, `${t.config.agencyName}Admin`);
    for (const p of [player, playing]) expect((await join(t, id, p)).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of [player, playing]) expect((await checkIn(t, id, p)).status).toBe(200);
    await match(id, [playing.id, player.id]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);

    expectError(
      await call('POST', `/api/tournaments/${id}/finalise`, undefined, playing.token),
      403,
      'WALLET_SELF_ADJUST',
    );
    expect((await tournamentRow(t, id)).finalized_at).toBeNull();
    expect(await ledgerOf(id)).toHaveLength(0);
    expect(await auditsOf('tournament.finalise', id)).toHaveLength(0);

    const done = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(await balanceOf(t, playing.id)).toBe(500);
  });
});

describe('the prize table', () => {
  test('refuses ranges that overlap, run backwards, start at 0 or pay nothing: 400, nothing stored', async () => {
    const { id } = await soloTournament(1);
    for (const prizes of [
      [
        { from: 1, to: 2, credits: 100 },
        { from: 2, to: 3, credits: 50 },
      ],
      [{ from: 3, to: 1, credits: 100 }],
      [{ from: 0, to: 1, credits: 100 }],
      [{ from: 1, to: 1, credits: 0 }],
      [{ from: 1, to: 1, credits: 1_000_001 }],
      [{ from: 1, to: 1, credits: 1.5 }],
    ]) {
      const res = await call('PUT', `/api/tournaments/${id}/prizes`, { prizes });
      expect(res.status, JSON.stringify(prizes)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await tournamentRow(t, id)).prizes).toBeNull();
    expect(await auditsOf('tournament.prizes', id)).toHaveLength(0);
  });

  test('is stored, audited, and previews who the live standings would pay', async () => {
    const { id, players } = await soloTournament(5);
    await match(
      id,
      players.map((p) => p.id),
    );
    const put = await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.data.prizes).toEqual(PRIZES);
    const got = await call('GET', `/api/tournaments/${id}/prizes`);
    expect(got.json.data.finalizedAt).toBeNull();
    expect(
      got.json.data.payouts.map((p: { userId: string; rank: number; credits: number }) => [
        p.userId,
        p.rank,
        p.credits,
      ]),
    ).toEqual([
      [players[0]!.id, 1, 500],
      [players[1]!.id, 2, 300],
      [players[2]!.id, 3, 100],
      [players[3]!.id, 4, 100],
    ]);
    const [audit] = await auditsOf('tournament.prizes', id);
    expect(JSON.parse(audit!.after as string)).toEqual({ name: expect.any(String), prizes: PRIZES });
    expect(audit!.entity_label).toBe((await tournamentRow(t, id)).name);
    // a preview pays nothing
    expect(await ledgerOf(id)).toHaveLength(0);
  });
});

describe('finalising', () => {
  // the nine are 409 TOURNAMENT_FINALIZED
  test('ten finalise calls at once: one 200, nine 409, each prize paid once, the ledger balanced', async () => {
    const { id, players } = await soloTournament(6);
    await match(
      id,
      players.map((p) => p.id),
    );
    await match(
      id,
      [...players].reverse().map((p) => p.id),
    );
    await match(
      id,
      players.map((p) => p.id),
    );
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    const live = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;

    const results = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/api/tournaments/${id}/finalise`)),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.error.code === 'TOURNAMENT_FINALIZED')).toHaveLength(9);

    const answer = won[0]!.json.data;
    expect(answer.format).toBe('battle_royale');
    expect(answer.rows).toEqual(live.rows);
    const byRank = live.rows.map((r: { entrantId: string }) => r.entrantId);
    expect(answer.payouts.map((p: { userId: string; credits: number }) => [p.userId, p.credits])).toEqual([
      [byRank[0], 500],
      [byRank[1], 300],
      [byRank[2], 100],
      [byRank[3], 100],
    ]);
    for (const [i, userId] of byRank.entries())
      expect(await balanceOf(t, userId), `rank ${i + 1}`).toBe([500, 300, 100, 100, 0, 0][i]);
    expect(await ledgerOf(id)).toHaveLength(4);
    expect(
      await t.db.kysely.selectFrom('tournament_placements').selectAll().where('tournament_id', '=', id).execute(),
    ).toHaveLength(6);
    expect(await auditsOf('tournament.finalise', id)).toHaveLength(1);

    const row = await tournamentRow(t, id);
    expect(row.finalized_at).toBe(answer.finalizedAt);
    expect(row.status_override).toBe(2);
    expect(JSON.parse(row.final_standings!)).toEqual(live.rows);
    const detail = (await t.call('GET', `/api/tournaments/${id}`)).json.data;
    expect(detail.status).toBe(2);
    // the live standings read before were micro-cached for visitors: the finalise emptied the cache
    const publicStandings = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;
    expect(publicStandings.final).toBe(true);
    expect(publicStandings.rows).toEqual(live.rows);
    // the admin's page shows what was paid from now on
    const state = (await call('GET', `/api/tournaments/${id}/prizes`)).json.data;
    expect(state.finalizedAt).toBe(answer.finalizedAt);
    expect(state.payouts).toEqual(answer.payouts);
    await auditLedger(t);
  });

  // a later result and a new prize table are refused, a second finalise too
  test('the frozen standings do not change', async () => {
    const { id, players } = await soloTournament(3);
    await match(
      id,
      players.map((p) => p.id),
    );
    expect((await call('POST', `/api/tournaments/${id}/finalise`)).status).toBe(200);
    const frozen = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;
    expect(frozen.final).toBe(true);

    const late = await call('POST', `/api/tournaments/${id}/matches`, {
      lines: [...players].reverse().map((p, i) => ({ entrantId: p.id, placement: i + 1, eliminations: 9 })),
    });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('TOURNAMENT_FINALIZED');
    const prizes = await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES });
    expect(prizes.status).toBe(409);
    expect(prizes.json.error.code).toBe('TOURNAMENT_FINALIZED');
    const again = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('TOURNAMENT_FINALIZED');

    expect((await t.call('GET', `/api/tournaments/${id}/standings`)).json.data).toEqual(frozen);
    // no prizes were set: nothing was paid, and nothing is paid later
    expect(await ledgerOf(id)).toHaveLength(0);
  });

  test('a tournament without results is not finalised: 409 NO_STANDINGS, still open', async () => {
    const { id } = await soloTournament(2);
    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('NO_STANDINGS');
    const row = await tournamentRow(t, id);
    expect(row.finalized_at).toBeNull();
    expect(row.status_override).toBeNull();
    expect(await auditsOf('tournament.finalise', id)).toHaveLength(0);
  });

  test('in a duo tournament every member of a rewarded team is paid the amount', async () => {
    const { id, players } = await soloTournament(6, { teamSize: 2 });
    const teams = [0, 2, 4].map((i) => ({ name: `Team ${i / 2 + 1}`, members: [players[i]!.id, players[i + 1]!.id] }));
    const put = await call('PUT', `/api/tournaments/${id}/teams`, { teams });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const entrants = (await call('GET', `/api/tournaments/${id}/entrants`)).json.data as { id: string; name: string }[];
    const teamId = (name: string) => entrants.find((e) => e.name === name)!.id;
    await match(id, [teamId('Team 2'), teamId('Team 1'), teamId('Team 3')]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES.slice(0, 2) })).status).toBe(200);

    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.payouts).toHaveLength(4);
    for (const p of [players[2]!, players[3]!]) expect(await balanceOf(t, p.id)).toBe(500);
    for (const p of [players[0]!, players[1]!]) expect(await balanceOf(t, p.id)).toBe(300);
    for (const p of [players[4]!, players[5]!]) expect(await balanceOf(t, p.id)).toBe(0);
    const placements = await t.db.kysely
      .selectFrom('tournament_placements')
      .select(['user_id', 'entrant_id', 'rank'])
      .where('tournament_id', '=', id)
      .execute();
    expect(placements.find((p) => p.user_id === players[3]!.id)).toMatchObject({
      entrant_id: teamId('Team 2'),
      rank: 1,
    });
    await auditLedger(t);
  });

  // the champion, the runner-up and both semi-final losers are paid
  test('a single-elimination bracket finalises from its placements', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant', maxPartecipants: 8 });
    const players = await quickPlayers(t, 4);
    const valorant = (p: Person) => registration(p.id, { game: 'Valorant' });
    for (const p of players) expect((await join(t, id, p, valorant(p))).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of players) expect((await checkIn(t, id, p, valorant(p))).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' })).status).toBe(200);
    type Side = { id: string; name: string };
    type BracketMatch = { id: string; sideA: Side | null; sideB: Side | null };
    const rounds = async () =>
      (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data.rounds as {
        round: number;
        matches: BracketMatch[];
      }[];
    // side A wins every match the admin decides
    for (const m of (await rounds())[0]!.matches)
      expect(
        (await call('POST', `/api/tournaments/${id}/bracket/matches/${m.id}/override`, { scoreA: 2, scoreB: 0 }))
          .status,
      ).toBe(200);
    const final = (await rounds())[1]!.matches[0]!;
    expect(
      (await call('POST', `/api/tournaments/${id}/bracket/matches/${final.id}/override`, { scoreA: 1, scoreB: 2 }))
        .status,
    ).toBe(200);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);

    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.format).toBe('single_elimination');
    const paid = new Map((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
    expect(paid.get(final.sideB!.id)).toBe(500);
    expect(paid.get(final.sideA!.id)).toBe(300);
    const semiLosers = players.filter((p) => p.id !== final.sideA!.id && p.id !== final.sideB!.id);
    for (const p of semiLosers) expect(paid.get(p.id)).toBe(100);
    expect((await tournamentRow(t, id)).status_override).toBe(2);
    await auditLedger(t);
  });

  test('top-N and winner badges are awarded once, to the right ranks, with their credits on the ledger', async () => {
    const top = await call('POST', '/api/marketplace/badges', {
      slug: `top_two_${Date.now().toString(36)}`,
      name: 'Top 2',
      trigger: 'tournament_top_n',
      topN: 2,
      rewardAmount: 40,
    });
    expect(top.status, JSON.stringify(top.json)).toBe(201);
    expect(top.json.data.topN).toBe(2);
    const won = await call('POST', '/api/marketplace/badges', {
      slug: `winner_${Date.now().toString(36)}`,
      name: 'Winner',
      trigger: 'tournament_won',
      rewardAmount: 25,
    });
    expect(won.status).toBe(201);
    expect(won.json.data.topN).toBeNull();

    const { id, players } = await soloTournament(4);
    await match(
      id,
      players.map((p) => p.id),
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/tournaments/${id}/finalise`)));
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.json.data.badges.map((b: { userId: string; slug: string }) => [b.userId, b.slug]).sort()).toEqual(
      [
        [players[0]!.id, top.json.data.slug],
        [players[0]!.id, won.json.data.slug],
        [players[1]!.id, top.json.data.slug],
      ].sort(),
    );
    const awards = await t.db.kysely
      .selectFrom('user_badges')
      .select(['user_id', 'badge_id'])
      .where('badge_id', 'in', [top.json.data._id, won.json.data._id])
      .execute();
    expect(awards).toHaveLength(3);
    expect(await balanceOf(t, players[0]!.id)).toBe(65);
    expect(await balanceOf(t, players[1]!.id)).toBe(40);
    expect(await balanceOf(t, players[2]!.id)).toBe(0);

    // the rule holds in the database: asking again (the original client's trigger call, a later login)
    // pays nothing more
    const retry = await t.call('POST', `/api/marketplace/badges/trigger/${top.json.data.slug}`, {
      token: players[1]!.token,
      body: { payload: { tournamentId: id } },
    });
    expect(retry.status).toBe(200);
    expect(retry.json.data.awarded).toBe(false);
    const third = await t.call('POST', `/api/marketplace/badges/trigger/${top.json.data.slug}`, {
      token: players[2]!.token,
      body: { payload: { tournamentId: id } },
    });
    expect(third.status).toBe(409);
    expect(third.json.error.code).toBe('BADGE_NOT_EARNED');
    expect(await balanceOf(t, players[1]!.id)).toBe(40);
    await auditLedger(t);
  });

  test('a top-N badge needs its N: refused without it or out of range, and editable afterwards', async () => {
    for (const topN of [undefined, 0, 201, 2.5]) {
      const res = await call('POST', '/api/marketplace/badges', {
        slug: `top_bad_${Date.now().toString(36)}`,
        name: 'Top',
        trigger: 'tournament_top_n',
        ...(topN === undefined ? {} : { topN }),
      });
      expect(res.status, String(topN)).toBe(400);
      expect(JSON.stringify(res.json.error.issues)).toContain('topN');
    }
    const created = await call('POST', '/api/marketplace/badges', {
      slug: `top_ten_${Date.now().toString(36)}`,
      name: 'Top 10',
      trigger: 'tournament_top_n',
      topN: 10,
      active: false,
    });
    const edited = await call('PUT', `/api/marketplace/badges/${created.json.data._id}`, { topN: 3 });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.topN).toBe(3);
    // another rule has no N, whatever is sent
    const manual = await call('POST', '/api/marketplace/badges', {
      slug: `plain_${Date.now().toString(36)}`,
      name: 'Plain',
      trigger: 'manual',
      topN: 4,
      active: false,
    });
    expect(manual.json.data.topN).toBeNull();
  });
});

describe('incomplete results', () => {
  const disqualify = (id: string, userId: string) =>
    call('POST', `/api/tournaments/${id}/registrations/${userId}/disqualify`, { reason: 'Cheating in match 1' });

  // the answer names the match, and nothing is finalised until then
  test('a match with fewer lines than entrants is 409 RESULTS_INCOMPLETE until the admin confirms it', async () => {
    const { id, players } = await soloTournament(4);
    await match(
      id,
      players.map((p) => p.id),
    );
    await match(
      id,
      players.slice(0, 2).map((p) => p.id),
    );
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    const state = (await call('GET', `/api/tournaments/${id}/prizes`)).json.data;
    expect(state.problems).toEqual([{ kind: 'linesMissing', matchNumber: 2, lines: 2, entrants: 4 }]);

    for (const body of [undefined, {}, { confirmIncomplete: false }]) {
      const refused = await call('POST', `/api/tournaments/${id}/finalise`, body);
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json.error.code).toBe('RESULTS_INCOMPLETE');
      expect(refused.json.error.issues).toEqual([{ path: 'matches.2', message: 'LINES_MISSING' }]);
    }
    expect((await tournamentRow(t, id)).finalized_at).toBeNull();
    expect(await ledgerOf(id)).toHaveLength(0);
    expect(await auditsOf('tournament.finalise', id)).toHaveLength(0);

    const confirmed = await call('POST', `/api/tournaments/${id}/finalise`, { confirmIncomplete: true });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(await ledgerOf(id)).toHaveLength(4);
    const [audit] = await auditsOf('tournament.finalise', id);
    expect(JSON.parse(audit!.after as string).confirmedIncomplete).toEqual(state.problems);
    expect((await call('GET', `/api/tournaments/${id}/prizes`)).json.data.problems).toEqual([]);
  });

  test('a complete tournament finalises without a confirmation, and a voided short match is no problem', async () => {
    const { id, players } = await soloTournament(3);
    await match(
      id,
      players.map((p) => p.id),
    );
    await match(id, [players[0]!.id]);
    expect((await call('POST', `/api/tournaments/${id}/matches/2/void`, { voided: true })).status).toBe(200);
    expect((await call('GET', `/api/tournaments/${id}/prizes`)).json.data.problems).toEqual([]);
    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  test('a player disqualified mid-event is a DQ row, last and unranked, paid nothing; the others move up', async () => {
    const { id, players } = await soloTournament(4);
    const [winner, second, third, fourth] = players as [Person, Person, Person, Person];
    await match(id, [winner.id, second.id, third.id, fourth.id]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    expect((await disqualify(id, winner.id)).status).toBe(200);

    const live = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;
    expect(
      live.rows.map((r: { entrantId: string; rank: number; disqualified?: boolean }) => [r.entrantId, r.rank]),
    ).toEqual([
      [second.id, 1],
      [third.id, 2],
      [fourth.id, 3],
      [winner.id, 0],
    ]);
    expect(live.rows[3]).toMatchObject({ disqualified: true, points: 10, matchesPlayed: 1 });
    // three entrants play now, and match 1 has a line for each of them
    expect((await call('GET', `/api/tournaments/${id}/prizes`)).json.data.problems).toEqual([]);

    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paid = new Map((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
    expect(Object.fromEntries(paid)).toEqual({ [second.id]: 500, [third.id]: 300, [fourth.id]: 100 });
    const placed = await t.db.kysely
      .selectFrom('tournament_placements')
      .select('user_id')
      .where('tournament_id', '=', id)
      .execute();
    expect(placed.map((p) => p.user_id).sort()).toEqual([second.id, third.id, fourth.id].sort());
    const frozen = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;
    expect(frozen.rows.at(-1)).toMatchObject({ entrantId: winner.id, rank: 0, disqualified: true });
  });

  // the roster and the frozen ranks are unchanged
  test('once finalised nobody is disqualified: 409 TOURNAMENT_FINALIZED', async () => {
    const { id, players } = await soloTournament(2);
    const [winner, second] = players as [Person, Person];
    await match(id, [winner.id, second.id]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${id}/finalise`)).status).toBe(200);

    // the prizes are paid and the standings frozen: a disqualification now would change neither, only tell the player
    const refused = await disqualify(id, winner.id);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.error.code).toBe('TOURNAMENT_FINALIZED');
    const roster = (await call('GET', `/api/tournaments/${id}/registrations`)).json.data;
    expect(roster.disqualified).toEqual([]);
    expect(await auditsOf('tournament.player_disqualify', id)).toHaveLength(0);
    const frozen = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data;
    expect(frozen.rows[0]).toMatchObject({ entrantId: winner.id, rank: 1 });
  });

  test('in a duo tournament the team of a disqualified player plays on; that player alone is not paid', async () => {
    const { id, players } = await soloTournament(4, { teamSize: 2 });
    const teams = await call('PUT', `/api/tournaments/${id}/teams`, {
      teams: [
        { name: 'Alpha', members: [players[0]!.id, players[1]!.id] },
        { name: 'Beta', members: [players[2]!.id, players[3]!.id] },
      ],
    });
    expect(teams.status, JSON.stringify(teams.json)).toBe(200);
    const [alpha, beta] = teams.json.data.map((e: { id: string }) => e.id);
    await match(id, [alpha, beta]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    expect((await disqualify(id, players[0]!.id)).status).toBe(200);
    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paid = Object.fromEntries((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
    expect(paid).toEqual({ [players[1]!.id]: 500, [players[2]!.id]: 300, [players[3]!.id]: 300 });
  });

  // removed by the organiser rather than disqualified: the team the organiser formed still lists them
  test("a player removed from the roster mid-event is paid nothing; the team's others are", async () => {
    const { id, players } = await soloTournament(4, { teamSize: 2 });
    const teams = await call('PUT', `/api/tournaments/${id}/teams`, {
      teams: [
        { name: 'Alpha', members: [players[0]!.id, players[1]!.id] },
        { name: 'Beta', members: [players[2]!.id, players[3]!.id] },
      ],
    });
    expect(teams.status, JSON.stringify(teams.json)).toBe(200);
    const [alpha, beta] = teams.json.data.map((e: { id: string }) => e.id);
    await setPhase(t, admin.token, id, 'ongoing');
    await match(id, [alpha, beta]);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    const removed = await call('POST', `/api/tournaments/${id}/registrations/${players[0]!.id}/remove`, {
      reason: 'Left the event',
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    const preview = (await call('GET', `/api/tournaments/${id}/prizes`)).json.data.payouts;
    expect(preview.map((p: { userId: string }) => p.userId)).not.toContain(players[0]!.id);
    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paid = Object.fromEntries((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
    expect(paid).toEqual({ [players[1]!.id]: 500, [players[2]!.id]: 300, [players[3]!.id]: 300 });
    // nor placed: no placement badge can reach them
    const placed = await t.db.kysely
      .selectFrom('tournament_placements')
      .select('user_id')
      .where('tournament_id', '=', id)
      .execute();
    expect(placed.map((r) => r.user_id).sort()).toEqual([players[1]!.id, players[2]!.id, players[3]!.id].sort());
  });

  // in a duo a captain registered
  test('a duo member disqualified mid-event leaves the team in play; only they are not paid', async () => {
    const id = await createTournament(t, admin.token, 'registration', { teamSize: 2, maxPartecipants: 10 });
    const players = await quickPlayers(t, 4);
    const teamIds: string[] = [];
    for (const [name, captain, partner] of [
      ['Alpha', players[0]!, players[1]!],
      ['Beta', players[2]!, players[3]!],
    ] as const) {
      const members = [{ userId: captain.id }, { userId: partner.id }];
      const made = await join(t, id, captain, teamBody(name, members));
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      teamIds.push(made.json.data.team.id);
      const accept = `/api/tournaments/${id}/entry-teams/${made.json.data.team.id}/accept`;
      expect((await call('POST', accept, {}, partner.token)).json.data.complete).toBe(true);
    }
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of players) expect((await checkIn(t, id, p)).status).toBe(200);
    await setPhase(t, admin.token, id, 'ongoing');
    await match(id, teamIds);
    expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
    expect((await disqualify(id, players[0]!.id)).status).toBe(200);

    // the team is still an entrant, with its line and its rank
    const entrants = (await call('GET', `/api/tournaments/${id}/entrants`)).json.data.map((e: { id: string }) => e.id);
    expect(entrants).toEqual(teamIds);
    const live = (await t.call('GET', `/api/tournaments/${id}/standings`)).json.data.rows;
    expect(live.map((r: { entrantId: string; rank: number }) => [r.entrantId, r.rank])).toEqual([
      [teamIds[0], 1],
      [teamIds[1], 2],
    ]);
    const res = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paid = Object.fromEntries((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
    expect(paid).toEqual({ [players[1]!.id]: 500, [players[2]!.id]: 300, [players[3]!.id]: 300 });
  });

  test('a disputed bracket match is named until the admin confirms finalising with it', async () => {
    const id = await createTournament(t, admin.token, 'registration', { game: 'Valorant', maxPartecipants: 8 });
    const players = await quickPlayers(t, 4);
    const valorant = (p: Person) => registration(p.id, { game: 'Valorant' });
    for (const p of players) expect((await join(t, id, p, valorant(p))).status).toBe(200);
    await setPhase(t, admin.token, id, 'checkinOpen');
    for (const p of players) expect((await checkIn(t, id, p, valorant(p))).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'checkin' })).status).toBe(200);
    type Side = { id: string };
    const rounds = async () =>
      (await t.call('GET', `/api/tournaments/${id}/bracket`)).json.data.rounds as {
        round: number;
        matches: { id: string; round: number; slot: number; sideA: Side; sideB: Side; state: string }[];
      }[];
    const [decided, disputed] = (await rounds())[0]!.matches;
    const tokenOf = (side: Side) => players.find((p) => p.id === side.id)!.token;
    const report = (m: { id: string }, side: Side, scoreA: number, scoreB: number) =>
      call('POST', `/api/tournaments/${id}/bracket/matches/${m.id}/report`, { scoreA, scoreB }, tokenOf(side));
    expect(
      (await call('POST', `/api/tournaments/${id}/bracket/matches/${decided!.id}/override`, { scoreA: 2, scoreB: 0 }))
        .status,
    ).toBe(200);
    expect((await report(disputed!, disputed!.sideA, 2, 0)).status).toBe(200);
    expect((await report(disputed!, disputed!.sideB, 0, 2)).status).toBe(200);
    expect((await rounds())[0]!.matches[1]!.state).toBe('disputed');

    const problem = { kind: 'bracketDisputed', group: 0, round: disputed!.round, slot: disputed!.slot };
    expect((await call('GET', `/api/tournaments/${id}/prizes`)).json.data.problems).toEqual([problem]);
    const refused = await call('POST', `/api/tournaments/${id}/finalise`);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'RESULTS_INCOMPLETE',
      issues: [{ path: `bracket.0.${disputed!.round}.${disputed!.slot}`, message: 'BRACKET_DISPUTED' }],
    });
    expect((await tournamentRow(t, id)).finalized_at).toBeNull();
    const confirmed = await call('POST', `/api/tournaments/${id}/finalise`, { confirmIncomplete: true });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  });
});

describe('the faction leaderboard', () => {
  // their points across the championship's tournaments
  test("a player's score is their championship points plus the admin's audited adjustment", async () => {
    const competition = await call('POST', '/api/tournaments/competitions', {
      name: `League ${Date.now().toString(36)}`,
      game: 'Fortnite',
    });
    expect(competition.status, JSON.stringify(competition.json)).toBe(201);
    const cid = competition.json.data.id as string;
    const first = await soloTournament(3, { competitionId: cid });
    const second = await soloTournament(2, { competitionId: cid });
    const [a, b, c] = first.players as [Person, Person, Person];
    const [d] = second.players as [Person, Person];
    // a, b and d pick a faction; c plays but is in none
    const faction = (p: Person, team: string) =>
      t.call('POST', `/api/tournaments/competitions/${cid}/team`, { token: p.token, body: { team } });
    for (const [p, team] of [
      [a, 'precision'],
      [b, 'speed'],
      [d, 'precision'],
    ] as const)
      expect((await faction(p, team)).status).toBe(200);

    // placement + elims preset: 1st 10, 2nd 7, 3rd 7, plus 1 per elimination
    await match(first.id, [a.id, b.id, c.id]);
    // finalised tournaments count their frozen points
    await match(second.id, [second.players[1]!.id, d.id]);
    expect((await call('POST', `/api/tournaments/${second.id}/finalise`)).status).toBe(200);

    // the public score is the total; the admin's breakdown says how it is made
    const scores = async () => {
      const teams = (await t.call('GET', `/api/tournaments/competitions/${cid}`)).json.data.teams as {
        name: string;
        players: { playerId: string; score: number }[];
      }[];
      const breakdown = (await call('GET', `/api/tournaments/competition/${cid}/scores`)).json.data as {
        playerId: string;
        points: number;
        adjustment: number;
      }[];
      const parts = new Map(breakdown.map((b) => [b.playerId, { points: b.points, adjustment: b.adjustment }]));
      return new Map(
        teams.flatMap((team) =>
          team.players.map((p) => [p.playerId, { team: team.name, score: p.score, ...parts.get(p.playerId)! }]),
        ),
      );
    };
    let now = await scores();
    expect(now.get(a.id)).toEqual({ team: 'precision', score: 10, points: 10, adjustment: 0 });
    expect(now.get(b.id)).toEqual({ team: 'speed', score: 7, points: 7, adjustment: 0 });
    expect(now.get(d.id)).toEqual({ team: 'precision', score: 7, points: 7, adjustment: 0 });
    expect(now.has(c.id)).toBe(false);

    // the admin's edit: an explicit adjustment for a, a total (as the original client sends) for b
    const put = await call('PUT', `/api/tournaments/competition/${cid}`, {
      teams: [
        {
          name: 'precision',
          players: [
            { playerId: a.id, playerName: 'A', score: 0, adjustment: -4 },
            { playerId: d.id, playerName: 'D', score: 7 },
          ],
        },
        { name: 'speed', players: [{ playerId: b.id, playerName: 'B', score: 50 }] },
      ],
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    now = await scores();
    expect(now.get(a.id)).toEqual({ team: 'precision', score: 6, points: 10, adjustment: -4 });
    expect(now.get(b.id)).toEqual({ team: 'speed', score: 50, points: 7, adjustment: 43 });
    expect(now.get(d.id)).toMatchObject({ score: 7, adjustment: 0 });
    const [audit] = await auditsOf('competition.teams', cid);
    expect(JSON.parse(audit!.before as string).adjustments).toEqual({ [a.id]: 0, [b.id]: 0, [d.id]: 0 });
    expect(JSON.parse(audit!.after as string).adjustments).toEqual({ [a.id]: -4, [b.id]: 43, [d.id]: 0 });

    // more results move the total, the adjustment stays on top
    await match(first.id, [b.id, a.id, c.id]);
    now = await scores();
    expect(now.get(a.id)).toMatchObject({ points: 17, adjustment: -4, score: 13 });
    expect(now.get(b.id)).toMatchObject({ points: 17, adjustment: 43, score: 60 });
    // the breakdown is the admin's: a player is refused
    expect((await t.call('GET', `/api/tournaments/competition/${cid}/scores`, { token: a.token })).status).toBe(403);
    // the list of competitions agrees with the single read
    const listed = (await t.call('GET', '/api/tournaments/competitions')).json.data.find(
      (x: { id: string }) => x.id === cid,
    );
    expect(listed.teams.find((team: { name: string }) => team.name === 'speed').players[0].score).toBe(60);
  });
});

test("in a duo tournament of the championship each member of a team adds the team's points", async () => {
  const competition = await call('POST', '/api/tournaments/competitions', {
    name: `Duo League ${Date.now().toString(36)}`,
    game: 'Fortnite',
  });
  const cid = competition.json.data.id as string;
  const { id, players } = await soloTournament(4, { competitionId: cid, teamSize: 2 });
  for (const p of players)
    expect(
      (await t.call('POST', `/api/tournaments/competitions/${cid}/team`, { token: p.token, body: { team: 'speed' } }))
        .status,
    ).toBe(200);
  const teams = [
    { name: 'Red', members: [players[0]!.id, players[1]!.id] },
    { name: 'Blue', members: [players[2]!.id, players[3]!.id] },
  ];
  expect((await call('PUT', `/api/tournaments/${id}/teams`, { teams })).status).toBe(200);
  const entrants = (await call('GET', `/api/tournaments/${id}/entrants`)).json.data as { id: string; name: string }[];
  await match(
    id,
    ['Blue', 'Red'].map((name) => entrants.find((e) => e.name === name)!.id),
  );
  const breakdown = (await call('GET', `/api/tournaments/competition/${cid}/scores`)).json.data as {
    playerId: string;
    points: number;
  }[];
  const points = new Map(breakdown.map((b) => [b.playerId, b.points]));
  // placement + elims preset: 1st 10, 2nd 7
  expect(players.map((p) => points.get(p.id))).toEqual([7, 7, 10, 10]);
});

if (engine === 'postgres')
  describe('PostgreSQL, a prize table saved while the results are finalised', () => {
    const pauseAt = tablePauses(() => t);

    // the save holds the tournament's row when the finalise starts: the finalise waits, then pays the saved table
    test('the finalise pays the table that was saved first, the one its prizes page then shows', async () => {
      const { id, players } = await soloTournament(3);
      await match(
        id,
        players.map((p) => p.id),
      );
      expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);
      const richer = [{ from: 1, to: 3, credits: 900 }];
      // the save has written the table and waits to write its audit entry
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const saved = watched(call('PUT', `/api/tournaments/${id}/prizes`, { prizes: richer }));
      expect(await pause.untilWaiting(1, () => saved.settled)).toBe(1);
      const finalised = watched(call('POST', `/api/tournaments/${id}/finalise`));
      // the finalise waits on the tournament's row the save holds
      expect(await pause.untilWaiting(2, () => finalised.settled)).toBe(2);
      await pause.release();
      expect((await saved.promise).status).toBe(200);
      const done = await finalised.promise;
      expect(done.status, JSON.stringify(done.json)).toBe(200);
      expect(done.json.data.payouts.map((p: { credits: number }) => p.credits)).toEqual([900, 900, 900]);
      const state = (await call('GET', `/api/tournaments/${id}/prizes`)).json.data;
      expect(state.prizes).toEqual(richer);
      expect(state.payouts.map((p: { credits: number }) => p.credits)).toEqual([900, 900, 900]);
      // (the badges an earlier test created pay on top: the prizes are read from their own entries)
      const paid = new Map((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
      expect(players.map((p) => paid.get(p.id))).toEqual([900, 900, 900]);
      await auditLedger(t);
    });

    test("the second of two prize tables saved at once records the first's as its before", async () => {
      const { id } = await soloTournament(2);
      const first = [{ from: 1, to: 1, credits: 700 }];
      const pause = await pauseAt('audit_log', { writesOnly: true });
      const one = watched(call('PUT', `/api/tournaments/${id}/prizes`, { prizes: first }));
      expect(await pause.untilWaiting(1, () => one.settled)).toBe(1);
      const two = watched(call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES }));
      expect(await pause.untilWaiting(2, () => two.settled)).toBe(2);
      await pause.release();
      expect((await one.promise).status).toBe(200);
      expect((await two.promise).status).toBe(200);
      const entries = (await auditsOf('tournament.prizes', id)).map((e) => [
        JSON.parse(e.before as string).prizes,
        JSON.parse(e.after as string).prizes,
      ]);
      expect(entries).toHaveLength(2);
      expect(entries).toEqual(
        expect.arrayContaining([
          [[], first],
          [first, PRIZES],
        ]),
      );
    });
  });

// declared only in the PostgreSQL project (not a skip there): several processes on one SQLite file is not a supported
// deployment
if (engine === 'postgres')
  describe('two API processes on one PostgreSQL', () => {
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.crash()));
    });

    test('finalising from both processes at once (20 calls) pays each prize once', async () => {
      const start = async () => {
        const s = await startServer({
          databaseUrl: t.config.databaseUrl,
          dataDir: t.config.dataDir,
          port: await anyFreePort(),
        });
        servers.push(s);
        return s;
      };
      const [a, b] = await Promise.all([start(), start()]);
      const { id, players } = await soloTournament(5);
      await match(
        id,
        players.map((p) => p.id),
      );
      expect((await call('PUT', `/api/tournaments/${id}/prizes`, { prizes: PRIZES })).status).toBe(200);

      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          httpCall((i % 2 ? a : b).url, 'POST', `/api/tournaments/${id}/finalise`, { token: admin.token }),
        ),
      );
      expect(results.filter((r) => r.status === 0 || r.status >= 500)).toEqual([]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.json.error.code === 'TOURNAMENT_FINALIZED')).toHaveLength(19);
      // (the badges an earlier test created pay on top: the prizes are read from their own entries)
      const paid = new Map((await ledgerOf(id)).map((e) => [e.user_id, Number(e.amount)]));
      expect(paid.size).toBe(4);
      expect(players.map((p) => paid.get(p.id) ?? 0)).toEqual([500, 300, 100, 100, 0]);
      expect(await auditsOf('tournament.finalise', id)).toHaveLength(1);
      await auditLedger(t);
    });
  });
