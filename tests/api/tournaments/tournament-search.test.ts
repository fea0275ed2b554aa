import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, type Person } from '../helpers/tournaments.ts';
import { expectError } from '../helpers/expect-error.ts';

/**
 * GET /tournaments?search=: part of a tournament's name in either language, whatever the reader's
 * language and the case, so an English reader finds a tournament whose English name is the only one
 * they know and its Italian name too; the other filters, the sort and the paging still apply.
 */
let t: TestApp;
let admin: Person;
let player: Person;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
  const tr = (en: string) => ({ translations: { en: { name: en } } });
  await createTournament(t, admin.token, 'registration', {
    name: 'Coppa Bomber Qualificazione 1',
    ...tr('Bomber Cup Qualifier 1'),
  });
  const second = await createTournament(t, admin.token, 'registration', {
    name: 'Coppa Bomber Qualificazione 2',
    ...tr('Bomber Cup Qualifier 2'),
  });
  await createTournament(t, admin.token, 'registration', { name: 'Torneo Estivo', ...tr('Summer Showdown') });
  await createTournament(t, admin.token, 'registration', { name: 'Solo 100%_italiano' });
  expect((await join(t, second, player)).status).toBe(200);
});
afterAll(() => t?.close());

const names = async (query: string, opts: { lang?: 'it' | 'en'; token?: string } = {}) => {
  const r = await t.call('GET', `/api/tournaments?${query}`, {
    token: opts.token,
    headers: { 'accept-language': opts.lang ?? 'it' },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { names: (r.json.data as { name: string }[]).map((x) => x.name).sort(), total: r.json.total as number };
};

test('an English search finds the English name and shows it; the Italian name finds it too', async () => {
  expect((await names('search=bomber%20cup', { lang: 'en' })).names).toEqual([
    'Bomber Cup Qualifier 1',
    'Bomber Cup Qualifier 2',
  ]);
  expect((await names('search=coppa', { lang: 'en' })).names).toEqual([
    'Bomber Cup Qualifier 1',
    'Bomber Cup Qualifier 2',
  ]);
  expect((await names('search=SUMMER', { lang: 'it' })).names).toEqual(['Torneo Estivo']);
  expect((await names('search=estivo', { lang: 'en' })).names).toEqual(['Summer Showdown']);
});

test('a tournament without an English name is found by its Italian one; % and _ match only themselves', async () => {
  expect((await names('search=100%25_', { lang: 'en' })).names).toEqual(['Solo 100%_italiano']);
  expect((await names('search=%25', { lang: 'en' })).names).toEqual(['Solo 100%_italiano']);
  expect(await names('search=nothing-like-it', { lang: 'en' })).toEqual({ names: [], total: 0 });
});

test('the total counts the matches and the page cuts them; an empty search lists every one', async () => {
  const page = await names('search=qualifier&limit=1', { lang: 'en' });
  expect(page.names).toHaveLength(1);
  expect(page.total).toBe(2);
  expect((await names('search=&limit=100')).total).toBe(4);
  expect((await names('search=%20%20&limit=100')).total).toBe(4);
});

test("the search narrows a player's own list, the admin's archive filter and a signed-in reader's list", async () => {
  const own = await names(`members=${player.id}&search=cup`, { lang: 'en', token: player.token });
  expect(own.names).toEqual(['Bomber Cup Qualifier 2']);
  expect((await names(`members=${player.id}&search=summer`, { lang: 'en', token: player.token })).total).toBe(0);
  expect((await names('search=summer&archived=include', { lang: 'en', token: admin.token })).names).toEqual([
    'Summer Showdown',
  ]);
  expect((await names('search=summer', { lang: 'en', token: player.token })).names).toEqual(['Summer Showdown']);
});

test('a search too long is a 400 VALIDATION_ERROR', async () => {
  expectError(await t.call('GET', `/api/tournaments?search=${'x'.repeat(121)}`), 400, 'VALIDATION_ERROR');
});
