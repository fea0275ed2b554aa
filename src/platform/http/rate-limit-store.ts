import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { Database } from '../db/schema.ts';

/**
 * The client a per-address limit counts, for a route's own keyGenerator: an IPv6 client by its
 * /64 (one subscriber's network; a host picks any of its 2^64 addresses at will, so counting the
 * full address gave each attempt a fresh quota), an IPv4 client, written plainly or IPv4-mapped,
 * by its full address. The same key @fastify/rate-limit's default keyGenerator and the failure
 * limits (plugins/failure-limit.ts) count by.
 */
export const clientAddressKey = (req: FastifyRequest) => normalizeIP(req.ip);

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
// the plugin passes the route's options plus `routeInfo` (which its published types leave out)
interface RouteOptions {
  continueExceeding?: boolean;
  method?: string | string[];
  url?: string;
  routeInfo?: { method: string; url: string };
}

// the database's clock, not the process's: API processes on several hosts must share one window
const nowMs = sql<number>`cast(floor(extract(epoch from clock_timestamp()) * 1000) as bigint)`;

/**
 * A @fastify/rate-limit store on PostgreSQL, for several API processes on one database without
 * Redis (process memory would give each process the whole quota). One statement per hit: an
 * upsert that starts a fresh window when the row is missing or expired and otherwise increments,
 * so concurrent hits on different processes are serialised by the row lock and none is lost.
 * Expired rows are deleted by the hourly pruning (src/platform/http/maintenance.ts).
 */
export function postgresRateLimitStore(db: Kysely<Database>, nameSpace: string) {
  return class PostgresRateLimitStore {
    readonly prefix: string;
    readonly continueExceeding: boolean;

    constructor(options: { continueExceeding?: boolean } = {}, prefix = nameSpace) {
      this.continueExceeding = !!options.continueExceeding;
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      const window = Math.max(1, Math.trunc(timeWindow));
      // continueExceeding: every hit past the limit restarts the window (the plugin's option)
      const restart = this.continueExceeding ? sql`or rl.count + 1 > ${max}` : sql``;
      sql<{ count: number; ttl: number | string }>`
        insert into rate_limits as rl (key, count, expires_at)
        values (${this.prefix + key}, 1, ${nowMs} + ${window})
        on conflict (key) do update set
          count = case when rl.expires_at <= ${nowMs} then 1 else rl.count + 1 end,
          expires_at = case when rl.expires_at <= ${nowMs} ${restart} then ${nowMs} + ${window} else rl.expires_at end
        returning count, expires_at - ${nowMs} as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) => cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }),
          (err) => cb(err),
        );
    }

    read(key: string, cb: Callback) {
      sql<{ count: number; ttl: number | string }>`
        select count, expires_at - ${nowMs} as ttl from rate_limits
        where key = ${this.prefix + key} and expires_at > ${nowMs}`
        .execute(db)
        .then(
          ({ rows: [row] }) =>
            cb(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
          (err) => cb(err),
        );
    }

    child(routeOptions: RouteOptions) {
      const { method, url } = routeOptions.routeInfo ?? {
        method: String(routeOptions.method),
        url: routeOptions.url ?? '',
      };
      return new PostgresRateLimitStore(routeOptions, `${this.prefix}${method}${url}-`);
    }
  };
}

/** Deletes counters whose window has ended; run by the hourly pruning in every process (harmless). */
export async function pruneRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The part of a @fastify/rate-limit store the failover uses. */
interface RateLimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow?: number, max?: number): void;
  child(routeOptions: RouteOptions): RateLimitStore;
}

/** How long the store keeps to its fallback after Redis failed, before asking Redis again. */
const REDIS_RETRY_AFTER_MS = 1000;

export interface FailoverLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/**
 * Redis first, then the fallback (the `rate_limits` table on PostgreSQL, process memory on
 * SQLite) whenever Redis fails: a command gets REDIS_COMMAND_TIMEOUT_MS (`timeoutMs`), and the
 * ioredis client fails at once while disconnected, so a dead or frozen Redis costs a request
 * that long at most, and limits keep counting instead of being skipped. After a failure Redis is
 * asked again only every REDIS_RETRY_AFTER_MS; one line is logged when an outage starts and one
 * when it ends. Counts made during the outage stay in the fallback: a window that spans the
 * switch may allow up to twice its quota, never unlimited.
 */
export function failoverRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  log: FailoverLog,
  fallbackName: string,
  timeoutMs: number,
) {
  const outage = { down: false, retryAt: 0 };
  const wrap = (redis: RateLimitStore, backup: RateLimitStore): RateLimitStore => {
    const call = (method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) => {
      const onFallback = () =>
        method === 'read' ? backup.read!(key, cb, timeWindow, max) : backup.incr(key, cb, timeWindow, max);
      if (outage.down && Date.now() < outage.retryAt) return onFallback();
      let settled = false;
      // Timed here rather than by ioredis: after an event-loop stall a plain timer fires before
      // the reply that arrived meanwhile is read, and a busy process would fail over for nothing.
      // setImmediate runs after pending I/O, so only a reply that truly has not come counts.
      const timer = setTimeout(
        () => setImmediate(() => answer(new Error(`Redis did not answer within ${timeoutMs} ms`))),
        timeoutMs,
      );
      const answer: Callback = (err, res) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!err) {
          if (outage.down) {
            outage.down = false;
            log.info('rate-limit store: Redis answers again, counting there');
          }
          return cb(null, res);
        }
        if (!outage.down) {
          outage.down = true;
          log.warn({ err }, `rate-limit store: Redis failed, counting in ${fallbackName} until it answers`);
        }
        outage.retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
        onFallback();
      };
      if (method === 'read') redis.read!(key, answer, timeWindow, max);
      else redis.incr(key, answer, timeWindow, max);
    };
    return {
      incr: (key, cb, timeWindow, max) => call('incr', key, cb, timeWindow, max),
      read: (key, cb, timeWindow = 0, max = 0) => call('read', key, cb, timeWindow, max),
      child: (routeOptions) => wrap(redis.child(routeOptions), backup.child(routeOptions)),
    };
  };
  return wrap(primary, fallback);
}
