import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
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
 * The cache broadcast over Redis pub/sub (src/platform/http/cache-broadcast.ts): two apps on one
 * database, each with its own micro-cache, subscribed through a TCP proxy the test can cut. Each
 * run takes a channel of its own, since the Redis server is shared.
 */
let proxy: TcpProxy;
let pair: Pair;
beforeAll(async () => {
  const target = new URL(process.env.TEST_REDIS_URL!);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
  pair = await twoApps({
    redisUrl: proxy.url(process.env.TEST_REDIS_URL!),
    cacheChannel: `test-cache:${randomUUID()}`,
  });
});
afterAll(async () => {
  await pair?.close();
  await proxy?.close();
});

const bothUp = () => pair.a.app.cacheInvalidator.state === 'up' && pair.b.app.cacheInvalidator.state === 'up';

test("an admin's rename through A is what B answers on the very next read", async () => {
  const { a, b, admin } = pair;
  expect([a.app.cacheInvalidator.channel, a.app.cacheInvalidator.state, b.app.cacheInvalidator.state]).toEqual([
    'redis',
    'up',
    'up',
  ]);
  const id = await publishArticle(a, admin.token, 'Coppa di Redis');
  expect((await readTitles(b, id)).article).toBe('Coppa di Redis');
  await renameInDatabase(a, id, 'Changed behind the API');
  expect((await readTitles(b, id)).article).toBe('Coppa di Redis');
  for (const title of ['Coppa di aprile', 'Coppa di maggio', 'Coppa di giugno']) {
    const saveMs = await renameArticle(a, admin.token, id, title);
    expect(await readTitles(b, id)).toMatchObject({ article: title, list: title });
    console.log(`[cache broadcast redis] save ${saveMs.toFixed(1)} ms, B fresh on the next read`);
  }
});

describe('Redis cut off (a proxy that stops forwarding)', () => {
  // meanwhile B keeps its copies only for the fallback lifetime
  test('saves stay quick, reads never hang, and the broadcast works again once Redis is back', async () => {
    const { a, b, admin } = pair;
    const id = await publishArticle(a, admin.token, 'Prima del taglio');
    expect((await readTitles(b, id)).article).toBe('Prima del taglio');

    proxy.blackhole();
    const saveMs = await renameArticle(a, admin.token, id, 'Durante il taglio');
    // the save waited for acknowledgements that cannot come, BROADCAST_WAIT_MS (500 ms) at most
    expect(saveMs).toBeLessThan(1000);
    const read = await readTitles(b, id);
    expect(read.ms).toBeLessThan(1000);
    // B notices the silent channel by its heartbeat and keeps copies RESPONSE_CACHE_FALLBACK_MS from then on
    const noticed = await within(5000, () => b.app.cacheInvalidator.state === 'down');
    expect(noticed).not.toBeNull();
    const fresh = await within(1000, async () => (await readTitles(b, id)).article === 'Durante il taglio');
    expect(fresh).not.toBeNull();
    console.log(
      `[cache broadcast redis cut] save ${saveMs.toFixed(1)} ms, B read ${read.ms.toFixed(1)} ms, ` +
        `outage noticed by B after ${noticed!.toFixed(0)} ms, new title on B ${fresh!.toFixed(0)} ms after that`,
    );
    // a save while A knows the channel is down does not wait at all
    expect(await within(5000, () => a.app.cacheInvalidator.state === 'down')).not.toBeNull();
    expect(await renameArticle(a, admin.token, id, 'Ancora durante il taglio')).toBeLessThan(200);

    proxy.recover();
    const back = await within(10_000, bothUp);
    expect(back).not.toBeNull();
    console.log(`[cache broadcast redis cut] both listening again ${back!.toFixed(0)} ms after Redis came back`);
    // up again: B emptied its cache on reconnecting, keeps copies the full TTL and hears A's saves
    expect((await readTitles(b, id)).article).toBe('Ancora durante il taglio');
    await renameInDatabase(a, id, 'Changed behind the API');
    await new Promise((r) => setTimeout(r, 400));
    expect((await readTitles(b, id)).article).toBe('Ancora durante il taglio');
    await renameArticle(a, admin.token, id, 'Dopo il taglio');
    expect(await readTitles(b, id)).toMatchObject({ article: 'Dopo il taglio', list: 'Dopo il taglio' });
  });
});
