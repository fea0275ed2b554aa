import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';
import { approve, openPhaseNow, png, scheduleAround, submit } from '../helpers/campaign.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
});
afterAll(() => t?.close());

let seed = 1000;
/** A submission by `player` in the phase open now, approved with `score` (or left pending: null). */
async function scored(player: Account, score: number | null): Promise<string> {
  const r = await submit(t, player.token, { file: await png(seed++) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  if (score !== null) await approve(t, admin.token, r.json.data.id, score);
  return r.json.data.id;
}
const standings = (phase: number, query = '') =>
  t.call('GET', `/api/campaigns/cortina/phases/${phase}/standings${query}`);

describe('standings of a phase', () => {
  let players: Account[];
  beforeAll(async () => {
    players = await accounts(t, 4);
    await openPhaseNow(t, admin.token, 1);
  });

  test('each player counts once, with their best approved score; pending and rejected ones do not count', async () => {
    const [a, b, c, d] = players;
    await scored(a, 300);
    await scored(a, 900);
    await scored(a, 500);
    await scored(b, 700);
    await scored(b, null);
    const rejected = await scored(c, null);
    const r = await t.call('POST', `/api/marketplace/submissions/${rejected}/review`, {
      token: admin.token,
      body: { decision: 'reject', reason: 'Cropped score' },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'rejected', reason: 'Cropped score', score: null });
    // a rejected-then-approved submission counts, an approved-then-rejected one does not
    const changed = await scored(d, 50);
    await t.call('POST', `/api/marketplace/submissions/${changed}/review`, {
      token: admin.token,
      body: { decision: 'reject', reason: 'Wrong map' },
    });

    const s = await standings(1);
    expect(s.status).toBe(200);
    expect(s.json.data).toMatchObject({ phase: 1, state: 'open', frozen: false, total: 2, winners: 2 });
    expect(
      s.json.data.entries.map((e: { userId: string; score: number; rank: number; username: string }) => [
        e.rank,
        e.userId,
        e.username,
        e.score,
      ]),
    ).toEqual([
      [1, a.id, a.username, 900],
      [2, b.id, b.username, 700],
    ]);
    expect(s.json.data.entries.every((e: { winner: boolean }) => e.winner)).toBe(true);
    // the account's username is public, the email never
    expect(JSON.stringify(s.json)).not.toContain('@example.com');
  });

  test('a tie goes to the earlier submission, also between two of one player', async () => {
    const [x, y, z] = await accounts(t, 3);
    await openPhaseNow(t, admin.token, 2);
    await scored(y, 1000);
    // z's first screenshot is approved last, with the same score as z's later one: the earlier
    // submission is the one that counts, so z stays ahead of x, who sent theirs in between
    const zEarly = await scored(z, null);
    await scored(x, 1000);
    const zLate = await scored(z, 1000);
    await approve(t, admin.token, zEarly, 1000);
    const s = (await standings(2)).json.data;
    expect(s.entries.map((e: { userId: string }) => e.userId)).toEqual([y.id, z.id, x.id]);
    const created = async (id: string) =>
      (
        await t.db.kysely
          .selectFrom('screenshot_submissions')
          .select('created_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).created_at;
    expect(s.entries[1].submittedAt).toBe(await created(zEarly));
    expect(s.entries[1].submittedAt < (await created(zLate))).toBe(true);
  });

  // 52 sign-ups hash 52 passwords: a loaded 2-core machine needs more than the default 20 s
  test('the top 50 of 52 are winners; paging keeps the ranks', async () => {
    await openPhaseNow(t, admin.token, 3);
    const many = await accounts(t, 52);
    for (const [i, p] of many.entries()) await scored(p, 10_000 - i * 10);
    const s = (await standings(3, '?limit=500')).json.data;
    expect(s.total).toBe(52);
    expect(s.winners).toBe(50);
    expect(s.entries).toHaveLength(52);
    expect(s.entries.map((e: { rank: number }) => e.rank)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(s.entries.filter((e: { winner: boolean }) => e.winner)).toHaveLength(50);
    expect(s.entries[49]).toMatchObject({ rank: 50, userId: many[49].id, winner: true });
    expect(s.entries[50]).toMatchObject({ rank: 51, userId: many[50].id, winner: false });
    const page = (await standings(3, '?limit=5&offset=48')).json.data;
    expect(page.entries.map((e: { rank: number; winner: boolean }) => [e.rank, e.winner])).toEqual([
      [49, true],
      [50, true],
      [51, false],
      [52, false],
    ]);
    expect(page.total).toBe(52);
  }, 60_000);

  test('open standings are cacheable for 30 s by anyone', async () => {
    const s = await standings(3);
    expect(s.res.headers['cache-control']).toBe('public, max-age=10, s-maxage=30');
  });
});

describe('a closed phase is frozen', () => {
  test('after the window closes a review is refused with PHASE_FROZEN and the standings do not change', async () => {
    const [p, q] = await accounts(t, 2);
    await openPhaseNow(t, admin.token, 4);
    const approved = await scored(p, 800);
    const pending = await scored(q, null);
    const before = (await standings(4)).json.data;
    expect(before.entries).toHaveLength(1);

    // every window in the past
    await openPhaseNow(t, admin.token, 5);
    const rows = async () =>
      t.db.kysely.selectFrom('screenshot_submissions').selectAll().where('phase', '=', 4).orderBy('id').execute();
    const rowsBefore = await rows();
    for (const [id, body] of [
      [approved, { decision: 'approve', score: 5 }],
      [approved, { decision: 'reject', reason: 'late change' }],
      [pending, { decision: 'approve', score: 99_999 }],
    ] as const) {
      const r = await t.call('POST', `/api/marketplace/submissions/${id}/review`, { token: admin.token, body });
      expect([r.status, r.json.error.code]).toEqual([409, 'PHASE_FROZEN']);
    }
    expect(await rows()).toEqual(rowsBefore);
    const after = await standings(4);
    expect(after.json.data).toMatchObject({ state: 'closed', frozen: true });
    expect(after.json.data.entries).toEqual(before.entries);
    // a frozen phase never changes again: caches may keep it longer
    expect(after.res.headers['cache-control']).toMatch(/^public, max-age=300/);
  });

  test('an upcoming phase has empty standings', async () => {
    await t.call('PUT', '/api/campaigns/cortina', { token: admin.token, body: { phases: scheduleAround(0) } });
    const s = (await standings(2)).json.data;
    expect(s).toMatchObject({ state: 'upcoming', frozen: false });
  });
});

describe('bad standings requests', () => {
  test('phase 5, 0, or not a number is 400; an unknown slug 404; bad paging 400', async () => {
    for (const phase of ['5', '0', 'x', '1.5', '-1']) {
      const r = await t.call('GET', `/api/campaigns/cortina/phases/${phase}/standings`);
      expect([r.status, r.json.error.code], phase).toEqual([400, 'VALIDATION_ERROR']);
    }
    const unknown = await t.call('GET', '/api/campaigns/sochi/phases/1/standings');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    expect(unknown.res.headers['cache-control']).not.toContain('public');
    for (const q of ['limit=0', 'limit=501', 'offset=-1', 'limit=abc', 'owner=other']) {
      const r = await t.call('GET', `/api/campaigns/cortina/phases/1/standings?${q}`);
      expect(r.status, q).toBeGreaterThanOrEqual(400);
      expect(r.status, q).toBeLessThan(500);
    }
  });
});
