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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** COUNT(*) comes back as a string from PostgreSQL (int8); callers always get a number. */
export const countAll = () => sql<number>`cast(count(*) as integer)`;

export const nowIso = () => new Date().toISOString();
