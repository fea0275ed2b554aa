import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer } from '../helpers/tournaments.ts';

/**
 * The dashboard's tournaments list sorts on the server: ?sort=name|start, -key descending, the same on both engines.
 */
let t: TestApp;
const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  const admin = await quickPlayer(t, { admin: true });
  const none = {
    start_registration: null,
    start_checkin: null,
    end_checkin: null,
    start_tournament: null,
    end_tournament: null,
  };
  // created in an order unrelated to either sort
  await createTournament(t, admin.token, 'registration', {
    name: 'bravo',
    start_tournament: at(72 * HOUR),
    end_tournament: at(74 * HOUR),
  });
  await createTournament(t, admin.token, 'registration', { name: 'Delta', ...none });
  await createTournament(t, admin.token, 'registration', {
    name: 'alfa',
    start_tournament: at(96 * HOUR),
    end_tournament: at(98 * HOUR),
  });
  await createTournament(t, admin.token, 'complete', { name: 'Charlie' });
});
afterAll(() => t?.close());

const names = async (q: string) => {
  const r = await t.call('GET', `/api/tournaments?${q}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { name: string }[]).map((x) => x.name);
};

// ascending by start puts the unscheduled last
test('by name whatever the case or by start; its own order by default; pages follow the sort', async () => {
  expect(await names('sort=name')).toEqual(['alfa', 'bravo', 'Charlie', 'Delta']);
  expect(await names('sort=-name')).toEqual(['Delta', 'Charlie', 'bravo', 'alfa']);
  expect(await names('sort=start')).toEqual(['Charlie', 'bravo', 'alfa', 'Delta']);
  expect(await names('sort=-start')).toEqual(['Delta', 'alfa', 'bravo', 'Charlie']);
  // the default: upcoming by start (unscheduled last), then ended ones
  expect(await names('')).toEqual(['bravo', 'alfa', 'Delta', 'Charlie']);
  expect([...(await names('sort=name&limit=2')), ...(await names('sort=name&limit=2&offset=2'))]).toEqual([
    'alfa',
    'bravo',
    'Charlie',
    'Delta',
  ]);
});

test('an unknown sort is a 400 VALIDATION_ERROR', async () => {
  for (const sort of ['players', '-', "name';"]) {
    const r = await t.call('GET', `/api/tournaments?sort=${encodeURIComponent(sort)}`);
    expect([r.status, r.json.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
  }
});
