import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { form, png } from '../helpers/campaign.ts';
import { checkIn, createTournament, join, quickPlayers, setPhase, tournamentRow, type Person } from '../helpers/tournaments.ts';
import { expectError, line } from '../helpers/results.ts';

/**
 * What finalising closes for good: a pending match report can no longer be decided either way,
 * and the tournament's status stays ended (the status an admin or the quick status control sends
 * back to upcoming or live, or hands to the schedule, is refused).
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await quickPlayers(t, 1, { admin: true });
});
afterAll(() => t?.close());

let pictures = 9100;

/** A live Fortnite tournament of two checked-in players with one match entered, and a pending report of match 2 by the first. */
async function liveWithPendingReport() {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 10 });
  const players = await quickPlayers(t, 2);
  for (const p of players) expect((await join(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const p of players) expect((await checkIn(t, id, p)).status).toBe(200);
  await setPhase(t, admin.token, id, 'ongoing');
  const entered = await t.call('POST', `/api/tournaments/${id}/matches`, { token: admin.token, body: { lines: [line(players[0]!, 1, 2), line(players[1]!, 2)] } });
  expect(entered.status, JSON.stringify(entered.json)).toBe(201);
  const body = form({ matchNumber: '2', placement: '1', eliminations: '3' }, [{ data: await png(pictures++) }]);
  const sent = await t.inject({ method: 'POST', url: `/api/tournaments/${id}/reports`, headers: { 'content-type': body.contentType, authorization: `Bearer ${players[0]!.token}` }, payload: body.body });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id, players, reportId: sent.json().data.id as string };
}

const finalise = async (id: string) => {
  const res = await t.call('POST', `/api/tournaments/${id}/finalise`, { token: admin.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const review = (id: string, reportId: string, body: unknown) => t.call('POST', `/api/tournaments/${id}/reports/${reportId}/review`, { token: admin.token, body });
const setStatus = (id: string, status: unknown) => t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { status } });
const auditOf = (action: string, entityId: string) => t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).where('entity_id', '=', entityId).execute();

describe('a pending report of a finalised tournament', () => {
  test('can be neither rejected nor approved: 409 TOURNAMENT_FINALIZED, it stays pending, nothing audited', async () => {
    const { id, reportId } = await liveWithPendingReport();
    await finalise(id);
    expectError(await review(id, reportId, { decision: 'reject', reason: 'Blurry screenshot' }), 409, 'TOURNAMENT_FINALIZED');
    expectError(await review(id, reportId, { decision: 'approve' }), 409, 'TOURNAMENT_FINALIZED');
    const stored = await t.db.kysely.selectFrom('match_reports').selectAll().where('id', '=', reportId).executeTakeFirstOrThrow();
    expect([stored.status, stored.reason, stored.reviewed_at]).toEqual(['pending', null, null]);
    expect(await auditOf('report.reject', reportId)).toEqual([]);
    expect(await auditOf('report.approve', reportId)).toEqual([]);
  });

  test('before finalising, the same rejection is decided (the refusal above is the finalisation’s)', async () => {
    const { id, reportId } = await liveWithPendingReport();
    const res = await review(id, reportId, { decision: 'reject', reason: 'Blurry screenshot' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'rejected', reason: 'Blurry screenshot' });
  });
});

describe('the status of a finalised tournament', () => {
  test('stays ended: live, upcoming or the schedule are 409 TOURNAMENT_FINALIZED and change nothing; ended and other edits are saved', async () => {
    const { id } = await liveWithPendingReport();
    await finalise(id);
    const before = await tournamentRow(t, id);
    const audited = (await auditOf('tournament.update', id)).length;
    expect(before.status_override).toBe(2);
    for (const status of [1, 0, null]) expectError(await setStatus(id, status), 409, 'TOURNAMENT_FINALIZED');
    // a status with other fields (the whole edit form) is refused whole
    expectError(await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'Reopened', status: 1 } }), 409, 'TOURNAMENT_FINALIZED');
    expect(await tournamentRow(t, id)).toEqual(before);
    expect(await auditOf('tournament.update', id)).toHaveLength(audited);
    expect((await t.call('GET', `/api/tournaments/${id}`, { token: admin.token })).json.data.status).toBe(2);

    expect((await setStatus(id, 2)).status).toBe(200);
    const renamed = await t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'Finals night' } });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({ name: 'Finals night', status: 2, statusOverride: 2, finalized: true });
  });

  test('a tournament not finalised still goes back to live', async () => {
    const id = await createTournament(t, admin.token, 'complete');
    const res = await setStatus(id, 1);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.status).toBe(1);
  });
});
