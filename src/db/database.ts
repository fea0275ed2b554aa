import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
  // One connection, and Kysely's SQLite adapter declares it cannot have more, so its runtime driver
  // holds a mutex from acquiring the connection to releasing it: a transaction owns the connection
  // from BEGIN to COMMIT and every other query, in a transaction or not, waits its turn. Concurrent
  // joins therefore never interleave inside one another's transaction (tests/api/tournament-
  // concurrency.test.ts proves it with 200 at once). Inside a transaction, use only its `trx`.
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
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
