import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './database.ts';

const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A read shared by every caller that asks for it (same database, same key) before it has begun.
 * A read that has not started yet will see every write committed before it starts, so each of
 * those callers gets rows at least as fresh as a read of its own would have given; one that has
 * started (it holds a connection) may miss a write and is never joined. When a whole field checks
 * in at once (2,000 players in seconds), each check-in used to read the same rows again: shared,
 * the reads of a burst cost a few dozen queries and a few dozen waits for a pooled connection.
 *
 * The read waits one turn of the event loop first, so the requests handled in this turn join it
 * (with the synchronous SQLite driver a read would otherwise run before the next request is even
 * parsed). Inside a transaction nothing is shared: its reads must see its own writes.
 */
export function sharedRead<T>(db: Kysely<Database>, key: string, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return read(db);
  let perDb = pending.get(db);
  if (!perDb) pending.set(db, (perDb = new Map()));
  const waiting = perDb.get(key);
  if (waiting) return waiting as Promise<T>;
  const started: Promise<T> = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
    db.connection().execute(async (connection) => {
      // from here on the read may miss a write: later callers start a read of their own
      if (perDb.get(key) === started) perDb.delete(key);
      return read(connection);
    }),
  );
  perDb.set(key, started);
  // a failed read must not stay shared
  started.catch(() => perDb.get(key) === started && perDb.delete(key));
  return started;
}

/**
 * sharedRead where what is saved is the round trip: on PostgreSQL every read of a burst queues for
 * one of a few pooled connections. On SQLite a small read is a function call on the one
 * connection, and sharing it would only make the requests of a burst wait for each other (each one
 * answered when the whole burst is), so it is read at once.
 */
export function sharedRoundTrip<T>(db: Db, key: string, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.dialect === 'postgres' ? sharedRead(db.kysely, key, read) : read(db.kysely);
}
