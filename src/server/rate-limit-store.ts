import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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
 * Expired rows are deleted by the hourly pruning (src/server/maintenance.ts).
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
        .then(({ rows: [row] }) => cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }), (err) => cb(err));
    }

    read(key: string, cb: Callback) {
      sql<{ count: number; ttl: number | string }>`
        select count, expires_at - ${nowMs} as ttl from rate_limits where key = ${this.prefix + key} and expires_at > ${nowMs}`
        .execute(db)
        .then(({ rows: [row] }) => cb(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }), (err) => cb(err));
    }

    child(routeOptions: RouteOptions) {
      const { method, url } = routeOptions.routeInfo ?? { method: String(routeOptions.method), url: routeOptions.url ?? '' };
      return new PostgresRateLimitStore(routeOptions, `${this.prefix}${method}${url}-`);
    }
  };
}

/** Deletes counters whose window has ended; run by the hourly pruning in every process (harmless). */
export async function pruneRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
