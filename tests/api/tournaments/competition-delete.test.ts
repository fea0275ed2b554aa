import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTournament,
  join,
  quickPlayer,
  registrationRows,
  tournamentRow,
  type Person,
} from '../helpers/tournaments.ts';

/** DELETE /tournaments/competitions/:id: who may, what goes, what stays, and the audit entry. */
let t: TestApp;
let admin: Person;
let player: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
});
afterAll(() => t?.close());

const newCompetition = async (name = 'League') => {
  const res = await t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name, game: 'Fortnite' },
  });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
};
const remove = (id: string, token: string | null = admin.token) =>
  t.call('DELETE', `/api/tournaments/competitions/${id}`, { token: token ?? undefined });
const deleteEntries = (id: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'competition.delete')
    .where('entity_id', '=', id)
    .orderBy('created_at')
    .execute();
const factionRows = (id: string) =>
  t.db.kysely.selectFrom('competition_players').selectAll().where('competition_id', '=', id).execute();

describe('DELETE /tournaments/competitions/:id', () => {
  test('the reads say how many tournaments point to a competition', async () => {
    const id = await newCompetition('Counted');
    expect((await t.call('GET', `/api/tournaments/competitions/${id}`)).json.data.tournamentCount).toBe(0);
    await createTournament(t, admin.token, 'registration', { competitionId: id });
    await createTournament(t, admin.token, 'registration', { competitionId: id });
    await createTournament(t, admin.token);
    expect((await t.call('GET', `/api/tournaments/competitions/${id}`)).json.data.tournamentCount).toBe(2);
    const listed = (await t.call('GET', '/api/tournaments/competitions')).json.data.find(
      (c: { id: string }) => c.id === id,
    );
    expect(listed.tournamentCount).toBe(2);
  });

  // one audit entry is written
  test('an admin deletes it: its tournaments stay without a competition, its faction entries go', async () => {
    const id = await newCompetition('Doomed');
    const other = await newCompetition('Kept');
    const first = await createTournament(t, admin.token, 'registration', { competitionId: id });
    const second = await createTournament(t, admin.token, 'registration', { competitionId: id });
    const elsewhere = await createTournament(t, admin.token, 'registration', { competitionId: other });
    expect((await join(t, first, player)).status).toBe(200);
    const teams = await t.call('PUT', `/api/tournaments/competition/${id}`, {
      token: admin.token,
      body: {
        teams: [{ name: 'precision', players: [{ playerId: player.id, playerName: player.username, score: 12 }] }],
      },
    });
    expect(teams.status).toBe(200);
    expect(await factionRows(id)).toHaveLength(1);

    const res = await remove(id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ status: 'SUCCESS', data: { id, deleted: true } });

    const gone = await t.call('GET', `/api/tournaments/competitions/${id}`);
    expect([gone.status, gone.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND']);
    expect(
      (await t.call('GET', '/api/tournaments/competitions')).json.data.map((c: { id: string }) => c.id),
    ).not.toContain(id);
    expect(await factionRows(id)).toEqual([]);

    // the tournaments stay, with their registrations, and belong to no competition
    for (const tid of [first, second]) {
      const read = await t.call('GET', `/api/tournaments/${tid}`);
      expect(read.status).toBe(200);
      expect(read.json.data.competitionId).toBeNull();
      expect((await tournamentRow(t, tid)).competition_id).toBeNull();
    }
    expect((await registrationRows(t, first)).map((r) => r.user_id)).toEqual([player.id]);
    expect((await t.call('GET', `/api/tournaments?competitionId=${id}`)).json.total).toBe(0);
    // another competition's tournament is untouched
    expect((await tournamentRow(t, elsewhere)).competition_id).toBe(other);
    expect((await t.call('GET', `/api/tournaments/competitions/${other}`)).json.data.tournamentCount).toBe(1);

    const entries = await deleteEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, entity_type: 'competition', entity_id: id });
    const before = JSON.parse(String(entries[0].before));
    expect(before).toMatchObject({
      id,
      name: 'Doomed',
      tournamentCount: 2,
      detached: { tournamentIds: [first, second].sort(), campaigns: [] },
    });
    expect(JSON.stringify(before.teams)).toContain(player.id);
    expect(entries[0].after === null || JSON.parse(String(entries[0].after)) === null).toBe(true);
  });

  test('deleting twice: the second is 404 and writes nothing', async () => {
    const id = await newCompetition();
    expect((await remove(id)).status).toBe(200);
    const snapshot = await t.snapshot();
    const again = await remove(id);
    expect([again.status, again.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND']);
    expect(await t.snapshot()).toEqual(snapshot);
    expect(await deleteEntries(id)).toHaveLength(1);
  });

  test('two deletes at once: one succeeds, the other is 404, one audit entry', async () => {
    const id = await newCompetition();
    await createTournament(t, admin.token, 'registration', { competitionId: id });
    const answers = await Promise.all([remove(id), remove(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await deleteEntries(id)).toHaveLength(1);
  });

  test('a player is 403, anonymous 401, and nothing changes', async () => {
    const id = await newCompetition();
    await createTournament(t, admin.token, 'registration', { competitionId: id });
    const before = await t.snapshot();
    const asPlayer = await remove(id, player.token);
    expect([asPlayer.status, asPlayer.json.error.code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await remove(id, null);
    expect([anonymous.status, anonymous.json.error.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await t.snapshot()).toEqual(before);
    expect((await t.call('GET', `/api/tournaments/competitions/${id}`)).json.data.tournamentCount).toBe(1);
  });

  test('an unknown id is 404 COMPETITION_NOT_FOUND, a malformed one 400, and nothing is written', async () => {
    const before = await t.snapshot();
    const unknown = await remove(randomUUID());
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND']);
    expect((await remove('bad.id')).status).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  test('a campaign that listed its tournaments lists the brand’s next ones instead', async () => {
    const id = await newCompetition('Cortina league');
    const put = await t.call('PUT', '/api/campaigns/cortina', { token: admin.token, body: { competitionId: id } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.data.competitionId).toBe(id);
    expect((await remove(id)).status).toBe(200);
    expect((await t.call('GET', '/api/campaigns/cortina')).json.data.competitionId).toBeNull();
    const before = JSON.parse(String((await deleteEntries(id))[0].before));
    expect(before.detached).toEqual({ tournamentIds: [], campaigns: ['cortina'] });
  });
});
