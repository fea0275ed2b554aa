import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCache, ResponseCache } from '../../../src/platform/http/response-cache.ts';

/**
 * One render per on-demand page while the cache is empty (src/platform/http/response-cache.ts,
 * pageCache): right after a write empties the cache, the burst of readers of a standings page waits
 * for the render under way instead of each rendering it (what `npm run bench` measured: the page
 * fell to a few hundred requests a second while results were entered). A page that keeps nothing
 * (an error) sends the waiting readers to render their own.
 */

let app: FastifyInstance;
afterEach(() => app?.close());

/**
 * An app wired like site.ts: the hook serves a fresh copy, the route renders like Astro, later, to the raw response.
 */
async function pageApp(status = 200) {
  app = Fastify();
  const cache = new ResponseCache(60_000);
  app.decorate('responseCache', cache);
  app.decorateRequest('user', null);
  let renders = 0;
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  app.addHook('onRequest', async (req, reply) => {
    if (await pageCache.serve(app, req, reply)) return reply;
  });
  app.get('/tournament/t1/standings', async (req, reply) => {
    pageCache.render(app, req, reply);
    reply.hijack();
    renders++;
    const n = renders;
    await gate;
    reply.raw.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=10' });
    reply.raw.end(`<p>render ${n}</p>`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tournament/t1/standings`;
  return {
    cache,
    renders: () => renders,
    open: () => open(),
    closeGate: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    burst: (n: number) =>
      Promise.all(Array.from({ length: n }, () => fetch(url).then(async (r) => [r.status, await r.text()] as const))),
  };
}

/** Lets every request of a burst reach the server before the render is let go. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('pageCache', () => {
  // after a write the next burst shares one more
  it('thirty readers of a page that no copy holds share one render', async () => {
    const p = await pageApp();
    const first = p.burst(30);
    await settle();
    p.open();
    expect(new Set((await first).map(([status, body]) => `${status} ${body}`))).toEqual(
      new Set(['200 <p>render 1</p>']),
    );
    expect(p.renders()).toBe(1);

    // a write empties the cache: the next burst renders once more, and never gets the old page
    p.cache.clear();
    p.closeGate();
    const second = p.burst(30);
    await settle();
    p.open();
    expect(new Set((await second).map(([, body]) => body))).toEqual(new Set(['<p>render 2</p>']));
    expect(p.renders()).toBe(2);
  });

  it('a render that keeps nothing (an error) lets the waiting readers render their own', async () => {
    const p = await pageApp(500);
    const burst = p.burst(5);
    await settle();
    p.open();
    expect((await burst).every(([status]) => status === 500)).toBe(true);
    // the first render, then each reader that had waited on it
    expect(p.renders()).toBe(5);
  });
});
