import type { ServerResponse, OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localizeContent } from '../i18n/content-translations.ts';
import { requestLocale } from './content-locale.ts';
import type { AppConfig } from './config.ts';
import type { Dialect } from '../db/database.ts';
import { CacheInvalidator, postgresTransport, redisTransport } from './cache-broadcast.ts';

/**
 * A micro-cache of anonymous public answers (tournament, product and news lists and details, and
 * the on-demand pages), kept for RESPONSE_CACHE_MS (default 1 s). Under a burst (a check-in
 * opening, a shared link) one request per second builds the answer and the rest get its bytes,
 * instead of every request running the same queries and the same page render.
 *
 * Freshness: a write through this process that succeeded (a non-GET request answered below 400)
 * empties the answers it may change (`writeScopes`), before its answer leaves, so a process always
 * reads its own writes. A refused or failed one (an unknown route, a bad token, bad input) changed
 * nothing and empties nothing: junk POSTs must not turn every public read into a fresh build.
 * An admin's save also empties the same scopes in every other process before its answer leaves
 * (src/platform/http/cache-broadcast.ts), so a rename shows on the next read wherever it lands; a
 * player's write (a check-in, a registration) shows on the other processes within the TTL, as the
 * `live` policy allows (src/platform/http-cache-policy.ts).
 * While the broadcast channel is down the TTL is cut to RESPONSE_CACHE_FALLBACK_MS (`degrade`).
 * An answer that depends on a token is never cached.
 */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string | string[] | number>;
  body: string | Buffer;
  /** compressed copies of a page, made on first demand (writePage) */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
  /** what a route made of an API answer's body, made on first demand (sharedDerived) */
  derived?: unknown;
}

/**
 * What a cached answer shows, by feature. Tournament answers and pages carry results, brackets and
 * the players' names; the Cortina pages are standings made of tournament results; a player's page
 * shows their results, badges and profile; `other` is any cached answer not listed here, emptied by
 * every write whose scope is unknown.
 */
export const cacheScopes = ['tournaments', 'news', 'marketplace', 'players', 'other'] as const;
export type CacheScope = (typeof cacheScopes)[number];

/** A cached answer's scope, from its key (`apiCacheKey`, `pageCacheKey`, a page in any language). */
const keyScopes: readonly [RegExp, CacheScope][] = [
  [/^api:\/api\/tournaments(\/|\||$)/, 'tournaments'],
  [/^page:(\/[^/?]+)*\/(tournament|cortina)(\/|\?|$)/, 'tournaments'],
  [/^api:\/api\/news(\/|\||$)/, 'news'],
  [/^page:(\/[^/?]+)*\/news(\/|\?|$)/, 'news'],
  [/^api:\/api\/marketplace(\/|\||$)/, 'marketplace'],
  [/^api:\/api\/players(\/|\||$)/, 'players'],
  [/^page:(\/[^/?]+)*\/player(\/|\?|$)/, 'players'],
];
export const keyScope = (key: string): CacheScope => keyScopes.find(([pattern]) => pattern.test(key))?.[1] ?? 'other';

/**
 * The scopes a successful write may change, by its route's pattern: a feature's writes change its
 * own answers; a campaign's settings and submissions show on the Cortina pages; a profile edit
 * renames a player in rosters, standings and brackets; a player's page changes with all three (results,
 * badges, profile and its visibility). Account and upload calls (a login, a
 * password, a notification setting, an image not yet used anywhere) change no public answer. A
 * route not listed empties everything, so a new feature is never served stale.
 */
const writeScopeRules: readonly [RegExp, readonly CacheScope[]][] = [
  [/^\/api\/tournaments(\/|$)/, ['tournaments', 'players']],
  [/^\/api\/news(\/|$)/, ['news']],
  [/^\/api\/(campaigns(\/|$)|marketplace\/submissions(\/|$))/, ['tournaments', 'marketplace', 'players']],
  [/^\/api\/marketplace(\/|$)/, ['marketplace', 'players']],
  [/^\/api\/users\/pp\/:id$/, ['tournaments', 'news', 'players']],
  [/^\/api\/(users|media)(\/|$)/, []],
];

export function writeScopes(routeUrl: string | undefined): readonly CacheScope[] {
  if (routeUrl) for (const [pattern, scopes] of writeScopeRules) if (pattern.test(routeUrl)) return scopes;
  return cacheScopes;
}

export class ResponseCache {
  private readonly entries = new Map<string, { at: number; answer: CachedAnswer }>();
  private readonly refreshing = new Set<string>();
  /**
   * Answers being built since the last clear, by key (sharedBody): a request that finds none fresh
   * waits for the one under way instead of building its own. Emptied by every clear, so a request
   * that comes after a write never waits for a build that began before it.
   */
  readonly building = new Map<string, Promise<CachedAnswer>>();
  /** Pages being rendered since the last clear, by key (pageCache): the same, for on-demand pages. */
  readonly rendering = new Map<string, Promise<CachedAnswer | null>>();
  /**
   * The keys of on-demand pages rendered and kept before, kept across clears: a miss on one of
   * them claims its render at once, before the static-file lookup, so a burst right after a write
   * finds the claim. Static pages never get here, so their requests never wait on each other.
   */
  readonly pages = new Set<string>();
  /** bumped by every clear: an answer computed across a write is not kept (see `set`) */
  generation = 0;
  /** the generation each scope was last emptied at */
  private readonly clearedAt = new Map<CacheScope, number>();
  /**
   * Per cache, API reads (sharedBody) and on-demand pages (pageCache): answers served without
   * building them (a kept copy, or the build another request had under way), and answers built
   * because no copy was fresh (a build that fails, or a page that may not be kept, such as a 404,
   * is neither). Plain numbers, read by /metrics at scrape time (src/platform/http/metrics.ts).
   */
  readonly counts = { api: { hits: 0, misses: 0 }, page: { hits: 0, misses: 0 } };
  readonly ttlMs: number;
  private readonly fallbackTtlMs: number;
  private readonly maxEntries: number;
  /** the broadcast channel is down: other processes' saves go unheard (see `degrade`) */
  private degraded = false;
  constructor(ttlMs: number, maxEntries = 500, fallbackTtlMs = ttlMs) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.fallbackTtlMs = Math.min(ttlMs, fallbackTtlMs);
  }

  /**
   * While other processes' saves cannot reach this one, a copy is kept at most the fallback
   * lifetime: a burst still costs one build per key per fallback period, and an edit made
   * elsewhere shows within it. Applies to the copies already kept too (their age is read per `get`).
   */
  degrade(on: boolean) {
    this.degraded = on;
  }

  /** How long a copy is fresh now. */
  get lifetimeMs() {
    return this.degraded ? this.fallbackTtlMs : this.ttlMs;
  }

  /**
   * A fresh answer; or, once it is older than the TTL, undefined for the first caller (who rebuilds
   * it) while everyone else keeps getting the previous copy until the new one is in: without that,
   * every request arriving during the rebuild would rebuild too (a hundred renders at once, once a
   * second). A copy is never served past ten TTLs, whatever happens to the rebuild.
   */
  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = performance.now() - hit.at;
    const ttl = this.lifetimeMs;
    if (age <= ttl) return hit.answer;
    if (age <= ttl * 10 && this.refreshing.has(key)) return hit.answer;
    if (age > ttl * 10) this.entries.delete(key);
    this.refreshing.add(key);
    return undefined;
  }

  /** The caller that got undefined from `get` could not build the answer (an error, a 404). */
  release(key: string) {
    this.refreshing.delete(key);
  }

  set(key: string, answer: CachedAnswer, generation: number) {
    this.refreshing.delete(key);
    // a write to what it shows finished while this answer was being built: it may hold the old rows
    if ((this.clearedAt.get(keyScope(key)) ?? 0) > generation) return;
    // Map keeps insertion order: the first key is the oldest entry
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: performance.now(), answer });
  }

  /**
   * Claims the render of a page: others asking for it meanwhile wait for the returned function's
   * answer (null: nothing kept, render your own). Settling twice is harmless.
   */
  claimRender(key: string): (answer: CachedAnswer | null) => void {
    let resolve: (answer: CachedAnswer | null) => void = () => {};
    const rendered = new Promise<CachedAnswer | null>((r) => (resolve = r));
    this.rendering.set(key, rendered);
    return (answer) => {
      if (this.rendering.get(key) === rendered) this.rendering.delete(key);
      if (answer && this.pages.size < this.maxEntries * 4) this.pages.add(key);
      resolve(answer);
    };
  }

  /** Empties the answers of `scopes` (all of them when none are named). */
  clear(scopes: readonly string[] = cacheScopes) {
    const generation = ++this.generation;
    const emptied = new Set(scopes);
    for (const scope of cacheScopes) if (emptied.has(scope)) this.clearedAt.set(scope, generation);
    const gone = (key: string) => emptied.has(keyScope(key));
    for (const keys of [this.entries, this.refreshing, this.building, this.rendering]) {
      for (const key of keys.keys()) if (gone(key)) keys.delete(key);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when RESPONSE_CACHE_MS is 0 */
    responseCache: ResponseCache | null;
    /** Empties the micro-cache here and in every other API process (src/platform/http/cache-broadcast.ts). */
    cacheInvalidator: CacheInvalidator;
  }
}

const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';

/**
 * Decorates the app with its cache and its invalidator. Every API write that succeeded here empties
 * the scopes it may change in the local cache before its answer is sent; an admin's save empties
 * them in every other process too. A refused or failed write (4xx, 5xx) empties nothing.
 */
export async function registerResponseCache(app: FastifyInstance, config: AppConfig, dialect: Dialect) {
  const cache =
    config.responseCacheMs > 0 ? new ResponseCache(config.responseCacheMs, 500, config.responseCacheFallbackMs) : null;
  app.decorate('responseCache', cache);
  // the brand is always part of the channel: brands sharing one Redis or database never empty each
  // other's caches, even when their operators chose the same CACHE_CHANNEL
  const channel = `${config.cacheChannel}:${config.ownerId}`;
  // RESPONSE_CACHE_MS=0 is set for every process of a deployment alike: no cache anywhere, nothing to tell
  const transport = !cache
    ? null
    : config.redisUrl
      ? await redisTransport(config.redisUrl, channel)
      : dialect === 'postgres'
        ? await postgresTransport(config.databaseUrl, channel, config.dbConnectTimeoutMs)
        : null;
  const log = app.log.child({ component: 'cache-broadcast' });
  const invalidator = new CacheInvalidator(cache, transport, {
    warn: (o, m) => log.warn(o, m),
    info: (m) => log.info(m),
  });
  app.decorate('cacheInvalidator', invalidator);
  app.addHook('onClose', () => invalidator.close());
  // the first requests should find the channel up, as the rate-limit store waits for Redis
  await invalidator.ready(1000);
  if (!cache) return;
  // Emptied once the write is done and before its answer leaves: a read that started during the
  // write (and may have seen the old rows) is not kept after it (ResponseCache.set).
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isWrite(req) || reply.statusCode >= 400) return payload;
    const scopes = writeScopes(req.routeOptions.url);
    if (scopes.length === 0) return payload;
    if (req.user?.isAdmin) await invalidator.invalidate(scopes);
    else cache.clear(scopes);
    return payload;
  });
}

/**
 * Only an anonymous GET. An Authorization header that names no session (junk, expired) makes the
 * caller anonymous (public routes ignore a bad token, src/platform/http/plugins/auth.ts), so it is served
 * the anonymous copy: a junk header must not force a fresh build per request. Pages never read
 * the header at all.
 */
const cacheable = (app: FastifyInstance, req: FastifyRequest) =>
  app.responseCache !== null && req.method === 'GET' && !req.user;

/** Keys sorted, so the order a client writes them in does not make another copy. */
const canonical = (values: unknown) =>
  values && typeof values === 'object'
    ? JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : '';

/**
 * The cache key of an API read: the route, then its params and query as the route's schema parsed
 * them. Query parameters the route does not know were dropped by its zod schema, and values are
 * parsed (`?limit=010` is 10), so `?x=<random>` or a re-spelt URL lands on the same copy instead of
 * forcing a build each time. A route without a query schema keys on its params alone.
 */
export function apiCacheKey(req: FastifyRequest): string {
  const query = req.routeOptions.schema?.querystring ? canonical(req.query) : '';
  // the flat texts are in the request's language (src/platform/http/content-locale.ts)
  return `api:${req.routeOptions.url}|${canonical(req.params)}|${query}|${requestLocale(req)}`;
}

/**
 * The query parameters an on-demand page reads (news.astro: page; cortina/standings/[phase].astro:
 * limit, offset). Any other is left out of the page's cache key, for the same reason as above.
 */
const pageQueryParams = ['page', 'limit', 'offset'];

function pageCacheKey(req: FastifyRequest): string {
  const [pathname, search = ''] = req.url.split('?', 2);
  const known = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of pageQueryParams) for (const value of known.getAll(name)) kept.append(name, value);
  return `page:${pathname}?${kept}`;
}

/**
 * The serialised answer kept under `key`: from the cache when fresh, otherwise built, kept and
 * returned (built every time when the cache is off). Only for answers that are the same for every
 * caller.
 */
export async function sharedBody(app: FastifyInstance, key: string, build: () => Promise<string>): Promise<string> {
  return (await sharedAnswer(app, key, build)).body as string;
}

/**
 * A value made from the answer kept under `key` (see sharedBody), made once per kept copy instead
 * of once per request: a logged-in player's list splits the public list where each item's `me`
 * goes, and that split is the same for every player until the copy is rebuilt. Made every time when
 * the cache is off. `derive` must be the only one used with this key.
 */
export async function sharedDerived<T>(
  app: FastifyInstance,
  key: string,
  build: () => Promise<string>,
  derive: (body: string) => T,
): Promise<T> {
  const answer = await sharedAnswer(app, key, build);
  if (!('derived' in answer)) answer.derived = derive(answer.body as string);
  return answer.derived as T;
}

async function sharedAnswer(app: FastifyInstance, key: string, build: () => Promise<string>): Promise<CachedAnswer> {
  const cache = app.responseCache;
  if (!cache) return { status: 200, headers: {}, body: await build() };
  const hit = cache.get(key);
  if (hit) {
    cache.counts.api.hits++;
    return hit;
  }
  // Right after a write empties the cache, every request of a burst finds no copy: without this
  // they would each build the same answer (fifty builds at once while results are being entered).
  const under = cache.building.get(key);
  if (under) {
    cache.counts.api.hits++;
    return under;
  }
  const generation = cache.generation;
  const building = build().then((body): CachedAnswer => ({ status: 200, headers: {}, body }));
  cache.building.set(key, building);
  let answer: CachedAnswer;
  try {
    answer = await building;
  } catch (err) {
    cache.release(key);
    throw err;
  } finally {
    if (cache.building.get(key) === building) cache.building.delete(key);
  }
  cache.counts.api.misses++;
  cache.set(key, answer, generation);
  return answer;
}

/**
 * A route's JSON answer, from the cache for an anonymous caller when fresh; otherwise computed,
 * serialised with the route's own response schema, and kept. Headers (Cache-Control) are set by
 * the caller before.
 */
export async function cachedJson<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<T>,
): Promise<T> {
  // typed as the route's answer: a cached one is the same answer, already serialised
  if (!cacheable(app, req)) return compute();
  // serialised here, before the preSerialization hook would localise it: localised here too
  const body = await sharedBody(
    app,
    apiCacheKey(req),
    async () => reply.serialize(localizeContent(await compute(), requestLocale(req))) as string,
  );
  return reply.type('application/json; charset=utf-8').send(body) as never;
}

type Encoding = 'br' | 'gzip';

/** brotli when the browser accepts it, else gzip, else none (an explicit q=0 refuses). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

// Brotli at quality 5 packs a 59 KB tournament page to about 12 KB in about a millisecond; the
// higher qualities the build uses for static files cost tens of milliseconds per render.
const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/**
 * Sends a whole page: compressed when it is HTML of 1 KB or more and the browser accepts it, the
 * compressed copy kept on the answer so a cached page is compressed once, not once per request.
 */
function writePage(raw: ServerResponse, req: FastifyRequest, answer: CachedAnswer) {
  const headers: Record<string, string | string[] | number> = { ...answer.headers };
  const plain = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
  let body = plain;
  if (/^text\/html/i.test(String(headers['content-type'] ?? '')) && body.length >= 1024) {
    // the answer depends on Accept-Encoding: a shared cache must keep one copy per encoding
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding) {
      body = (answer.encoded ??= {})[encoding] ??= encoders[encoding](plain);
      headers['content-encoding'] = encoding;
    }
  }
  if (req.method !== 'HEAD') headers['content-length'] = body.length;
  raw.writeHead(answer.status, headers);
  raw.end(body);
}

/**
 * For Astro's on-demand pages, which write to the raw response: `serve` answers a fresh copy and
 * returns true; `render` collects what the render writes, keeps it when it is a public 200, and
 * sends it whole, compressed when the browser accepts it (the build compresses the static pages,
 * astro.config.mjs; these are made per request). A rendered page is a few milliseconds of work
 * and tens of kilobytes, so holding it until it is complete costs nothing a visitor would notice.
 */
/** The render a request claimed in `serve`, for `render` to settle. */
const claims = new WeakMap<FastifyRequest, (answer: CachedAnswer | null) => void>();
/** The requests answered by an on-demand page, rendered or kept (the metrics label them apart from static files). */
const pageAnswers = new WeakSet<FastifyRequest>();

export const pageCache = {
  async serve(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!cacheable(app, req)) return false;
    const cache = app.responseCache!;
    const key = pageCacheKey(req);
    // Right after a write empties the cache (results entered every few seconds), every request of
    // a burst would render the same page: they wait for the render under way instead, as the API
    // answers do (sharedBody). A render that keeps nothing (an error, a 404) sends them to render.
    const hit = cache.get(key) ?? (await cache.rendering.get(key));
    if (hit) {
      cache.counts.page.hits++;
      pageAnswers.add(req);
      reply.hijack();
      writePage(reply.raw, req, hit);
      return true;
    }
    if (cache.pages.has(key) && !cache.rendering.has(key)) {
      const settle = cache.claimRender(key);
      claims.set(req, settle);
      // a request that never reaches the render (a cut connection) frees the claim
      reply.raw.once('close', () => settle(null));
    }
    return false;
  },
  /** Whether `serve` or `render` answered this request. */
  answered: (req: FastifyRequest) => pageAnswers.has(req),
  /**
   * Collects the render's output (see above). Returns `passThrough`: the render found no page and
   * the caller answers itself (the prerendered 404, already compressed): the response is the raw
   * one again and nothing is kept.
   */
  render(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): () => void {
    const raw = reply.raw;
    const keep = cacheable(app, req);
    const generation = app.responseCache?.generation ?? 0;
    const key = pageCacheKey(req);
    const cache = app.responseCache;
    pageAnswers.add(req);
    // the render others wait for (serve): settled with the kept answer, or null when nothing is kept
    const settle = claims.get(req) ?? (keep && cache && !cache.rendering.has(key) ? cache.claimRender(key) : () => {});
    const chunks: Buffer[] = [];
    let status = 200;
    let headersArg: OutgoingHttpHeaders = {};
    const { writeHead, write, end } = raw;
    const later = (args: unknown[]) => {
      const callback = args.find((a) => typeof a === 'function');
      if (callback) process.nextTick(callback);
    };
    // a typed adapter over Node's overloaded writeHead/write/end: the arguments are checked at run time
    raw.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
      status = code;
      const h = rest.find((x) => x && typeof x === 'object');
      if (h && !Array.isArray(h)) headersArg = h as OutgoingHttpHeaders;
      return this;
    } as typeof raw.writeHead;
    raw.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (chunk != null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string | Uint8Array));
      later([chunk, ...rest]);
      return true;
    } as typeof raw.write;
    raw.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (chunk != null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string | Uint8Array));
      Object.assign(raw, { writeHead, write, end });
      // Node drops headers set to undefined, so none is left here
      const headers = { ...raw.getHeaders(), ...headersArg } as CachedAnswer['headers'];
      for (const name of Object.keys(headers)) raw.removeHeader(name);
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      const answer: CachedAnswer = { status, headers, body: Buffer.concat(chunks) };
      const policy = String(headers['cache-control'] ?? '');
      // only what the page itself declared public (never an error, never a personal answer)
      const kept = keep && status === 200 && policy.startsWith('public') && !headers['set-cookie'];
      if (kept) {
        app.responseCache!.set(key, answer, generation);
        app.responseCache!.counts.page.misses++;
      }
      settle(kept ? answer : null);
      writePage(raw, req, answer);
      later([chunk, ...rest]);
      return raw;
    } as typeof raw.end;
    // a render that ends in an error or a cut connection frees the rebuild for the next request
    if (keep)
      raw.once('close', () => {
        app.responseCache!.release(key);
        settle(null);
      });
    return () => {
      Object.assign(raw, { writeHead, write, end });
      if (keep) app.responseCache!.release(key);
      settle(null);
    };
  },
};
