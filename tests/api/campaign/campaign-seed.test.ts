import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { defaultCampaign } from '../../../src/features/campaign/contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemo(t.app);
});
afterAll(() => t?.close());

// phase 3 is open now
test('the demo holds the campaign on its schedule, with final standings in phases 1 and 2', async () => {
  const c = (await t.call('GET', '/api/campaigns/cortina')).json.data;
  // the demo's own dates, not the championship's published ones (those stay the default of a real deployment)
  expect(c.phases.map((p: { opensAt: string }) => p.opensAt)).not.toEqual(defaultCampaign.phases.map((p) => p.opensAt));
  expect(c.phases.map((p: { state: string }) => p.state)).toEqual(['closed', 'closed', 'open', 'upcoming']);

  const one = (await t.call('GET', '/api/campaigns/cortina/phases/1/standings')).json.data;
  const two = (await t.call('GET', '/api/campaigns/cortina/phases/2/standings')).json.data;
  expect(one.total).toBe(10);
  expect(two.total).toBe(8);
  for (const s of [one, two]) {
    expect(s.entries.map((e: { rank: number }) => e.rank)).toEqual(s.entries.map((_: unknown, i: number) => i + 1));
    const scores = s.entries.map((e: { score: number }) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(s.frozen).toBe(true);
  }
  // the player who improved counts once, with the better score
  expect(one.entries[0].score).toBe(2450);
  expect(new Set(one.entries.map((e: { userId: string }) => e.userId)).size).toBe(one.entries.length);
  expect((await t.call('GET', '/api/campaigns/cortina/phases/3/standings')).json.data.total).toBe(0);
});

test('the seeded screenshots are stored images, visible in the moderation queue', async () => {
  const admin = await t.login('admin@demo.arena', 'demo-admin-2026');
  const q = await t.call('GET', '/api/marketplace/submissions?limit=100', { token: admin });
  expect(q.json.total).toBe(20);
  expect(q.json.data.filter((r: { status: string }) => r.status === 'rejected')).toHaveLength(1);
  const image = await t.inject({ method: 'GET', url: q.json.data[0].imageUrl });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  // a demo player sees their own screenshot
  const giulia = await t.login('giulia@demo.arena', 'demo-player-2026');
  const mine = (await t.call('GET', '/api/marketplace/submissions/mine', { token: giulia })).json;
  expect(mine.total).toBe(1);
  expect(mine.data[0]).toMatchObject({ phase: 1, status: 'approved', username: 'GiuliaFN' });
});
