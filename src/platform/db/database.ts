import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** How long the database may keep a request waiting (src/platform/http/config.ts reads them from the environment). */
export interface DbTimeouts {
  dbConnectTimeoutMs: number;
  dbPoolTimeoutMs: number;
  dbStatementTimeoutMs: number;
  dbIdleInTransactionTimeoutMs: number;
  dbBusyTimeoutMs: number;
}
const defaultTimeouts: DbTimeouts = {
  dbConnectTimeoutMs: 3000,
  dbPoolTimeoutMs: 10_000,
  dbStatementTimeoutMs: 5000,
  dbIdleInTransactionTimeoutMs: 10_000,
  dbBusyTimeoutMs: 1000,
};

/**
 * SQLite's own busy wait blocks the event loop (better-sqlite3 is synchronous), so it is kept this
 * short; longer waits for another process's write lock are retried without blocking (retryBusy).
 */
const SQLITE_BLOCKING_BUSY_MS = 20;
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** How busy the connections are right now (read by /metrics at scrape time, src/platform/http/metrics.ts). */
  pool(): PoolStats;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the pool's connections (`max` at most) and the requests waiting for one. SQLite: its
 * one connection, held by one user at a time, and the queue of those waiting their turn.
 */
export interface PoolStats {
  max: number;
  /** connections open now */
  total: number;
  /** open and not lent to anyone */
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
}

/**
 * The only place that knows which engine runs. Both drivers return the same JS types because
 * the schema keeps to portable column types: text ids and ISO-8601 timestamps, integers for
 * counts and 0/1 flags, JSON arrays as text.
 */
export async function openDatabase(url: string, timeouts: Partial<DbTimeouts> = {}): Promise<Db> {
  const limits = { ...defaultTimeouts, ...timeouts };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    const max = Number(process.env.PG_POOL_SIZE || 10);
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // Without these a database that accepts connections but never answers, or a lock held for
      // a minute, kept requests waiting for minutes. Opening a connection gets this long; waiting
      // for a free one is bounded separately (slots below), so a burst may queue longer.
      connectionTimeoutMillis: limits.dbConnectTimeoutMs,
      // the server cancels a statement (lock waits included) after this...
      statement_timeout: limits.dbStatementTimeoutMs,
      // ...and the client stops waiting a little later, for a server that cannot answer at all
      query_timeout: limits.dbStatementTimeoutMs + 1000,
      // a transaction whose process froze must not keep its row locks
      idle_in_transaction_session_timeout: limits.dbIdleInTransactionTimeoutMs,
      keepAlive: true,
    });
    // A server restart or an admin's pg_terminate_backend kills idle connections; node-postgres then
    // emits 'error' on the pool (idle client) or on the client itself (one being closed), and an
    // unheard 'error' event ends the process. The pool replaces dead clients, so a warning is enough.
    const onIdleError = (err: Error) => console.warn(`postgres connection lost: ${err.message}`);
    pool.on('error', onIdleError);
    pool.on('connect', (client) => client.on('error', onIdleError));
    // Waiting for a free connection: up to DB_POOL_TIMEOUT_MS while the database works (a burst
    // of 200 requests queues for its 10 connections), but as soon as a connection fails to open
    // or stops answering, everyone waiting gets that failure at once (a 503) instead of each
    // waiting out its own connect timeout in turn.
    const slots = poolSlots(max, limits.dbPoolTimeoutMs);
    // A client whose query timed out on the client side, or whose socket failed, is out of step
    // with its server: it fails fast from then on and is destroyed on release, never reused.
    // One guard per client, so Kysely's own per-client connection cache keeps working.
    const guards = new WeakMap<object, ReturnType<typeof guard>>();
    const guard = (client: InstanceType<typeof pg.Client> & { release(err?: Error | boolean): void }) => {
      let broken: Error | undefined;
      return {
        get processID() {
          return (client as unknown as { processID?: number }).processID;
        },
        query(...args: unknown[]) {
          if (broken) return Promise.reject(broken);
          const run = client.query as (...a: unknown[]) => Promise<unknown>;
          const named = typeof args[0] === 'string' ? preparedName(args[0]) : undefined;
          const ran = named
            ? run
                .call(client, { name: named, text: args[0], values: args[1] })
                .catch((e: unknown) => unprepared(e, () => run.apply(client, args)))
            : run.apply(client, args);
          return ran.catch((e: unknown) => {
            if (!(e instanceof pg.DatabaseError)) {
              broken = e as Error;
              slots.failWaiting(broken);
            }
            throw e;
          });
        },
        release(destroy?: boolean) {
          client.release(broken ?? (destroy ? true : undefined));
          if (broken) guards.delete(client);
          slots.release();
        },
      };
    };
    // Each query used to be parsed and planned anew by the server. A data statement now runs as a
    // named prepared statement: parsed once per connection, then only bound and executed (the
    // session lookup of every authenticated request, timed in a loop on one connection: about a
    // quarter of the time to three quarters less). The same few hundred texts recur; the cap
    // bounds what generated texts (`in ($1, …, $n)` of any length) can leave on each connection.
    // A migration run by a newer process during a rolling restart can change a table's columns
    // under this one: its prepared `select *` then fails ("cached plan must not change result
    // type", 0A000). That query is run again unprepared and this process prepares nothing more (it
    // is about to be replaced). Inside a transaction the failure has already aborted it, so the stale
    // plan's error goes up and `transaction` runs the whole transaction again.
    let preparing = true;
    const unprepared = (e: unknown, again: () => Promise<unknown>) => {
      if (!isStalePlan(e)) throw e;
      preparing = false;
      return again().catch((retried: unknown) => {
        // 25P02: the transaction this query ran in was aborted by the first try
        throw retried instanceof pg.DatabaseError && retried.code === '25P02' ? e : retried;
      });
    };
    const names = new Map<string, string>();
    const preparedName = (text: string): string | undefined => {
      if (!preparing) return undefined;
      let name = names.get(text);
      if (name === undefined && names.size < 500 && /^\s*(select|insert|update|delete|with)\b/i.test(text))
        names.set(text, (name = `k${names.size}`));
      return name;
    };
    const guardedPool = {
      options: pool.options,
      Client: pg.Client,
      async connect() {
        await slots.acquire();
        let client;
        try {
          client = await pool.connect();
        } catch (e) {
          // the waiters first: the freed slot must not start another doomed connect
          slots.failWaiting(e as Error);
          slots.release();
          throw e;
        }
        let guarded = guards.get(client);
        if (!guarded) guards.set(client, (guarded = guard(client)));
        return guarded;
      },
      end: () => pool.end(),
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool as never }) });
    // a request waits in `slots` (bounded) before it asks the pool, so pg's own queue stays short
    const stats = () => ({
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: slots.waiting() + pool.waitingCount,
    });
    return { kysely, dialect: 'postgres', pool: stats, close: () => kysely.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  const { default: SQLite } = await import('better-sqlite3');
  // private to the server's user whatever its umask (DATA_DIR, the database, its logs): a folder
  // made here is 0700, and the files are set to 0600 once WAL mode has made the logs
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer. busy_timeout is SQLite's blocking wait for
  // another process's write lock: kept to a few ms, the rest of the wait is retried asynchronously.
  sqlite.pragma('journal_mode = WAL');
  if (file !== ':memory:') {
    for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.chmodSync(file + suffix, 0o600);
  }
  sqlite.pragma(`busy_timeout = ${SQLITE_BLOCKING_BUSY_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // One connection, held by one user at a time from acquiring it to releasing it (a first-come
  // first-served queue, QueuedSqliteDialect below): a transaction owns the connection
  // from BEGIN to COMMIT and every other query, in a transaction or not, waits its turn. Concurrent
  // joins therefore never interleave inside one another's transaction (tests/api/tournament-
  // concurrency.test.ts proves it with 200 at once). Inside a transaction, use only its `trx`.
  // Kysely prepares every query anew, and preparing (parsing and planning the SQL) cost a quarter
  // of the CPU of a list request. The same few hundred statements recur, so each is prepared once
  // and reused; better-sqlite3 runs a statement to completion synchronously, so sharing is safe
  // (streaming with iterate() is the one exception, and nothing here streams).
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const database = {
    close: () => sqlite.close(),
    prepare(statement: string) {
      let prepared = statements.get(statement);
      if (!prepared) {
        // `in (?, ?, …)` lists make distinct texts; the cap bounds what they can pile up
        if (statements.size >= 1000) statements.clear();
        prepared = sqlite.prepare(statement);
        statements.set(statement, prepared);
      }
      return prepared;
    },
  };
  const dialect = new QueuedSqliteDialect(
    { database },
    { busyBudgetMs: limits.dbBusyTimeoutMs, inTransaction: () => sqlite.inTransaction },
  );
  const kysely = new Kysely<Database>({ dialect });
  const stats = () => ({ max: 1, total: 1, idle: dialect.queue.held ? 0 : 1, waiting: dialect.queue.waiting.length });
  return { kysely, dialect: 'sqlite', pool: stats, close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite dialect guards its one connection with a mutex whose release wakes every waiter
 * and lets whichever runs first take it, so a newcomer can overtake requests that have waited
 * long: in a rush of 2,000 check-ins the median answer took 19 ms and the slowest 1 % 1.9 s. This
 * dialect keeps the same rule, one holder from acquiring the connection to releasing it, with a
 * first-come first-served queue that hands the connection straight to the next waiter.
 */
class QueuedSqliteDialect extends SqliteDialect {
  readonly #busy: BusyRetry;
  /** who holds the connection, and who waits for it (also read by Db.pool) */
  readonly queue = { held: false, waiting: [] as (() => void)[] };
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], busy: BusyRetry) {
    super(config);
    this.#busy = busy;
  }

  override createAdapter() {
    // Kysely adds its own mutex only for adapters without several connections: the driver below
    // serialises instead
    return new (class extends SqliteAdapter {
      override get supportsMultipleConnections() {
        return true;
      }
    })();
  }

  override createDriver(): Driver {
    const inner = super.createDriver();
    const busy = this.#busy;
    const queue = this.queue;
    return new Proxy(inner, {
      get(target, prop) {
        if (prop === 'acquireConnection')
          return async (options?: unknown) => {
            if (queue.held) await new Promise<void>((resolve) => queue.waiting.push(resolve));
            else queue.held = true;
            const connection = await target.acquireConnection(options as never);
            // begin, commit and every statement go through executeQuery: each may meet the lock
            return new Proxy(connection, {
              get(c, p) {
                if (p === 'executeQuery') return (query: never) => retryBusy(() => c.executeQuery(query), busy);
                const value = Reflect.get(c, p);
                return typeof value === 'function' ? value.bind(c) : value;
              },
            });
          };
        if (prop === 'releaseConnection')
          return async (connection: DatabaseConnection, options?: unknown) => {
            await target.releaseConnection(connection, options as never);
            const next = queue.waiting.shift();
            if (next) next();
            else queue.held = false;
          };
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/** A counting semaphore over the pool's connections, with a bounded wait. */
function poolSlots(size: number, timeoutMs: number) {
  let free = size;
  const waiting: { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = [];
  return {
    acquire(): Promise<void> {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          resolve: () => (clearTimeout(waiter.timer), resolve()),
          reject: (e: Error) => (clearTimeout(waiter.timer), reject(e)),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(new Error('timeout exceeded when trying to connect'));
          }, timeoutMs),
        };
        waiting.push(waiter);
      });
    },
    release() {
      const next = waiting.shift();
      if (next) next.resolve();
      else free++;
    },
    failWaiting(e: Error) {
      for (const waiter of waiting.splice(0)) waiter.reject(e);
    },
    waiting: () => waiting.length,
  };
}

interface BusyRetry {
  busyBudgetMs: number;
  inTransaction: () => boolean;
}

const isSqliteBusy = (e: unknown) => /^SQLITE_BUSY(_RECOVERY|_TIMEOUT)?$/.test(String((e as { code?: string })?.code));

/**
 * Retries a statement refused because another process holds the write lock, yielding the event
 * loop between tries, for at most `busyBudgetMs`; then the SQLITE_BUSY error stands (a 503).
 * In WAL mode a refused statement leaves its transaction open, so retrying it is what a longer
 * busy_timeout would have done; if SQLite rolled the transaction back, the error stands at once.
 */
async function retryBusy<T>(run: () => Promise<T>, { busyBudgetMs, inTransaction }: BusyRetry): Promise<T> {
  const deadline = Date.now() + busyBudgetMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
    const wasInTransaction = inTransaction();
    try {
      return await run();
    } catch (e) {
      if (!isSqliteBusy(e) || Date.now() + pause > deadline || (wasInTransaction && !inTransaction())) throw e;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

// the drivers' messages for a timeout or a lost connection, where the error carries no code
const unavailableMessage =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|not queryable|Connection timeout/i;

/**
 * The database is slow, locked or unreachable (not the request's fault): a timeout, a lock wait
 * cut short, a lost connection, SQLite's write lock held by another process. Answered 503.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  // query_canceled (statement_timeout), lock_not_available, idle-in-transaction timeout, server
  // shutting down, too many connections / out of resources, connection exceptions, and the
  // serialisation failures a retry resolves
  if (/^(57014|55P03|25P03|57P0\d|53\d{3}|08\d{3}|40001|40P01)$/.test(code)) return true;
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND)$/.test(code)) return true;
  return unavailableMessage.test(String(err?.message ?? ''));
}

/** COUNT(*) comes back as a string from PostgreSQL (int8); callers always get a number. */
export const countAll = () => sql<number>`cast(count(*) as integer)`;

export const nowIso = () => new Date().toISOString();

/**
 * A clock of its own for one table's rows: now, but always at least a millisecond after the last
 * time it gave, so rows this process writes in the same millisecond still order as they came.
 */
export function monotonicTimestamps(): () => string {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last).toISOString();
  };
}

/** A unique or primary-key violation, on either engine. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err?.code === '23505' ||
    err?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint/.test(err?.message ?? '')
  );
}

/** A foreign-key violation (the referenced row is gone), on either engine. */
export function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err?.code === '23503' ||
    err?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    /FOREIGN KEY constraint/.test(err?.message ?? '')
  );
}

/**
 * A PostgreSQL statement prepared before another process changed its table's columns (a migration during a
 * rolling restart): the server refuses to run the old plan.
 */
function isStalePlan(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  return err?.code === '0A000' && /cached plan/.test(String(err.message));
}

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one: a service's write
 * and its audit entry, or a repository's several statements, commit together whoever calls them.
 * A transaction that met a stale prepared statement was rolled back whole; it runs once more, by then
 * with nothing prepared.
 */
export async function transaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  try {
    return await db.transaction().execute(work);
  } catch (e) {
    if (!isStalePlan(e)) throw e;
    return db.transaction().execute(work);
  }
}
