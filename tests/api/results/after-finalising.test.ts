import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { form, png } from '../helpers/campaign.ts';
import * as T from '../helpers/tournaments.ts';
import type { Person } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { line } from '../helpers/results.ts';
import { scheduleKeys } from '../../../src/features/tournaments/schedule-order.ts';

/**
 * What finalising closes for good: a pending match report can no longer be decided either way,
 * and the tournament's status stays ended (the status an admin or the quick status control sends
 * back to upcoming or live, or hands to the schedule, is refused).
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await T.quickPlayers(t, 1, { admin: true });
});
afterAll(() => t?.close());

const url = (id: string, rest = '') => `/api/tournaments/${id}${rest}`;
const asAdmin = (how: 'POST' | 'PUT', to: string, body?: unknown) => t.call(how, to, { body, token: admin.token });
let pictures = 9100;

/** A live Fortnite tournament: two checked-in players, one match entered, the first's pending report of match 2. */
async function liveWithPendingReport() {
  const id = await T.createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const players = await T.quickPlayers(t, 2);
  for (const p of players) expect((await T.join(t, id, p)).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await T.checkIn(t, id, p)).status).toBe(200);
  await T.setPhase(t, admin.token, id, 'ongoing');
  const lines = [line(players[0]!, 1, 2), line(players[1]!, 2)];
  const entered = await asAdmin('POST', url(id, '/matches'), { lines });
  expect(entered.status, JSON.stringify(entered.json)).toBe(201);
  const body = form({ matchNumber: '2', placement: '1', eliminations: '3' }, [{ data: await png(pictures++) }]);
  const headers = { 'content-type': body.contentType, authorization: `Bearer ${players[0]!.token}` };
  const sent = await t.inject({ method: 'POST', url: url(id, '/reports'), headers, payload: body.body });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id, players, reportId: sent.json().data.id as string };
}

// the fixture's match 2 is only reported (pending): finalising confirms it is left incomplete
const finalise = async (id: string) => {
  const res = await asAdmin('POST', url(id, '/finalise'), { confirmIncomplete: true });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const review = (id: string, r: string, body: unknown) => asAdmin('POST', url(id, `/reports/${r}/review`), body);
const edit = (id: string, body: unknown) => asAdmin('PUT', url(id), body);
const audit = (action: string) => t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', action);
const auditOf = (action: string, of: string) => audit(action).where('entity_id', '=', of).execute();
const FINAL = 'TOURNAMENT_FINALIZED';

describe('a pending report of a finalised tournament', () => {
  test('is neither rejected nor approved: 409 TOURNAMENT_FINALIZED, still pending, nothing audited', async () => {
    const { id, reportId } = await liveWithPendingReport();
    await finalise(id);
    expectError(await review(id, reportId, { decision: 'reject', reason: 'Blurry screenshot' }), 409, FINAL);
    expectError(await review(id, reportId, { decision: 'approve' }), 409, FINAL);
    const reports = t.db.kysely.selectFrom('match_reports').select(['status', 'reason', 'reviewed_at']);
    const stored = await reports.where('id', '=', reportId).executeTakeFirstOrThrow();
    expect([stored.status, stored.reason, stored.reviewed_at]).toEqual(['pending', null, null]);
    expect(await auditOf('report.reject', reportId)).toEqual([]);
    expect(await auditOf('report.approve', reportId)).toEqual([]);
  });

  test('finalising names the pending report, match by match, until the admin confirms it', async () => {
    const { id } = await liveWithPendingReport();
    const state = await t.call('GET', url(id, '/prizes'), { token: admin.token });
    expect(state.json.data.problems).toEqual([{ kind: 'reportsPending', matchNumber: 2, count: 1 }]);
    const refused = await asAdmin('POST', url(id, '/finalise'));
    expectError(refused, 409, 'RESULTS_INCOMPLETE');
    expect(refused.json.error.issues).toEqual([{ path: 'matches.2', message: 'REPORTS_PENDING' }]);
    expect((await T.tournamentRow(t, id)).finalized_at).toBeNull();
    await finalise(id);
    expect((await T.tournamentRow(t, id)).finalized_at).not.toBeNull();
  });

  test('before finalising, the same rejection is decided (the refusal above is the finalisation’s)', async () => {
    const { id, reportId } = await liveWithPendingReport();
    const res = await review(id, reportId, { decision: 'reject', reason: 'Blurry screenshot' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'rejected', reason: 'Blurry screenshot' });
  });
});

describe('the status of a finalised tournament', () => {
  test('stays ended: live, upcoming or the schedule are 409 and change nothing; other edits are saved', async () => {
    const { id } = await liveWithPendingReport();
    await finalise(id);
    const before = await T.tournamentRow(t, id);
    const audited = (await auditOf('tournament.update', id)).length;
    expect(before.status_override).toBe(2);
    for (const status of [1, 0, null]) expectError(await edit(id, { status }), 409, FINAL);
    // a status with other fields (the whole edit form) is refused whole
    expectError(await edit(id, { name: 'Reopened', status: 1 }), 409, FINAL);
    expect(await T.tournamentRow(t, id)).toEqual(before);
    expect(await auditOf('tournament.update', id)).toHaveLength(audited);

    expect((await edit(id, { status: 2 })).status).toBe(200);
    const renamed = await edit(id, { name: 'Finals night' });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({ name: 'Finals night', status: 2, statusOverride: 2, finalized: true });
  });

  test('a tournament not finalised still goes back to live', async () => {
    const id = await T.createTournament(t, admin.token, 'complete');
    const res = await edit(id, { status: 1 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.status).toBe(1);
  });
});

const playedColumns = [
  'game',
  'max_participants',
  'format',
  'team_size',
  'team_checkin_minimum',
  'competition_id',
  'check_in',
  'check_in_end',
  ...scheduleKeys,
] as const;

describe('what a finalised tournament was played with', () => {
  // and nothing is changed
  test('a changed game, size, format, team rule, championship, check-in or date is 409', async () => {
    const { id } = await liveWithPendingReport();
    await finalise(id);
    const before = await T.tournamentRow(t, id);
    const audited = (await auditOf('tournament.update', id)).length;
    const hourAfter = (at: string | null) => new Date(Date.parse(at!) + 3_600_000).toISOString();
    const changes = [
      { game: 'Valorant' },
      { console: ['PC', 'SWITCH'] },
      { maxPartecipants: before.max_participants + 5 },
      { format: 'round_robin' },
      { teamSize: 2 },
      { teamCheckinMinimum: 1 },
      { competitionId: 'another-championship' },
      { check_in: before.check_in + 10 },
      { check_in_end: before.check_in_end + 10 },
      { end_tournament: hourAfter(before.end_tournament) },
      { start_registration: null },
    ];
    // each with a text edit beside it, as the editor sends them: the whole edit is refused
    for (const change of changes) expectError(await edit(id, { name: 'Replayed', ...change }), 409, FINAL);
    expect(await T.tournamentRow(t, id)).toEqual(before);
    expect(await auditOf('tournament.update', id)).toHaveLength(audited);
  });

  test('its stored values sent back are no change: the texts and the access beside them are saved', async () => {
    const { id } = await liveWithPendingReport();
    await finalise(id);
    const before = await T.tournamentRow(t, id);
    // the same instant in another offset, and the platforms in another order, are the same values
    const inRome = (at: string) => new Date(Date.parse(at) + 3_600_000).toISOString().replace('Z', '+01:00');
    const consoles: string[] = JSON.parse(before.consoles);
    const res = await edit(id, {
      name: 'Finals night',
      description: '<p>Thanks for playing</p>',
      open: true,
      game: before.game,
      console: [...consoles].reverse(),
      maxPartecipants: before.max_participants,
      format: before.format,
      teamSize: before.team_size,
      teamCheckinMinimum: before.team_checkin_minimum,
      competitionId: before.competition_id,
      check_in: before.check_in,
      check_in_end: before.check_in_end,
      start_registration: before.start_registration,
      end_registration: before.end_registration,
      start_checkin: before.start_checkin,
      end_checkin: before.end_checkin,
      start_tournament: inRome(before.start_tournament!),
      end_tournament: before.end_tournament,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await T.tournamentRow(t, id);
    expect(after).toMatchObject({ name: 'Finals night', description: '<p>Thanks for playing</p>' });
    const played = (row: typeof before) => ({
      ...Object.fromEntries(playedColumns.map((c) => [c, row[c]])),
      consoles: (JSON.parse(row.consoles) as string[]).sort(),
    });
    expect(played(after)).toEqual(played(before));
  });

  test('a tournament not finalised still changes its schedule and its size', async () => {
    const id = await T.createTournament(t, admin.token, 'complete');
    const res = await edit(id, { maxPartecipants: 64, check_in: 15 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ maxPartecipants: 64, check_in: 15 });
  });
});
