import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';
import { openPhaseNow, png, submit } from '../helpers/campaign.ts';

/**
 * The dashboard's moderation queue sorts on the server: ?sort=submitted|player (-key descending), the same on both
 * engines.
 */
let t: TestApp;
let admin: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  const players = await accounts(t, 3);
  await openPhaseNow(t, admin.token, 2);
  // sent in an order unrelated to the names; a submission carries its sender's account username
  for (const [i, name] of ['bravo', 'Alfa', 'charlie'].entries()) {
    await t.db.kysely.updateTable('users').set({ username: name }).where('id', '=', players[i]!.id).execute();
    const r = await submit(t, players[i]!.token, {
      fields: { email: `${name}@example.com` },
      file: await png(100 + i),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    ids[name] = r.json.data.id;
  }
  // the sending times set apart, so the expected order is certain
  for (const [name, at] of Object.entries({
    bravo: '2026-02-01T10:00:00.000Z',
    Alfa: '2026-02-02T10:00:00.000Z',
    charlie: '2026-02-03T10:00:00.000Z',
  }))
    await t.db.kysely
      .updateTable('screenshot_submissions')
      .set({ created_at: at })
      .where('id', '=', ids[name]!)
      .execute();
});
afterAll(() => t?.close());

const names = async (q: string) => {
  const r = await t.call('GET', `/api/marketplace/submissions?${q}`, { token: admin.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { username: string }[]).map((s) => s.username);
};

test('oldest first by default; by submission time and by player either way; pages follow the sort', async () => {
  expect(await names('')).toEqual(['bravo', 'Alfa', 'charlie']);
  expect(await names('sort=submitted')).toEqual(['bravo', 'Alfa', 'charlie']);
  expect(await names('sort=-submitted')).toEqual(['charlie', 'Alfa', 'bravo']);
  expect(await names('sort=player')).toEqual(['Alfa', 'bravo', 'charlie']);
  expect(await names('sort=-player')).toEqual(['charlie', 'bravo', 'Alfa']);
  expect(await names('sort=player&limit=1&offset=1')).toEqual(['bravo']);
});

test('an unknown sort is a 400 VALIDATION_ERROR', async () => {
  const r = await t.call('GET', '/api/marketplace/submissions?sort=score', { token: admin.token });
  expect([r.status, r.json.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
});
