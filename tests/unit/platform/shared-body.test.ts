import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseCache, sharedBody } from '../../../src/platform/http/response-cache.ts';

/**
 * One build per answer while the cache is empty (src/platform/http/response-cache.ts, sharedBody):
 * the burst right after a write waits for one build instead of each making its own, and a request
 * that comes after a write never gets an answer whose build began before it.
 */

const appWith = (cache: ResponseCache) => ({ responseCache: cache }) as unknown as FastifyInstance;

/** A build that finishes when told to, counting how often it ran. */
function gatedBuild(body: string) {
  let runs = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const build = async () => {
    runs++;
    await gate;
    return body;
  };
  return { build, open, runs: () => runs };
}

describe('sharedBody', () => {
  it('fifty requests finding no copy share one build, and the next one is served the kept copy', async () => {
    const app = appWith(new ResponseCache(60_000));
    const b = gatedBuild('standings v1');
    const answers = Promise.all(Array.from({ length: 50 }, () => sharedBody(app, 'k', b.build)));
    b.open();
    expect(await answers).toEqual(Array(50).fill('standings v1'));
    expect(b.runs()).toBe(1);
    expect(await sharedBody(app, 'k', async () => 'rebuilt')).toBe('standings v1');
  });

  // the write is a clear
  it('a request after a write does not join a build that began before it, and that build is not kept', async () => {
    const cache = new ResponseCache(60_000);
    const app = appWith(cache);
    const before = gatedBuild('before the write');
    const early = sharedBody(app, 'k', before.build);
    cache.clear();
    const after = gatedBuild('after the write');
    const late = sharedBody(app, 'k', after.build);
    before.open();
    after.open();
    expect(await early).toBe('before the write');
    expect(await late).toBe('after the write');
    expect([before.runs(), after.runs()]).toEqual([1, 1]);
    expect(await sharedBody(app, 'k', async () => 'third')).toBe('after the write');
  });

  it('a failed build fails its waiters and leaves nothing behind: the next request builds again', async () => {
    const app = appWith(new ResponseCache(60_000));
    let runs = 0;
    const failing = async () => {
      runs++;
      await Promise.resolve();
      throw new Error('not found');
    };
    const results = await Promise.allSettled([sharedBody(app, 'k', failing), sharedBody(app, 'k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await sharedBody(app, 'k', async () => 'found')).toBe('found');
  });
});
