import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { accounts, type Account } from '../helpers/rewards.ts';
import { createTournament } from '../helpers/tournaments.ts';
import {
  publishArticle,
  readTitles,
  renameArticle,
  renameInDatabase,
  twoApps,
  within,
  type Pair,
} from '../helpers/freshness.ts';

/**
 * Freshness after an admin's save: the micro-cache of every API process is
 * emptied, not only the one that handled the save (src/platform/http/cache-broadcast.ts), and the
 * browser keeps the news and tournament answers 10 s at most while a CDN may keep them longer
 * (src/platform/http-cache-policy.ts). The Redis channel has its own file (cache-broadcast.redis.test.ts).
 */

// declared only in the PostgreSQL project (not a skip there): SQLite runs one process, in-process only
if (engine === 'postgres')
  describe('two API processes on one PostgreSQL, no Redis: LISTEN/NOTIFY', () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await twoApps();
    });
    afterAll(() => pair?.close());

    test("an admin's rename through A is what B answers on the very next read", async () => {
      const { a, b, admin } = pair;
      expect([a.app.cacheInvalidator.channel, a.app.cacheInvalidator.state, b.app.cacheInvalidator.state]).toEqual([
        'postgres',
        'up',
        'up',
      ]);
      const id = await publishArticle(a, admin.token, 'Finale di marzo');
      expect(await readTitles(b, id)).toMatchObject({ article: 'Finale di marzo', list: 'Finale di marzo' });
      // B keeps its copy: a change no process hears of is not seen
      await renameInDatabase(a, id, 'Changed behind the API');
      expect(await readTitles(b, id)).toMatchObject({ article: 'Finale di marzo', list: 'Finale di marzo' });

      for (const title of ['Finale di aprile', 'Finale di maggio', 'Finale di giugno']) {
        const saveMs = await renameArticle(a, admin.token, id, title);
        expect(await readTitles(b, id)).toMatchObject({ article: title, list: title });
        console.log(`[cache broadcast postgres] save ${saveMs.toFixed(1)} ms, B fresh on the next read`);
      }
    });

    // a refused save is one answered 4xx
    test("only an admin's accepted save is broadcast: a refused one or a player's write leaves B's copy", async () => {
      const { a, b, admin } = pair;
      const [player] = await accounts(a, 1);
      const id = await publishArticle(a, admin.token, 'Copia di B');
      expect((await readTitles(b, id)).article).toBe('Copia di B');
      await renameInDatabase(a, id, 'Changed behind the API');
      const refused = await a.call('PUT', `/api/news/${id}`, {
        token: admin.token,
        body: { title: { it: '', en: '' } },
      });
      expect(refused.status).toBe(400);
      const playerWrite = await a.call('POST', '/api/users/logout', { token: player.token });
      expect(playerWrite.status).toBeLessThan(300);
      expect((await readTitles(b, id)).article).toBe('Copia di B');
      // A itself empties its cache on any write, as before
      expect((await readTitles(a, id)).article).toBe('Changed behind the API');
    });

    test('a listener cut by the database reconnects by itself, and saves are broadcast again', async () => {
      const { a, b, admin } = pair;
      const id = await publishArticle(a, admin.token, 'Prima del taglio');
      expect((await readTitles(b, id)).article).toBe('Prima del taglio');
      // what a database restart or an operator's pg_terminate_backend does to both listeners
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'arena-cache-broadcast'`.execute(a.db.kysely);
      expect(rows[0].n).toBe(2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'arena-cache-broadcast'`.execute(a.db.kysely);
      // the API never stopped answering: a save and a read right after the cut
      const saveMs = await renameArticle(a, admin.token, id, 'Durante il taglio');
      expect(saveMs).toBeLessThan(1000);
      const during = await readTitles(b, id);
      expect(during.ms).toBeLessThan(1000);

      expect(
        await within(5000, () => a.app.cacheInvalidator.state === 'up' && b.app.cacheInvalidator.state === 'up'),
      ).not.toBeNull();
      // back up: B emptied its cache on reconnecting (it may have missed a save) and hears saves again
      expect((await readTitles(b, id)).article).toBe('Durante il taglio');
      await renameInDatabase(a, id, 'Changed behind the API');
      expect((await readTitles(b, id)).article).toBe('Durante il taglio');
      await renameArticle(a, admin.token, id, 'Dopo il taglio');
      expect(await readTitles(b, id)).toMatchObject({ article: 'Dopo il taglio', list: 'Dopo il taglio' });
    });
  });

describe('one process (the SQLite default): the save empties its own cache, nothing to broadcast', () => {
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false, responseCacheMs: 60_000 });
    [admin] = await accounts(t, 1, { admin: true });
  });
  afterAll(() => t?.close());

  test('the next read after a save is fresh', async () => {
    expect(t.app.cacheInvalidator.channel).toBe(engine === 'postgres' ? 'postgres' : 'local');
    expect(t.app.cacheInvalidator.state).toBe(engine === 'postgres' ? 'up' : 'local');
    const id = await publishArticle(t, admin.token, 'Notizia');
    expect((await readTitles(t, id)).article).toBe('Notizia');
    await renameInDatabase(t, id, 'Changed behind the API');
    expect((await readTitles(t, id)).article).toBe('Notizia');
    await renameArticle(t, admin.token, id, 'Notizia rinominata');
    expect(await readTitles(t, id)).toMatchObject({ article: 'Notizia rinominata', list: 'Notizia rinominata' });
  });
});

describe('Cache-Control: a short browser lifetime, a longer CDN one', () => {
  let t: TestApp;
  let admin: Account;
  let tournamentId: string;
  let newsId: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    [admin] = await accounts(t, 1, { admin: true });
    tournamentId = await createTournament(t, admin.token, 'registration');
    newsId = await publishArticle(t, admin.token, 'Intestazioni');
  });
  afterAll(() => t?.close());

  const maxAge = (value: string, directive: string) =>
    Number(new RegExp(`(?:^|,\\s*)${directive}=(\\d+)`).exec(value)?.[1]);

  // a CDN is given s-maxage and CDN-Cache-Control
  test('news and tournament reads: max-age ≤ 10 s and no stale copy in the browser', async () => {
    const reads = ['/api/news', `/api/news/${newsId}`, '/api/tournaments', `/api/tournaments/${tournamentId}`];
    for (const url of reads) {
      const r = await t.call('GET', url);
      expect(r.status, url).toBe(200);
      const browser = String(r.res.headers['cache-control']);
      const cdn = String(r.res.headers['cdn-cache-control']);
      expect(browser, url).toMatch(/^public, /);
      expect(maxAge(browser, 'max-age'), url).toBeLessThanOrEqual(10);
      // a browser honours stale-while-revalidate too: it is only for the CDN
      expect(browser, url).not.toMatch(/stale-while-revalidate/);
      expect(maxAge(browser, 's-maxage'), url).toBeGreaterThanOrEqual(maxAge(browser, 'max-age'));
      expect(maxAge(cdn, 'max-age'), url).toBe(maxAge(browser, 's-maxage'));
      expect(maxAge(cdn, 'stale-while-revalidate'), url).toBeGreaterThan(0);
      expect(r.res.headers.vary, url).toMatch(/authorization/i);
    }
    // news may sit longer at the CDN than in the browser; tournaments change with play
    const news = await t.call('GET', `/api/news/${newsId}`);
    expect([news.res.headers['cache-control'], news.res.headers['cdn-cache-control']]).toEqual([
      'public, max-age=10, s-maxage=30',
      'max-age=30, stale-while-revalidate=120',
    ]);
    const tournament = await t.call('GET', `/api/tournaments/${tournamentId}`);
    expect([tournament.res.headers['cache-control'], tournament.res.headers['cdn-cache-control']]).toEqual([
      'public, max-age=10, s-maxage=10',
      'max-age=10, stale-while-revalidate=60',
    ]);
  });

  test('with a token the same reads are private, with nothing for a CDN', async () => {
    for (const url of [`/api/news/${newsId}`, `/api/tournaments/${tournamentId}`]) {
      const r = await t.call('GET', url, { token: admin.token });
      expect(r.res.headers['cache-control'], url).toBe('private, no-store');
      expect(r.res.headers['cdn-cache-control'], url).toBeUndefined();
    }
  });
});
