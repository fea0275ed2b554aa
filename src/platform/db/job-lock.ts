import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './database.ts';

export interface JobLock {
  release(): Promise<void>;
}

/** The first half of every job lock's PostgreSQL key ("medi"); the schema's setup lock (migrate.ts) is another. */
const jobLockClass = 0x6d65_6469;

/**
 * The lock of one periodic job (`name`: letters, digits, `-` and `_`), if no other process holds it: null when one
 * does, and the caller skips its turn rather than waiting. PostgreSQL: a session advisory lock keyed by the name,
 * held on one pooled connection until `release`. SQLite: an exclusive transaction on `<database>.<name>-lock`
 * beside the database file (the database's own write lock would stop every write while the job runs). The server,
 * or the operating system, drops either when the process holding it dies.
 */
export async function tryJobLock(db: Db, databaseUrl: string, name: string): Promise<JobLock | null> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(name)) throw new Error(`invalid job lock name ${name}`);
  if (db.dialect === 'postgres')
    return holdSessionLock(
      db,
      async (conn) => {
        const { rows } = await sql<{ taken: boolean }>`
          select pg_try_advisory_lock(${jobLockClass}, hashtext(${name})) as taken`.execute(conn);
        return rows[0]?.taken === true;
      },
      (conn) => sql`select pg_advisory_unlock(${jobLockClass}, hashtext(${name}))`.execute(conn),
    );
  const file = databaseUrl.replace(/^sqlite:/, '');
  // an in-memory database lives in one process only
  if (file === ':memory:') return { release: async () => {} };
  const lockFile = `${path.resolve(file)}.${name}-lock`;
  const { default: SQLite } = await import('better-sqlite3');
  // timeout 0: a lock another process holds is an answer, not something to wait for
  const lock = new SQLite(lockFile, { timeout: 0 });
  fs.chmodSync(lockFile, 0o600);
  try {
    lock.exec('begin exclusive');
  } catch (e) {
    lock.close();
    if (String((e as { code?: string }).code).startsWith('SQLITE_BUSY')) return null;
    throw e;
  }
  return {
    release: async () => {
      lock.exec('rollback');
      lock.close();
    },
  };
}

/**
 * A PostgreSQL session lock held on one pooled connection: `take` takes it there (false: not taken, and the
 * connection goes back at once), `release` gives it back with `untake` on the same connection and returns that.
 */
export function holdSessionLock(
  db: Db,
  take: (conn: Kysely<Database>) => Promise<boolean>,
  untake: (conn: Kysely<Database>) => Promise<unknown>,
): Promise<JobLock | null> {
  return new Promise((resolve, reject) => {
    const held = db.kysely.connection().execute(async (conn) => {
      if (!(await take(conn))) return resolve(null);
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      resolve({
        release: async () => {
          release();
          await held;
        },
      });
      await released;
      await untake(conn);
    });
    held.catch(reject);
  });
}
