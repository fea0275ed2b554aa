import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';
import { openPhaseNow, png, scheduleAround, submit } from '../helpers/campaign.ts';
import { defaultCampaign } from '../../../src/features/campaign/contract.ts';

let t: TestApp;
let admin: Account;
let player: Account;
beforeAll(async () => {
  // rate limits on (the default): the per-account submission limit is tested here
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  [player] = await accounts(t, 1);
});
afterAll(() => t?.close());

const campaignRows = async () => ({
  campaigns: await t.db.kysely.selectFrom('campaigns').selectAll().execute(),
  phases: await t.db.kysely.selectFrom('campaign_phases').selectAll().orderBy('phase').execute(),
});

describe('the campaign on first read', () => {
  test('concurrent first reads create exactly one campaign and four phases, with the default dates', async () => {
    expect((await campaignRows()).campaigns).toHaveLength(0);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => t.call('GET', '/api/campaigns/cortina')),
      ...Array.from({ length: 4 }, (_, i) => t.call('GET', `/api/campaigns/cortina/phases/${i + 1}/standings`)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await campaignRows();
    expect(rows.campaigns).toHaveLength(1);
    expect(rows.phases.map((p) => Number(p.phase))).toEqual([1, 2, 3, 4]);

    const c = answers[0].json.data;
    expect(c).toMatchObject({
      slug: 'cortina',
      seasonNote: 'season1',
      deadline: defaultCampaign.deadline,
      competitionId: null,
    });
    expect(
      c.phases.map((p: { phase: number; opensAt: string; closesAt: string }) => ({
        phase: p.phase,
        opensAt: p.opensAt,
        closesAt: p.closesAt,
      })),
    ).toEqual(defaultCampaign.phases);
    // states come from the server clock
    const now = Date.parse(c.now);
    expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    for (const p of c.phases)
      expect(p.state).toBe(now < Date.parse(p.opensAt) ? 'upcoming' : now < Date.parse(p.closesAt) ? 'open' : 'closed');
    expect(answers[0].res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  test('an unknown slug is 404 CAMPAIGN_NOT_FOUND on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/campaigns/sochi'],
      ['PUT', '/api/campaigns/sochi', { deadline: '2026-01-01T00:00:00Z' }],
      ['GET', '/api/campaigns/sochi/phases/1/standings'],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.call(method as 'GET', url, { token: admin.token, body });
      expect([r.status, r.json.error.code], url).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    }
    for (const slug of ['%00', 'x'.repeat(500), 'CORTINA', 'cortina%00']) {
      const r = await t.call('GET', `/api/campaigns/${slug}`);
      expect(r.status, slug.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    for (const q of ['owner=%00', `owner=${'o'.repeat(5000)}`, 'owner=other']) {
      const r = await t.call('GET', `/api/campaigns/cortina?${q}`);
      expect(r.status, q.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await campaignRows()).campaigns.map((c) => c.slug)).toEqual(['cortina']);
  });
});

describe('PUT /campaigns/cortina', () => {
  test('an admin moves the windows, the deadline and the competition; the change is audited', async () => {
    const competitionId = 'comp-cortina-1';
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('competitions')
      .values({
        id: competitionId,
        owner: t.config.ownerId,
        name: 'Cortina Cup',
        thumbnail: '',
        game: 'Fortnite',
        url: '/cortina-cup',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const phases = scheduleAround(2);
    const r = await t.call('PUT', '/api/campaigns/cortina', {
      token: admin.token,
      // an offset is accepted and stored in UTC
      body: { deadline: '2026-12-24T18:00:00+01:00', competitionId, phases },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ deadline: '2026-12-24T17:00:00.000Z', competitionId, currentPhase: 2 });
    expect(r.json.data.phases.map((p: { state: string }) => p.state)).toEqual([
      'closed',
      'open',
      'upcoming',
      'upcoming',
    ]);
    expect((await t.call('GET', '/api/campaigns/cortina')).json.data.currentPhase).toBe(2);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'campaign.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      entity_type: 'campaign',
      entity_id: 'cortina',
      entity_label: 'cortina',
    });
    const before = JSON.parse(String(audit[0].before));
    const after = JSON.parse(String(audit[0].after));
    expect(before).toMatchObject({ deadline: defaultCampaign.deadline, competitionId: null });
    expect(after).toMatchObject({ deadline: '2026-12-24T17:00:00.000Z', competitionId, phases });

    // omitted fields stay; null competition lists the brand's next tournaments
    const cleared = await t.call('PUT', '/api/campaigns/cortina', {
      token: admin.token,
      body: { competitionId: null },
    });
    expect(cleared.json.data).toMatchObject({
      deadline: '2026-12-24T17:00:00.000Z',
      competitionId: null,
      currentPhase: 2,
    });
  });

  test('an invalid schedule is 400 INVALID_CAMPAIGN_SCHEDULE and changes nothing', async () => {
    const before = await campaignRows();
    const good = scheduleAround(1);
    const overlapping = good.map((p, i) => (i === 1 ? { ...p, opensAt: good[0].opensAt } : p));
    const backwards = good.map((p, i) => (i === 2 ? { ...p, opensAt: p.closesAt, closesAt: p.opensAt } : p));
    const empty = good.map((p, i) => (i === 3 ? { ...p, closesAt: p.opensAt } : p));
    const duplicated = good.map((p, i) => (i === 3 ? { ...p, phase: 3 } : p));
    const outOfOrder = [good[1], good[0], good[2], good[3]].map((p, i) => ({ ...p, phase: i + 1 }));
    for (const phases of [overlapping, backwards, empty, duplicated, outOfOrder]) {
      const r = await t.call('PUT', '/api/campaigns/cortina', { token: admin.token, body: { phases } });
      expect([r.status, r.json.error.code]).toEqual([400, 'INVALID_CAMPAIGN_SCHEDULE']);
    }
    expect(await campaignRows()).toEqual(before);
  });

  test('wrong shapes are 400 VALIDATION_ERROR, an unknown competition 404, never a 5xx', async () => {
    const bodies: unknown[] = [
      { phases: scheduleAround(1).slice(0, 3) },
      { phases: 'soon' },
      { deadline: 'tomorrow' },
      { deadline: 12 },
      { deadline: '2026-01-01T00:00:00Z\u0000' },
      { competitionId: 'x'.repeat(5000) },
      { competitionId: 'a b' },
      { phases: scheduleAround(1).map((p) => ({ ...p, phase: '1' })) },
      [],
      null,
    ];
    for (const body of bodies) {
      const r = await t.call('PUT', '/api/campaigns/cortina', { token: admin.token, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknown = await t.call('PUT', '/api/campaigns/cortina', {
      token: admin.token,
      body: { competitionId: 'no-such-competition' },
    });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND']);
  });
});

describe('who may call what', () => {
  test('players get 403 and anonymous callers 401 on every admin call; nothing changes', async () => {
    const before = await campaignRows();
    await openPhaseNow(t, admin.token, 1);
    const sent = await submit(t, player.token, { file: await png(5) });
    expect(sent.status).toBe(201);
    const phasesNow = await campaignRows();
    const calls: [string, string, unknown?][] = [
      ['PUT', '/api/campaigns/cortina', { phases: scheduleAround(3) }],
      ['GET', '/api/marketplace/submissions'],
      ['POST', `/api/marketplace/submissions/${sent.json.data.id}/review`, { decision: 'approve', score: 10 }],
    ];
    for (const [method, url, body] of calls) {
      expect(
        (await t.call(method as 'GET', url, { token: player.token, body })).status,
        `${method} ${url} as player`,
      ).toBe(403);
      expect((await t.call(method as 'GET', url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await t.call(method as 'GET', url, { token: 'not-a-real-token-at-all', body })).status).toBe(401);
    }
    expect(await campaignRows()).toEqual(phasesNow);
    expect(before.campaigns).toHaveLength(1);
    const row = await t.db.kysely
      .selectFrom('screenshot_submissions')
      .selectAll()
      .where('id', '=', sent.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('reviews', () => {
  test('approve, then change to reject while open: each decision audited with before and after', async () => {
    await openPhaseNow(t, admin.token, 3);
    const id = (await submit(t, player.token, { file: await png(6) })).json.data.id;
    const approved = await t.call('POST', `/api/marketplace/submissions/${id}/review`, {
      token: admin.token,
      body: { decision: 'approve', score: 1234 },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.data).toMatchObject({ id, status: 'approved', score: 1234, reason: null });
    expect(approved.json.data.reviewedAt).toBeTruthy();
    const rejected = await t.call('POST', `/api/marketplace/submissions/${id}/review`, {
      token: admin.token,
      body: { decision: 'reject', reason: 'Edited image' },
    });
    expect(rejected.json.data).toMatchObject({ status: 'rejected', score: null, reason: 'Edited image' });

    const queue = await t.call('GET', '/api/marketplace/submissions?phase=3', { token: admin.token });
    expect(queue.json.data.find((r: { id: string }) => r.id === id)).toMatchObject({
      reviewedBy: admin.id,
      status: 'rejected',
    });

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'submission.review')
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(String(audit[0].before))).toMatchObject({ status: 'pending', score: null });
    expect(JSON.parse(String(audit[0].after))).toMatchObject({ status: 'approved', score: 1234 });
    expect(JSON.parse(String(audit[1].before))).toMatchObject({ status: 'approved', score: 1234 });
    expect(JSON.parse(String(audit[1].after))).toMatchObject({ status: 'rejected', reason: 'Edited image' });
    expect(audit[1]).toMatchObject({ actor_id: admin.id, entity_type: 'submission' });
    // labelled with the player who uploaded it
    expect(audit[1].entity_label).not.toBe('');
  });

  test('bad review bodies are 400, unknown ids 404 SUBMISSION_NOT_FOUND, never a 5xx', async () => {
    const id = (await submit(t, player.token, { file: await png(7) })).json.data.id;
    const bodies: unknown[] = [
      {},
      { decision: 'approve' },
      { decision: 'approve', score: '10' },
      { decision: 'approve', score: -1 },
      { decision: 'approve', score: 1.5 },
      { decision: 'approve', score: 10_000_001 },
      { decision: 'approve', score: 1e308 },
      { decision: 'reject' },
      { decision: 'reject', reason: '' },
      { decision: 'reject', reason: 'x'.repeat(301) },
      { decision: 'reject', reason: 'bad\u0000byte' },
      { decision: 'maybe' },
      [],
      null,
    ];
    for (const body of bodies) {
      const r = await t.call('POST', `/api/marketplace/submissions/${id}/review`, { token: admin.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const broken = await t.inject({
      method: 'POST',
      url: `/api/marketplace/submissions/${id}/review`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: '{"decision":',
    });
    expect(broken.statusCode).toBe(400);
    const missing = await t.call('POST', '/api/marketplace/submissions/no-such-id/review', {
      token: admin.token,
      body: { decision: 'approve', score: 1 },
    });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'SUBMISSION_NOT_FOUND']);
    const badId = await t.call('POST', `/api/marketplace/submissions/${encodeURIComponent('../x')}/review`, {
      token: admin.token,
      body: { decision: 'approve', score: 1 },
    });
    expect(badId.status).toBe(400);
    const row = await t.db.kysely
      .selectFrom('screenshot_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('rate limit', () => {
  test('an account sending more than 20 screenshots in 10 minutes gets 429; another account does not', async () => {
    await openPhaseNow(t, admin.token, 2);
    const [flooder, other] = await accounts(t, 2);
    const image = await png(31);
    for (let i = 0; i < 20; i++) expect((await submit(t, flooder.token, { file: image })).status).toBe(201);
    const before = await t.db.kysely.selectFrom('screenshot_submissions').select('id').execute();
    const limited = await submit(t, flooder.token, { file: image });
    expect([limited.status, limited.json.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(await t.db.kysely.selectFrom('screenshot_submissions').select('id').execute()).toEqual(before);
    expect((await submit(t, other.token, { file: image })).status).toBe(201);
  });
});

describe('OpenAPI', () => {
  test('the campaign calls are documented', async () => {
    const r = await t.call('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.json.paths);
    for (const p of [
      '/api/campaigns/{slug}',
      '/api/campaigns/{slug}/phases/{phase}/standings',
      '/api/marketplace/submissions',
      '/api/marketplace/submissions/mine',
      '/api/marketplace/submissions/{id}/review',
    ])
      expect(paths, p).toContain(p);
  });
});
