import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { createTournament, join, quickPlayer, type Person } from '../helpers/tournaments.ts';
import { publishArticle, readTitles, renameArticle, renameInDatabase } from '../helpers/freshness.ts';
import { twoApps, type Pair } from '../helpers/freshness.ts';
import { keyScope, writeScopes } from '../../../src/platform/http/response-cache.ts';

// What empties the micro-cache (src/platform/http/response-cache.ts): only a write that succeeded,
// and only the answers it may change. The TTL is a minute, so only an invalidation can explain a
// fresh answer; a rename behind the API's back shows whether a copy was kept.
let t: TestApp;
let admin: Person;
let player: Person;
let tournament: string;
let article: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
  admin = await quickPlayer(t, { admin: true });
  player = await quickPlayer(t);
  tournament = await createTournament(t, admin.token, 'registration', { name: 'Kept Cup' });
  article = await publishArticle(t, admin.token, 'Kept news');
});
afterAll(() => t?.close());

const tournamentRows = () => t.db.kysely.updateTable('tournaments');
const renameTournament = (name: string) => tournamentRows().set({ name }).where('id', '=', tournament).execute();
const tournamentName = async () => (await t.call('GET', `/api/tournaments/${tournament}`)).json.data.name as string;
const newsTitle = async () => (await t.call('GET', `/api/news/${article}`)).json.data.title.it as string;

test('refused and failed writes leave every cached answer in place', async () => {
  const name = await tournamentName();
  const title = await newsTitle();
  await renameTournament(`${name} (behind)`);
  await renameInDatabase(t, article, `${title} (behind)`);
  const hits = t.app.responseCache!.counts.api.hits;
  const attempts = [
    // no such route
    { status: 404, call: () => t.call('POST', '/api/nope', { body: {} }) },
    // an admin write without a token
    { status: 401, call: () => t.call('POST', '/api/tournaments', { body: {} }) },
    // an admin write with a body its schema refuses
    { status: 400, call: () => t.call('POST', '/api/tournaments', { token: admin.token, body: { name: 42 } }) },
    { status: 400, call: () => t.call('PUT', `/api/news/${article}`, { token: admin.token, body: { title: 'text' } }) },
    // a write the service refuses: an unknown tournament
    { status: 404, call: () => join(t, '00000000-0000-4000-8000-00000000cafe', player) },
  ];
  for (const { status, call } of attempts) {
    const r = await call();
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    expect(await tournamentName()).toBe(name);
    expect(await newsTitle()).toBe(title);
  }
  // every read above was a kept copy
  expect(t.app.responseCache!.counts.api.hits - hits).toBe(attempts.length * 2);
});

test("a successful write to tournaments empties the tournaments' answers but not the news", async () => {
  const title = await newsTitle();
  await renameTournament('Scoped Cup');
  await renameInDatabase(t, article, 'Scoped news');
  expect((await join(t, tournament, player)).status).toBe(200);
  expect(await tournamentName()).toBe('Scoped Cup');
  expect(await newsTitle()).toBe(title);
  // and a news save empties the news
  const r = await t.call('PUT', `/api/news/${article}`, { token: admin.token, body: { published: true } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(await newsTitle()).toBe('Scoped news');
});

test('the scopes: answers and pages by feature, writes by route, an unknown write empties all', () => {
  expect(keyScope('api:/api/tournaments/:id|{"id":"x"}||it')).toBe('tournaments');
  expect(keyScope('page:/en/tournament/abc?')).toBe('tournaments');
  expect(keyScope('page:/cortina/standings/final?limit=10')).toBe('tournaments');
  expect(keyScope('page:/news?page=2')).toBe('news');
  expect(keyScope('api:/api/news|||en')).toBe('news');
  expect(keyScope('api:/api/marketplace/products|||it')).toBe('marketplace');
  expect(keyScope('api:/api/newsletter|||it')).toBe('other');
  // a player's page shows results, badges and the profile: their writes empty it
  expect(keyScope('api:/api/players/:username|{"username":"giulia"}||it')).toBe('players');
  expect(keyScope('page:/en/player/giulia?')).toBe('players');
  expect(writeScopes('/api/tournaments/:id/register')).toEqual(['tournaments', 'players']);
  expect(writeScopes('/api/marketplace/badges/trigger/:slug')).toContain('players');
  expect(writeScopes('/api/users/authenticate')).toEqual([]);
  expect(writeScopes('/api/users/pp/:id')).toEqual(expect.arrayContaining(['tournaments', 'players']));
  expect(writeScopes('/api/something-new')).toEqual(['tournaments', 'news', 'marketplace', 'players', 'other']);
  expect(writeScopes(undefined)).toHaveLength(5);
});

// declared only in the PostgreSQL project (not a skip there): SQLite runs one process, in-process only
if (engine === 'postgres')
  describe('two API processes: the broadcast carries what the save changed', () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await twoApps();
    });
    afterAll(() => pair?.close());

    test("an admin's news save empties B's news, not B's tournaments", async () => {
      const { a, b, admin } = pair;
      const id = await createTournament(a, admin.token, 'registration', { name: 'Far Cup' });
      const article = await publishArticle(a, admin.token, 'Far news');
      const read = async () => (await b.call('GET', `/api/tournaments/${id}`)).json.data.name as string;
      expect(await read()).toBe('Far Cup');
      expect(await readTitles(b, article)).toMatchObject({ article: 'Far news' });
      await a.db.kysely.updateTable('tournaments').set({ name: 'Far Cup (behind)' }).where('id', '=', id).execute();
      await renameArticle(a, admin.token, article, 'Far news II');
      expect(await readTitles(b, article)).toMatchObject({ article: 'Far news II' });
      expect(await read()).toBe('Far Cup');
    });
  });
