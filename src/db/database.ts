import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type DatabaseConnection, type Driver } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * The only place that knows which engine runs. Both drivers return the same JS types because
 * the schema keeps to portable column types: text ids and ISO-8601 timestamps, integers for
 * counts and 0/1 flags, JSON arrays as text.
 */
export async function openDatabase(url: string): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE || 10) });
    // A server restart or an admin's pg_terminate_backend kills idle connections; node-postgres then
    // emits 'error' on the pool (idle client) or on the client itself (one being closed), and an
    // unheard 'error' event ends the process. The pool replaces dead clients, so a warning is enough.
    const onIdleError = (err: Error) => console.warn(`postgres connection lost: ${err.message}`);
    pool.on('error', onIdleError);
    pool.on('connect', (client) => client.on('error', onIdleError));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer; busy_timeout queues writers instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
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
  const kysely = new Kysely<Database>({ dialect: new QueuedSqliteDialect({ database }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite dialect guards its one connection with a mutex whose release wakes every waiter
 * and lets whichever runs first take it, so a newcomer can overtake requests that have waited
 * long: in a rush of 2,000 check-ins the median answer took 19 ms and the slowest 1 % 1.9 s. This
 * dialect keeps the same rule, one holder from acquiring the connection to releasing it, with a
 * first-come first-served queue that hands the connection straight to the next waiter.
 */
class QueuedSqliteDialect extends SqliteDialect {
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
    const waiting: (() => void)[] = [];
    let held = false;
    return new Proxy(inner, {
      get(target, prop) {
        if (prop === 'acquireConnection')
          return async (options?: unknown) => {
            if (held) await new Promise<void>((resolve) => waiting.push(resolve));
            else held = true;
            return target.acquireConnection(options as never);
          };
        if (prop === 'releaseConnection')
          return async (connection: DatabaseConnection, options?: unknown) => {
            await target.releaseConnection(connection, options as never);
            const next = waiting.shift();
            if (next) next();
            else held = false;
          };
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/** COUNT(*) comes back as a string from PostgreSQL (int8); callers always get a number. */
export const countAll = () => sql<number>`cast(count(*) as integer)`;

export const nowIso = () => new Date().toISOString();

/** A unique or primary-key violation, on either engine. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint/.test(err?.message ?? '');
}

/** A foreign-key violation (the referenced row is gone), on either engine. */
export function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23503' || err?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint/.test(err?.message ?? '');
}
