import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, quickPlayer, type Person } from '../helpers/tournaments.ts';
import { up as foldSearchColumns } from '../../../migrations/0097-search-folding.ts';

/**
 * GET /tournaments?search= (the /tournaments page and the dashboard's list ask the same) ignores
 * accents and case in both languages' names, the same on SQLite and PostgreSQL, whose lower() and
 * LIKE differ on letters outside ASCII; an edit of either name is searchable at once.
 */
let t: TestApp;
let admin: Person;
let renamed: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  const tr = (en: string) => ({ translations: { en: { name: en } } });
  await createTournament(t, admin.token, 'registration', { name: 'Coppa della Città', ...tr('City Cup') });
  await createTournament(t, admin.token, 'registration', { name: 'Notte eSport', ...tr('Crème Brûlée Night') });
  await createTournament(t, admin.token, 'registration', { name: 'ÉLITE Ùltima sfida' });
  await createTournament(t, admin.token, 'registration', { name: 'Cittadella 50% off', ...tr('Citadel_one') });
  renamed = await createTournament(t, admin.token, 'registration', { name: 'Vecchio nome', ...tr('Old name') });
});
afterAll(() => t?.close());

const names = async (search: string, lang: 'it' | 'en' = 'it', token?: string) => {
  const r = await t.call('GET', `/api/tournaments?limit=100&search=${encodeURIComponent(search)}`, {
    token,
    headers: { 'accept-language': lang },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.total).toBe(r.json.data.length);
  return (r.json.data as { name: string }[]).map((x) => x.name).sort();
};

test('no accent typed finds the accented Italian name, in either language and any case', async () => {
  expect(await names('citta')).toEqual(['Cittadella 50% off', 'Coppa della Città']);
  expect(await names('della CITTA')).toEqual(['Coppa della Città']);
  expect(await names('città', 'en')).toEqual(['Citadel_one', 'City Cup']);
  expect(await names('LA CITTÀ')).toEqual(['Coppa della Città']);
  expect(await names('elite ultima')).toEqual(['ÉLITE Ùltima sfida']);
  expect(await names('élite', 'en')).toEqual(['ÉLITE Ùltima sfida']);
});

test('case is ignored on letters of any kind, and an English name is found with or without its accents', async () => {
  expect(await names('eSPORT')).toEqual(['Notte eSport']);
  expect(await names('ESPORT', 'en')).toEqual(['Crème Brûlée Night']);
  expect(await names('creme brulee', 'it')).toEqual(['Notte eSport']);
  expect(await names('CRÈME BRÛLÉE', 'en')).toEqual(['Crème Brûlée Night']);
  // a name spans one language only: the Italian end and the English start do not join
  expect(await names('eSport crème')).toEqual([]);
});

test('% and _ typed by a user match only themselves', async () => {
  expect(await names('50%')).toEqual(['Cittadella 50% off']);
  expect(await names('%')).toEqual(['Cittadella 50% off']);
  expect(await names('l_one')).toEqual(['Cittadella 50% off']);
  expect(await names('_')).toEqual(['Cittadella 50% off']);
  expect(await names('citt_')).toEqual([]);
  expect(await names('c%a')).toEqual([]);
});

test("an admin's edit of one name is searchable at once, the other kept; the admin list searches alike", async () => {
  const put = await t.call('PUT', `/api/tournaments/${renamed}`, {
    token: admin.token,
    body: { translations: { en: { name: 'Ünder Pressure' } } },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  expect(await names('under pressure', 'en', admin.token)).toEqual(['Ünder Pressure']);
  expect(await names('VECCHIO', 'it', admin.token)).toEqual(['Vecchio nome']);
  expect(await names('old name', 'en', admin.token)).toEqual([]);
  const it = await t.call('PUT', `/api/tournaments/${renamed}`, { token: admin.token, body: { name: 'Perché no' } });
  expect(it.status, JSON.stringify(it.json)).toBe(200);
  expect(await names('perche', 'it', admin.token)).toEqual(['Perché no']);
  expect(await names('vecchio', 'it', admin.token)).toEqual([]);
  expect(await names('PRESSURE', 'en', admin.token)).toEqual(['Ünder Pressure']);
});

test('the migration folds the names of tournaments and accounts written before it', async () => {
  const db = t.db.kysely;
  // the tables as they were: no folded columns
  await db.schema.alterTable('tournaments').dropColumn('name_search').execute();
  await db.schema.alterTable('users').dropColumn('username_search').execute();
  await foldSearchColumns(db, t.db.dialect);
  expect(await names('citta')).toEqual(['Cittadella 50% off', 'Coppa della Città']);
  expect(await names('brulee', 'en')).toEqual(['Crème Brûlée Night']);
  const wallets = await t.call('GET', `/api/marketplace/wallets?search=${admin.username.toUpperCase()}`, {
    token: admin.token,
  });
  expect(wallets.json.data.map((w: { userId: string }) => w.userId)).toEqual([admin.id]);
});
