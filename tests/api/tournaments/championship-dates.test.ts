import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../../src/app/seed.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { quickPlayer, type Person } from '../helpers/tournaments.ts';

/**
 * The championship's playoffs and finals are data an admin edits, not texts, and
 * the demo seeds them after its qualifiers, relative to the seeding instant.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
});
afterAll(() => t?.close());

const create = (body: Record<string, unknown>) =>
  t.call('POST', '/api/tournaments/competitions', {
    token: admin.token,
    body: { name: 'Champ', game: 'Fortnite', ...body },
  });

// the instants are stored in UTC
test('an admin sets, reads, changes and clears the playoffs, the finals and their city', async () => {
  const made = await create({
    playoffsAt: '2025-11-12T18:00:00+01:00',
    finalsAt: '2025-11-29T15:00:00.000Z',
    finalsCity: 'Milano',
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  expect(made.json.data).toMatchObject({
    playoffsAt: '2025-11-12T17:00:00.000Z',
    finalsAt: '2025-11-29T15:00:00.000Z',
    finalsCity: 'Milano',
  });
  const id = made.json.data.id;
  const read = await t.call('GET', `/api/tournaments/competitions/${id}`);
  expect(read.json.data).toMatchObject({ playoffsAt: '2025-11-12T17:00:00.000Z', finalsCity: 'Milano' });
  const moved = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { finalsAt: '2025-12-06T15:00:00.000Z', finalsCity: 'Roma' },
  });
  expect(moved.json.data).toMatchObject({
    playoffsAt: '2025-11-12T17:00:00.000Z',
    finalsAt: '2025-12-06T15:00:00.000Z',
    finalsCity: 'Roma',
  });
  const cleared = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { playoffsAt: null, finalsAt: null },
  });
  expect(cleared.json.data).toMatchObject({ playoffsAt: null, finalsAt: null, finalsCity: 'Roma' });
  // without them a competition reads as "to be announced"
  expect((await create({})).json.data).toMatchObject({ playoffsAt: null, finalsAt: null, finalsCity: '' });
});

// an empty English one reads the Italian
test('the finals city is written in each language, and each language reads its own', async () => {
  const made = await create({
    finalsCity: 'Milano',
    translations: { it: { name: 'Campionato' }, en: { name: 'Championship', finalsCity: 'Milan' } },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  const id = made.json.data.id;
  const readIn = async (language: string) =>
    (await t.call('GET', `/api/tournaments/competitions/${id}`, { headers: { 'accept-language': language } })).json
      .data;
  expect(await readIn('it')).toMatchObject({
    finalsCity: 'Milano',
    translations: { it: { finalsCity: 'Milano' }, en: { finalsCity: 'Milan' } },
  });
  expect((await readIn('en')).finalsCity).toBe('Milan');
  // the public list answers in the reader's language too
  const listed = await t.call('GET', '/api/tournaments/competitions', { headers: { 'accept-language': 'en' } });
  expect(listed.json.data.find((c: { id: string }) => c.id === id).finalsCity).toBe('Milan');

  // an edit of the English city leaves the Italian one as it is; emptied, English readers get the Italian
  const edited = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { translations: { en: { finalsCity: '' } } },
  });
  expect(edited.status, JSON.stringify(edited.json)).toBe(200);
  expect(edited.json.data.translations).toMatchObject({ it: { finalsCity: 'Milano' }, en: { finalsCity: '' } });
  expect((await readIn('en')).finalsCity).toBe('Milano');
  const tooLong = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { translations: { en: { finalsCity: 'x'.repeat(81) } } },
  });
  expect(tooLong.status).toBe(400);
});

test('finals before the playoffs are refused, in one body or against the stored date, and change nothing', async () => {
  const inverted = await create({ playoffsAt: '2025-11-29T15:00:00.000Z', finalsAt: '2025-11-12T17:00:00.000Z' });
  expect([inverted.status, inverted.json.error.code]).toEqual([400, 'INVALID_SCHEDULE']);
  const id = (await create({ playoffsAt: '2025-11-12T17:00:00.000Z', finalsAt: '2025-11-29T15:00:00.000Z' })).json.data
    .id;
  const before = await t.snapshot();
  const early = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { finalsAt: '2025-11-01T15:00:00.000Z' },
  });
  expect([early.status, early.json.error.code]).toEqual([400, 'INVALID_SCHEDULE']);
  const garbage = await t.call('PUT', `/api/tournaments/competitions/${id}`, {
    token: admin.token,
    body: { playoffsAt: 'next week' },
  });
  expect(garbage.status).toBe(400);
  expect(await t.snapshot()).toEqual(before);
  // a player may not set them
  const player = await quickPlayer(t);
  expect(
    (await t.call('PUT', `/api/tournaments/competitions/${id}`, { token: player.token, body: { finalsCity: 'X' } }))
      .status,
  ).toBe(403);
});

// one test per seeding date: each builds and seeds a database of its own
test.each(['2025-01-01T10:00:00.000Z', '2031-07-20T08:00:00.000Z'])(
  'the demo seeded on %s has the playoffs after its last qualifier and the finals after the playoffs',
  async (iso) => {
    const local = await createTestApp({ rateLimits: false });
    try {
      await seedDemo(local.app, new Date(iso));
      const championship = (await local.call('GET', '/api/tournaments/competitions')).json.data[0];
      const rows = await local.db.kysely
        .selectFrom('tournaments')
        .select(['name', 'start_tournament'])
        .where('competition_id', '=', championship.id)
        .execute();
      const lastQualifier = Math.max(
        ...rows.filter((r) => r.name.includes('Qualifier')).map((r) => Date.parse(String(r.start_tournament))),
      );
      expect(Date.parse(championship.playoffsAt)).toBeGreaterThan(lastQualifier);
      expect(Date.parse(championship.finalsAt)).toBeGreaterThan(Date.parse(championship.playoffsAt));
      expect(Date.parse(championship.playoffsAt)).toBeGreaterThan(Date.parse(iso));
      expect(championship.finalsCity).toBe('Milano');
      // and its card a picture of its game, not the placeholder
      expect(championship.thumbnail).toBe('/demo/games/fortnite.svg');
    } finally {
      await local.close();
    }
  },
);
