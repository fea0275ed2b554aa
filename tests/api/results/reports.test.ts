import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TournamentInput } from '../../../src/features/tournaments/contract.ts';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { oneAfterTheOther, tablePauses } from '../helpers/table-pause.ts';
import { form, openPhaseNow, png, submit as submitScreenshot } from '../helpers/campaign.ts';
import {
  checkIn,
  createTournament,
  join,
  quickPlayers,
  registration,
  setPhase,
  type Person,
} from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';
import { resultsApi } from '../helpers/results.ts';

/**
 * Players' match reports: who may report, what is checked, the duplicate-image
 * and disagreement flags of the queue, approval into the standings, rejection, and the races.
 */

let t: TestApp;
let admin: Person;
/** solo Fortnite tournament, live: p[0..3] checked in, p[4] joined only, p[5] a stranger */
let solo: string;
let p: Person[];
/** duo Fortnite tournament, live: teams Alpha (d[0], d[1]) and Beta (d[2], d[3]); d[4] checked in without a team */
let duo: string;
let d: Person[];
let alpha: string;
let beta: string;

type Line = { matchNumber: number | string; placement: number | string; eliminations: number | string };

let pictures = 1000;
/** POST /tournaments/{id}/reports; a fresh picture unless one is given, none with `file: null`. */
async function report(tournamentId: string, who: Person | null, line: Partial<Line> | null, file?: Buffer | null) {
  const fields = Object.fromEntries(Object.entries(line ?? {}).map(([k, v]) => [k, String(v)]));
  const data = file === undefined ? await png(pictures++) : file;
  const body = form(fields, data ? [{ data }] : []);
  const res = await t.inject({
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/reports`,
    headers: { 'content-type': body.contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    payload: body.body,
  });
  return { status: res.statusCode, json: res.json() };
}

const queue = async (tournamentId: string, query = '') => {
  const r = await t.call('GET', `/api/tournaments/${tournamentId}/reports${query}`, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as {
    id: string;
    userId: string;
    status: string;
    flagged: boolean;
    matchRecorded: boolean;
    duplicateCount: number;
    duplicates: { id: string; source: string }[];
    conflicts: { kind: string; reportId: string | null; placement: number; eliminations: number }[];
    reason: string | null;
  }[];
};
const review = (tournamentId: string, id: string, body: unknown, token = admin.token) =>
  t.call('POST', `/api/tournaments/${tournamentId}/reports/${id}/review`, { token, body });
const standings = async (tournamentId: string) => {
  const r = await t.call('GET', `/api/tournaments/${tournamentId}/standings`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as {
    rows: {
      entrantId: string;
      points: number;
      matchesPlayed: number;
      eliminations: number;
      bestPlacement: number | null;
    }[];
  };
};
const reportRows = (tournamentId: string) =>
  t.db.kysely.selectFrom('match_reports').selectAll().where('tournament_id', '=', tournamentId).orderBy('id').execute();
const auditOf = (action: string, entityId: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute();

/** A tournament through the admin API: players join while registration is open, some check in, then it goes live. */
async function liveTournament(
  players: Person[],
  checkedIn: Person[],
  overrides: { game?: TournamentInput['game']; teamSize?: number } = {},
) {
  const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 20, ...overrides });
  const body = (x: Person) => registration(x.id, { game: overrides.game ?? 'Fortnite' });
  for (const x of players) expect((await join(t, id, x, body(x))).status).toBe(200);
  await setPhase(t, admin.token, id, 'checkinOpen');
  for (const x of checkedIn) expect((await checkIn(t, id, x, body(x))).status).toBe(200);
  await setPhase(t, admin.token, id, 'ongoing');
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await quickPlayers(t, 1, { admin: true });
  p = await quickPlayers(t, 6);
  d = await quickPlayers(t, 5);
  solo = await liveTournament(p.slice(0, 5), p.slice(0, 4));
  duo = await liveTournament(d, d, { teamSize: 2 });
  const teams = await t.call('PUT', `/api/tournaments/${duo}/teams`, {
    token: admin.token,
    body: {
      teams: [
        { name: 'Alpha', members: [d[0].id, d[1].id] },
        { name: 'Beta', members: [d[2].id, d[3].id] },
      ],
    },
  });
  expect(teams.status, JSON.stringify(teams.json)).toBe(200);
  const entrants = await t.call('GET', `/api/tournaments/${duo}/entrants`, { token: admin.token });
  alpha = entrants.json.data.find((e: { name: string }) => e.name === 'Alpha').id;
  beta = entrants.json.data.find((e: { name: string }) => e.name === 'Beta').id;
});
afterAll(() => t?.close());

describe('who may report', () => {
  // the refused reports store nothing
  test('only a checked-in player of a live, not finalised battle-royale tournament', async () => {
    const valorant = await liveTournament([p[0]], [p[0]], { game: 'Valorant' });
    const notLiveYet = await liveTournament([p[1]], [p[1]]);
    await setPhase(t, admin.token, notLiveYet, 'checkinClosed');
    const ended = await liveTournament([p[2]], [p[2]]);
    await setPhase(t, admin.token, ended, 'complete');
    const before = await t.db.kysely.selectFrom('match_reports').selectAll().execute();
    const line = { matchNumber: 1, placement: 3, eliminations: 2 };
    const cases: [string, string, Person | null, number, string][] = [
      ['no session', solo, null, 401, 'UNAUTHORIZED'],
      ['a stranger', solo, p[5], 403, 'NOT_CHECKED_IN'],
      ['a member not checked in', solo, p[4], 403, 'NOT_CHECKED_IN'],
      ['a checked-in player without a team', duo, d[4], 403, 'REPORT_NO_TEAM'],
      ['a tournament not started', notLiveYet, p[1], 409, 'TOURNAMENT_NOT_LIVE'],
      ['an ended tournament', ended, p[2], 409, 'TOURNAMENT_NOT_LIVE'],
      ['a one-against-one game', valorant, p[0], 409, 'NOT_BATTLE_ROYALE'],
      ['no such tournament', '00000000-0000-4000-8000-000000000000', p[0], 404, 'TOURNAMENT_NOT_FOUND'],
    ];
    for (const [label, id, who, status, code] of cases) {
      const r = await report(id, who, line);
      expect([label, r.status, r.json.error?.code]).toEqual([label, status, code]);
    }
    expect(await t.db.kysely.selectFrom('match_reports').selectAll().execute()).toEqual(before);
  });

  test('the queue and the decisions are the admin’s', async () => {
    const r = await report(solo, p[3], { matchNumber: 9, placement: 9, eliminations: 0 });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect((await t.call('GET', `/api/tournaments/${solo}/reports`, { token: p[3].token })).status).toBe(403);
    expect((await t.call('GET', `/api/tournaments/${solo}/reports`)).status).toBe(401);
    expect((await review(solo, r.json.data.id, { decision: 'approve' }, p[3].token)).status).toBe(403);
    expect((await reportRows(solo)).find((x) => x.id === r.json.data.id)?.status).toBe('pending');
  });
});

describe('what a report holds', () => {
  test('missing, out-of-range or non-numeric fields and a missing picture: 400 with the fields at fault', async () => {
    const none = await report(solo, p[0], null, null);
    expect(none.status).toBe(400);
    const byPath = Object.fromEntries(
      none.json.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(byPath).toMatchObject({
      'body.matchNumber': 'requiredField',
      'body.placement': 'requiredField',
      'body.eliminations': 'requiredField',
      'body.file': 'requiredField',
    });
    const cases: [Partial<Line>, string][] = [
      [{ matchNumber: 0, placement: 1, eliminations: 0 }, 'body.matchNumber'],
      [{ matchNumber: 51, placement: 1, eliminations: 0 }, 'body.matchNumber'],
      [{ matchNumber: 1, placement: 0, eliminations: 0 }, 'body.placement'],
      [{ matchNumber: 1, placement: 'first', eliminations: 0 }, 'body.placement'],
      [{ matchNumber: 1, placement: 2.5, eliminations: 0 }, 'body.placement'],
      [{ matchNumber: 1, placement: 1, eliminations: -1 }, 'body.eliminations'],
      [{ matchNumber: 1, placement: 1, eliminations: 201 }, 'body.eliminations'],
    ];
    for (const [line, path] of cases) {
      const r = await report(solo, p[0], line);
      expect([line, r.status, r.json.error.issues.map((i: { path: string }) => i.path)]).toEqual([line, 400, [path]]);
    }
  });

  test('a placement beyond the lobby and a file that is no image are refused, and nothing is stored', async () => {
    const before = await reportRows(solo);
    const lobby = await report(solo, p[0], { matchNumber: 1, placement: 150, eliminations: 0 });
    expect([lobby.status, lobby.json.error.code]).toEqual([400, 'PLACEMENT_OVER_LOBBY']);
    const text = await report(
      solo,
      p[0],
      { matchNumber: 1, placement: 1, eliminations: 0 },
      Buffer.from('not a picture at all'),
    );
    expect([text.status, text.json.error.code]).toEqual([400, 'INVALID_IMAGE']);
    expect(await reportRows(solo)).toEqual(before);
  });

  // it is listed as theirs; the second one is for the same match
  test('a report is stored pending for the player’s entrant; a second one is 409 REPORT_EXISTS', async () => {
    const r = await report(solo, p[0], { matchNumber: 1, placement: 4, eliminations: 3 });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data).toMatchObject({
      tournamentId: solo,
      matchNumber: 1,
      placement: 4,
      eliminations: 3,
      status: 'pending',
      reason: null,
      reviewedAt: null,
    });
    expect(r.json.data.imageUrl).toMatch(/^\/media\/.+\.png$/);
    expect((await t.inject({ method: 'GET', url: r.json.data.imageUrl })).statusCode).toBe(200);
    const row = (await reportRows(solo)).find((x) => x.id === r.json.data.id)!;
    expect([row.user_id, row.entrant_id]).toEqual([p[0].id, p[0].id]);

    const again = await report(solo, p[0], { matchNumber: 1, placement: 1, eliminations: 9 });
    expect([again.status, again.json.error.code]).toEqual([409, 'REPORT_EXISTS']);
    const mine = await t.call('GET', `/api/tournaments/${solo}/reports/mine`, { token: p[0].token });
    expect(mine.json.data.map((x: { id: string; placement: number }) => [x.id, x.placement])).toEqual([
      [r.json.data.id, 4],
    ]);
    // another player's list does not show it
    const theirs = await t.call('GET', `/api/tournaments/${solo}/reports/mine`, { token: p[1].token });
    expect(theirs.json.data.every((x: { id: string }) => x.id !== r.json.data.id)).toBe(true);

    const teammate = await report(duo, d[1], { matchNumber: 7, placement: 2, eliminations: 1 });
    expect(teammate.status).toBe(201);
    expect((await reportRows(duo)).find((x) => x.id === teammate.json.data.id)?.entrant_id).toBe(alpha);
  });
});

describe('the queue flags what the admin must look at twice', () => {
  test('the same picture as an earlier report or a campaign screenshot is a duplicate', async () => {
    const picture = await png(424242);
    const first = await report(solo, p[1], { matchNumber: 2, placement: 10, eliminations: 0 }, picture);
    expect(first.status).toBe(201);
    const second = await report(solo, p[2], { matchNumber: 2, placement: 11, eliminations: 0 }, picture);
    expect(second.status).toBe(201);
    const rows = await queue(solo, '?matchNumber=2');
    const a = rows.find((x) => x.id === first.json.data.id)!;
    const b = rows.find((x) => x.id === second.json.data.id)!;
    expect([a.duplicateCount, a.flagged, b.duplicateCount, b.flagged]).toEqual([1, true, 1, true]);
    expect(b.duplicates.map((x) => [x.id, x.source])).toEqual([[first.json.data.id, 'report']]);

    await openPhaseNow(t, admin.token, 2);
    const shot = await png(515151);
    expect(
      (await submitScreenshot(t, p[3].token, { fields: { username: 'Ice', email: 'ice@example.com' }, file: shot }))
        .status,
    ).toBe(201);
    const third = await report(solo, p[3], { matchNumber: 2, placement: 12, eliminations: 0 }, shot);
    const c = (await queue(solo, '?status=flagged')).find((x) => x.id === third.json.data.id)!;
    expect([c.duplicateCount, c.duplicates.map((x) => x.source)]).toEqual([1, ['submission']]);
    expect((await queue(solo, '?status=flagged')).every((x) => x.flagged && x.status === 'pending')).toBe(true);
  });

  // teammates who disagree, two entrants claiming one placement, and a report against an admin’s line
  test('conflicting reports are flagged side by side', async () => {
    const a0 = await report(duo, d[0], { matchNumber: 31, placement: 1, eliminations: 5 });
    const a1 = await report(duo, d[1], { matchNumber: 31, placement: 2, eliminations: 5 });
    const b0 = await report(duo, d[2], { matchNumber: 31, placement: 2, eliminations: 0 });
    const rows = await queue(duo, '?matchNumber=31');
    const find = (id: string) => rows.find((x) => x.id === id)!;
    expect(find(a0.json.data.id).conflicts).toEqual([
      {
        kind: 'teammate',
        reportId: a1.json.data.id,
        username: d[1].username,
        entrantName: 'Alpha',
        placement: 2,
        eliminations: 5,
      },
    ]);
    expect(find(a1.json.data.id).conflicts.map((c) => [c.kind, c.reportId])).toEqual([
      ['teammate', a0.json.data.id],
      ['placement', b0.json.data.id],
    ]);
    expect(find(b0.json.data.id).conflicts.map((c) => [c.kind, c.reportId])).toEqual([['placement', a1.json.data.id]]);
    expect(rows.every((x) => x.flagged)).toBe(true);

    // an admin records the next match by hand (no report names its number yet); a report that contradicts it is flagged
    // against the line
    const entered = await t.call('POST', `/api/tournaments/${duo}/matches`, {
      token: admin.token,
      body: {
        lines: [
          { entrantId: alpha, placement: 1, eliminations: 4 },
          { entrantId: beta, placement: 2, eliminations: 1 },
        ],
      },
    });
    expect(entered.status, JSON.stringify(entered.json)).toBe(201);
    const number = entered.json.data.number;
    const late = await report(duo, d[3], { matchNumber: number, placement: 1, eliminations: 1 });
    const flagged = (await queue(duo, `?matchNumber=${number}`)).find((x) => x.id === late.json.data.id)!;
    // Beta's own line says 2nd, and Alpha holds 1st
    expect(flagged.conflicts.map((c) => [c.kind, c.placement, c.eliminations])).toEqual([
      ['recorded', 1, 4],
      ['recorded', 2, 1],
    ]);
    const agreeing = await report(duo, d[2], { matchNumber: number, placement: 2, eliminations: 1 });
    // agreeing with the recorded line, it disagrees only with the teammate's pending report
    const agrees = (await queue(duo, `?matchNumber=${number}`)).find((x) => x.id === agreeing.json.data.id)!;
    expect(agrees.conflicts.map((c) => [c.kind, c.reportId])).toEqual([['teammate', late.json.data.id]]);
  });
});

describe('decisions', () => {
  // the approval is audited
  test('approving records the line, counted in the standings; rejecting keeps the report with its reason', async () => {
    const good = await report(solo, p[1], { matchNumber: 5, placement: 1, eliminations: 6 });
    const bad = await report(solo, p[2], { matchNumber: 5, placement: 2, eliminations: 40 });
    const before = (await standings(solo)).rows.find((r) => r.entrantId === p[1].id);

    // match 5 has no results yet: one report never creates it unless the admin says so
    expect((await queue(solo, '?matchNumber=5')).map((r) => r.matchRecorded)).toEqual([false, false]);
    const unrecorded = await review(solo, good.json.data.id, { decision: 'approve' });
    expect([unrecorded.status, unrecorded.json.error.code]).toEqual([409, 'MATCH_NOT_RECORDED']);
    expect((await reportRows(solo)).find((x) => x.id === good.json.data.id)?.status).toBe('pending');
    const none = await t.call('GET', `/api/tournaments/${solo}/matches`, { token: admin.token });
    expect(none.json.data.some((m: { number: number }) => m.number === 5)).toBe(false);
    expect(await auditOf('report.approve', good.json.data.id)).toHaveLength(0);

    const ok = await review(solo, good.json.data.id, { decision: 'approve', createMatch: true });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toMatchObject({ status: 'approved', reason: null });
    const after = (await standings(solo)).rows.find((r) => r.entrantId === p[1].id)!;
    // placement + 1 per elimination (the default table): 1st is 10, six eliminations 6
    expect(after.points - (before?.points ?? 0)).toBe(16);
    expect(after.bestPlacement).toBe(1);
    expect(await auditOf('report.approve', good.json.data.id)).toHaveLength(1);
    // the match exists now: the next report of it is approved as a line of it
    expect((await queue(solo, '?matchNumber=5')).find((r) => r.id === bad.json.data.id)).toMatchObject({
      matchRecorded: true,
    });

    const noReason = await review(solo, bad.json.data.id, { decision: 'reject', reason: '   ' });
    expect(noReason.status).toBe(400);
    const sent = (await t.outbox()).length;
    const no = await review(solo, bad.json.data.id, {
      decision: 'reject',
      reason: 'Forty eliminations is not what the screenshot shows',
    });
    expect(no.status, JSON.stringify(no.json)).toBe(200);
    expect(no.json.data).toMatchObject({
      status: 'rejected',
      reason: 'Forty eliminations is not what the screenshot shows',
    });
    expect((await standings(solo)).rows.find((r) => r.entrantId === p[2].id)?.eliminations ?? 0).toBeLessThan(40);
    expect(await auditOf('report.reject', bad.json.data.id)).toHaveLength(1);
    // the player hears of the rejection by e-mail, in their language, with the admin's reason
    const rejected = (await t.outbox()).slice(sent).filter((m) => m.to.includes(p[2].email));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.subject).toMatch(/^La tua segnalazione della partita 5 di .+ è stata rifiutata$/);
    expect(rejected[0]!.text).toContain('Motivo: Forty eliminations is not what the screenshot shows');
    expect(rejected[0]!.text).toContain(`http://arena.test/tournament/${solo}`);
    const mine = await t.call('GET', `/api/tournaments/${solo}/reports/mine`, { token: p[2].token });
    expect(mine.json.data.find((x: { id: string }) => x.id === bad.json.data.id)).toMatchObject({
      status: 'rejected',
      reason: 'Forty eliminations is not what the screenshot shows',
    });

    // an approval mails nobody; an English player reads the rejection in English
    expect((await t.outbox()).slice(sent).filter((m) => m.to.includes(p[1].email))).toHaveLength(0);
    await t.db.kysely.updateTable('users').set({ language: 'en' }).where('id', '=', p[3].id).execute();
    try {
      const wrong = await report(solo, p[3], { matchNumber: 5, placement: 3, eliminations: 30 });
      const before = (await t.outbox()).length;
      const r = await review(solo, wrong.json.data.id, { decision: 'reject', reason: 'No such screenshot' });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const english = (await t.outbox()).slice(before).filter((m) => m.to.includes(p[3].email));
      expect(english).toHaveLength(1);
      expect(english[0]!.subject).toMatch(/^Your report of match 5 in .+ was rejected$/);
      expect(english[0]!.text).toContain('Reason: No such screenshot');
      expect(english[0]!.text).toContain(`http://arena.test/en/tournament/${solo}`);
    } finally {
      await t.db.kysely.updateTable('users').set({ language: 'it' }).where('id', '=', p[3].id).execute();
    }

    // a decided report stays decided
    const twice = await review(solo, bad.json.data.id, { decision: 'approve' });
    expect([twice.status, twice.json.error.code]).toEqual([409, 'REPORT_ALREADY_REVIEWED']);
    expect((await review(solo, '00000000-0000-4000-8000-000000000000', { decision: 'approve' })).json.error.code).toBe(
      'REPORT_NOT_FOUND',
    );
  });

  test('approving one of a disagreeing pair does not silently overwrite the other: the admin chooses', async () => {
    const first = await report(duo, d[0], { matchNumber: 11, placement: 3, eliminations: 2 });
    const second = await report(duo, d[1], { matchNumber: 11, placement: 4, eliminations: 2 });
    expect((await review(duo, first.json.data.id, { decision: 'approve', createMatch: true })).status).toBe(200);
    const pending = (await queue(duo, '?matchNumber=11')).find((x) => x.id === second.json.data.id)!;
    expect(pending.conflicts.map((c) => [c.kind, c.placement])).toEqual([['recorded', 3]]);

    const refused = await review(duo, second.json.data.id, { decision: 'approve' });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'REPORT_CONFLICT']);
    expect((await reportRows(duo)).find((x) => x.id === second.json.data.id)?.status).toBe('pending');
    expect(await auditOf('report.approve', second.json.data.id)).toHaveLength(0);

    const chosen = await review(duo, second.json.data.id, { decision: 'approve', overwrite: true });
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    const match = await t.call('GET', `/api/tournaments/${duo}/matches`, { token: admin.token });
    const lines = match.json.data.find((m: { number: number }) => m.number === 11).lines;
    expect(lines.map((l: { entrantId: string; placement: number }) => [l.entrantId, l.placement])).toEqual([
      [alpha, 4],
    ]);

    // overwriting never takes another entrant's placement
    const clash = await report(duo, d[2], { matchNumber: 11, placement: 4, eliminations: 0 });
    const taken = await review(duo, clash.json.data.id, { decision: 'approve', overwrite: true });
    expect([taken.status, taken.json.error.code]).toEqual([409, 'PLACEMENT_TAKEN']);
  });
});

describe('teams re-formed while reports wait', () => {
  /** A live duo tournament of five checked-in players: Red (q0, q1) and Blue (q2, q3); q4 on no team. */
  async function reformed() {
    const q = await quickPlayers(t, 5);
    const id = await liveTournament(q, q, { teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const first = await api.setTeams([
      { name: 'Red', members: [q[0].id, q[1].id] },
      { name: 'Blue', members: [q[2].id, q[3].id] },
    ]);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const sent = async (who: Person, placement: number, eliminations: number) => {
      const r = await report(id, who, { matchNumber: 1, placement, eliminations });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.data.id as string;
    };
    return { q, id, api, sent };
  }
  const teamId = async (api: ReturnType<typeof resultsApi>, name: string) =>
    ((await api.teams()).json.data as { id: string; name: string }[]).find((e) => e.name === name)!.id;

  // the organiser's new teams are who played: q2 is left out, and the others' reports go where they are now
  test('each pending report follows its sender to their new team; a sender on no team is named so', async () => {
    const { q, id, api, sent } = await reformed();
    const r0 = await sent(q[0], 3, 2);
    const r1 = await sent(q[1], 3, 2);
    const r2 = await sent(q[2], 5, 0);
    const rejected = await sent(q[3], 5, 1);
    expect((await review(id, rejected, { decision: 'reject', reason: 'Blurred' })).status).toBe(200);
    const blue = await teamId(api, 'Blue');
    const again = await api.setTeams([
      { name: 'Green', members: [q[1].id, q[3].id] },
      { name: 'Gold', members: [q[0].id, q[4].id] },
    ]);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const [green, gold] = [await teamId(api, 'Green'), await teamId(api, 'Gold')];
    const rows = new Map((await reportRows(id)).map((r) => [r.id, r.entrant_id]));
    expect([rows.get(r0), rows.get(r1)]).toEqual([gold, green]);
    // a decided report is history: it keeps the team it was decided for
    expect(rows.get(rejected)).toBe(blue);
    const listed = (await t.call('GET', `/api/tournaments/${id}/reports`, { token: admin.token })).json.data as {
      id: string;
      entrantId: string;
      entrantName: string;
      senderHasNoTeam: boolean;
      flagged: boolean;
    }[];
    const of = (rid: string) => listed.find((r) => r.id === rid)!;
    expect([r0, r1].map((rid) => [of(rid).entrantName, of(rid).senderHasNoTeam])).toEqual([
      ['Gold', false],
      ['Green', false],
    ]);
    expect([of(r2).senderHasNoTeam, of(r2).flagged, of(r2).entrantName]).toEqual([true, true, q[2].username]);
    expect(of(rejected).senderHasNoTeam).toBe(false);

    // a teammate on the new team who reports now is compared with the report that followed its sender there
    const r4 = await sent(q[4], 3, 1);
    const conflicts = (await queue(id)).find((r) => r.id === r0)!.conflicts;
    expect(conflicts.map((c) => [c.kind, c.reportId])).toEqual([
      ['placement', r1],
      ['teammate', r4],
    ]);

    // approving the followed report records its line for the team its sender is on now
    const ok = await review(id, r0, { decision: 'approve', createMatch: true });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const lines = (await api.matches()).json.data[0].lines as { entrantId: string; name: string }[];
    expect(lines.map((l) => [l.entrantId, l.name])).toEqual([[gold, 'Gold']]);
  });

  // the admin reading the log sees why a report changed team: an entry per report moved, after the teams' own
  test('each report that follows its sender is in the audit log, from the old team to the new', async () => {
    const { q, id, api, sent } = await reformed();
    const r0 = await sent(q[0], 3, 2);
    const left = await sent(q[2], 5, 0);
    const decided = await sent(q[3], 5, 1);
    expect((await review(id, decided, { decision: 'reject', reason: 'Blurred' })).status).toBe(200);
    const red = await teamId(api, 'Red');
    // q0 moves to Gold; q3's report is decided and q2 is on no team: neither moves
    expect((await api.setTeams([{ name: 'Gold', members: [q[0].id, q[3].id] }])).status).toBe(200);
    const gold = await teamId(api, 'Gold');
    const log = await t.call('GET', `/api/admin/audit?tournament=${id}&category=reports&limit=100`, {
      token: admin.token,
    });
    expect(log.status, JSON.stringify(log.json)).toBe(200);
    const followed = (log.json.data as { action: string }[]).filter((e) => e.action === 'report.follow');
    const name = (await t.call('GET', `/api/tournaments/${id}`)).json.data.name as string;
    const side = (entrantId: string, team: string, teammates: Person[]) => ({
      tournamentId: id,
      matchNumber: 1,
      username: q[0].username,
      entrantId,
      team,
      teammates: teammates.map((x) => x.username),
    });
    expect(followed).toEqual([
      expect.objectContaining({
        actor: { id: admin.id, name: admin.username },
        entityType: 'report',
        entityId: r0,
        entityLabel: `${name} · #1 · ${q[0].username}`,
        before: side(red, 'Red', [q[0], q[1]]),
        after: side(gold, 'Gold', [q[0], q[3]]),
      }),
    ]);
    // written with the teams' own entry, in one transaction: a re-forming refused writes neither
    expect((await auditOf('team.update', id)).length).toBe(2);
    expectError(await api.setTeams([{ name: 'X', members: [q[0].id, q[0].id] }]), 409, 'PLAYER_IN_TWO_TEAMS');
    expect(await auditOf('report.follow', r0)).toHaveLength(1);
    expect(await auditOf('report.follow', left)).toHaveLength(0);
    expect(await auditOf('report.follow', decided)).toHaveLength(0);
    // formed again, the same players make a new team (a new id), and the report's move to it is one more entry
    expect((await api.setTeams([{ name: 'Gold', members: [q[0].id, q[3].id] }])).status).toBe(200);
    const moves = await auditOf('report.follow', r0);
    expect(moves).toHaveLength(2);
    expect(JSON.parse(moves[1]!.after as string)).toMatchObject({ team: 'Gold', entrantId: await teamId(api, 'Gold') });
  });

  test('approving the report of a sender on no team is 409 REPORT_SENDER_NO_TEAM; it stays pending', async () => {
    const { q, id, api, sent } = await reformed();
    const lonely = await sent(q[2], 5, 0);
    expect((await api.autoTeams()).status).toBe(200);
    // automatic teams of two in check-in order: q4 is alone in Team 3, so nobody is left out yet
    expect((await queue(id)).find((r) => r.id === lonely)).toMatchObject({ flagged: false });
    expect((await api.setTeams([{ name: 'Only', members: [q[0].id, q[1].id] }])).status).toBe(200);
    const before = await t.snapshot();
    for (const createMatch of [false, true])
      expectError(await review(id, lonely, { decision: 'approve', createMatch }), 409, 'REPORT_SENDER_NO_TEAM');
    expect(await t.snapshot()).toEqual(before);
    // once back on a team, the report follows them there and may be approved
    expect((await api.setTeams([{ name: 'Back', members: [q[2].id] }])).status).toBe(200);
    const back = await teamId(api, 'Back');
    expect((await reportRows(id)).find((r) => r.id === lonely)?.entrant_id).toBe(back);
    expect((await review(id, lonely, { decision: 'approve', createMatch: true })).status).toBe(200);
    expect((await standings(id)).rows.find((r) => r.entrantId === back)).toMatchObject({ matchesPlayed: 1 });
  });
});

describe('teams re-formed while reports wait: races', () => {
  /** A live duo tournament, Red (q0, q1) and Blue (q2, q3), with q0's report of match 1 waiting. */
  async function waiting() {
    const q = await quickPlayers(t, 4);
    const id = await liveTournament(q, q, { teamSize: 2 });
    const api = resultsApi(t, admin.token, id);
    const teams = [
      { name: 'Red', members: [q[0].id, q[1].id] },
      { name: 'Blue', members: [q[2].id, q[3].id] },
    ];
    expect((await api.setTeams(teams)).status).toBe(200);
    const sent = await report(id, q[0], { matchNumber: 1, placement: 2, eliminations: 4 });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    return { q, id, api, reportId: sent.json.data.id as string };
  }
  const approve = (id: string, reportId: string) => review(id, reportId, { decision: 'approve', createMatch: true });
  /** The match's lines, each with whether its entrant plays now. */
  const linesNow = async (api: ReturnType<typeof resultsApi>) => {
    const playing = new Set(((await api.entrants()).json.data as { id: string }[]).map((e) => e.id));
    const matches = (await api.matches()).json.data as { lines: { entrantId: string; name: string }[] }[];
    return matches.flatMap((m) => m.lines.map((l) => ({ name: l.name, playing: playing.has(l.entrantId) })));
  };

  // whichever comes first, the line belongs to a team that plays (or the re-forming is refused): never a 5xx, never
  // a line for a team gone
  test('an approval and a re-forming at once: the line is for a team that plays', async () => {
    for (let i = 0; i < 3; i++) {
      const { q, id, api, reportId } = await waiting();
      const [teams, approved] = await Promise.all([
        api.setTeams([{ name: 'Green', members: [q[0].id, q[2].id] }]),
        approve(id, reportId),
      ]);
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      if (teams.status === 200) expect(await linesNow(api)).toEqual([{ name: 'Green', playing: true }]);
      else {
        expectError(teams, 409, 'TEAMS_LOCKED');
        expect(await linesNow(api)).toEqual([{ name: 'Red', playing: true }]);
      }
    }
  });

  if (engine === 'postgres') {
    const pauseAt = tablePauses(() => t);

    test('an approval behind a re-forming records the line for the sender’s new team', async () => {
      const { q, id, api, reportId } = await waiting();
      const [teams, approved] = await oneAfterTheOther(
        pauseAt,
        () => api.setTeams([{ name: 'Green', members: [q[0].id, q[2].id] }]),
        () => approve(id, reportId),
      );
      expect([teams.status, approved.status]).toEqual([200, 200]);
      expect(await linesNow(api)).toEqual([{ name: 'Green', playing: true }]);
    });

    test('an approval behind a re-forming that leaves the sender out is 409 REPORT_SENDER_NO_TEAM', async () => {
      const { q, id, api, reportId } = await waiting();
      const [teams, approved] = await oneAfterTheOther(
        pauseAt,
        () => api.setTeams([{ name: 'Green', members: [q[1].id, q[2].id] }]),
        () => approve(id, reportId),
      );
      expect(teams.status).toBe(200);
      expectError(approved, 409, 'REPORT_SENDER_NO_TEAM');
      expect((await queue(id)).find((r) => r.id === reportId)).toMatchObject({ status: 'pending', flagged: true });
      expect(await linesNow(api)).toEqual([]);
    });

    test('a re-forming behind an approval is 409 TEAMS_LOCKED: the line keeps its team', async () => {
      const { q, id, api, reportId } = await waiting();
      const [approved, teams] = await oneAfterTheOther(
        pauseAt,
        () => approve(id, reportId),
        () => api.setTeams([{ name: 'Green', members: [q[0].id, q[2].id] }]),
      );
      expect(approved.status).toBe(200);
      expectError(teams, 409, 'TEAMS_LOCKED');
      expect(await linesNow(api)).toEqual([{ name: 'Red', playing: true }]);
    });

    // the player's team is read before the picture is stored; the re-forming commits before the report does
    test('a report sent while the teams are re-formed is stored for the sender’s new team', async () => {
      const { q, id, api } = await waiting();
      const [teams, stored] = await oneAfterTheOther(
        pauseAt,
        () => api.setTeams([{ name: 'Green', members: [q[1].id, q[2].id] }]),
        () => report(id, q[2], { matchNumber: 1, placement: 6, eliminations: 0 }),
      );
      expect(teams.status).toBe(200);
      expect(stored.status, JSON.stringify(stored.json)).toBe(201);
      const green = ((await api.teams()).json.data as { id: string }[])[0]!.id;
      expect((await reportRows(id)).find((r) => r.id === stored.json.data.id)?.entrant_id).toBe(green);
    });
  }
});

describe('races', () => {
  test('one player sending the same match twice at once: one report', async () => {
    const [a, b] = await Promise.all([
      report(solo, p[3], { matchNumber: 20, placement: 5, eliminations: 1 }),
      report(solo, p[3], { matchNumber: 20, placement: 6, eliminations: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await reportRows(solo)).filter((r) => r.match_number === 20 && r.user_id === p[3].id)).toHaveLength(1);
  });

  test('two teammates reporting at once: both kept, and flagged when they disagree', async () => {
    const [a, b] = await Promise.all([
      report(duo, d[0], { matchNumber: 21, placement: 5, eliminations: 1 }),
      report(duo, d[1], { matchNumber: 21, placement: 6, eliminations: 1 }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = await queue(duo, '?matchNumber=21');
    expect(rows.map((r) => r.conflicts.map((c) => c.kind))).toEqual([['teammate'], ['teammate']]);
  });

  // the rivals are two teammates’ disagreeing reports approved at once: the other is REPORT_CONFLICT
  test('a double click on approve records the line once; of two rival approvals one wins', async () => {
    const r = await report(solo, p[0], { matchNumber: 22, placement: 7, eliminations: 2 });
    const clicks = await Promise.all([
      review(solo, r.json.data.id, { decision: 'approve', createMatch: true }),
      review(solo, r.json.data.id, { decision: 'approve', createMatch: true }),
    ]);
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(clicks.find((c) => c.status === 409)!.json.error.code).toBe('REPORT_ALREADY_REVIEWED');
    expect(await auditOf('report.approve', r.json.data.id)).toHaveLength(1);

    const [x, y] = await Promise.all([
      report(duo, d[2], { matchNumber: 23, placement: 1, eliminations: 3 }),
      report(duo, d[3], { matchNumber: 23, placement: 2, eliminations: 3 }),
    ]);
    const both = await Promise.all([
      review(duo, x.json.data.id, { decision: 'approve', createMatch: true }),
      review(duo, y.json.data.id, { decision: 'approve', createMatch: true }),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(both.find((b) => b.status === 409)!.json.error.code).toBe('REPORT_CONFLICT');
    const match = await t.call('GET', `/api/tournaments/${duo}/matches`, { token: admin.token });
    expect(match.json.data.find((m: { number: number }) => m.number === 23).lines).toHaveLength(1);
    expect(
      (await reportRows(duo))
        .filter((row) => row.match_number === 23)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['approved', 'pending']);
  });
});
