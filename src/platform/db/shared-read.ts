import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './database.ts';

const pending = new WeakMap<object, Map<string, Promise<unknown>>>();
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

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
 * parsed); while a read of the same key is running, the next one waits for it to end, so every
 * caller asking meanwhile joins that next read (a steady stream of check-ins, each read of 2,000
 * registrations, used to start one read per turn). Inside a transaction nothing is shared: its
 * reads must see its own writes.
 */
export function sharedRead<T>(
  db: Kysely<Database>,
  key: string,
  read: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return read(db);
  let perDb = pending.get(db);
  if (!perDb) pending.set(db, (perDb = new Map()));
  const waiting = perDb.get(key);
  if (waiting) return waiting as Promise<T>;
  let busy = running.get(db);
  if (!busy) running.set(db, (busy = new Map()));
  const before = busy.get(key);
  const gate = before ? before.then(noop, noop) : new Promise<void>((resolve) => setImmediate(resolve));
  const started: Promise<T> = gate.then(() =>
    db.connection().execute(async (connection) => {
      // from here on the read may miss a write: later callers start a read of their own
      if (perDb.get(key) === started) perDb.delete(key);
      busy.set(key, started);
      return read(connection);
    }),
  );
  perDb.set(key, started);
  // a failed read must not stay shared
  started.catch(noop).finally(() => {
    if (perDb.get(key) === started) perDb.delete(key);
    if (busy.get(key) === started) busy.delete(key);
  });
  return started;
}

const noop = () => {};

/**
 * sharedRead where what is saved is the round trip: on PostgreSQL every read of a burst queues for
 * one of a few pooled connections. On SQLite a small read is a function call on the one
 * connection, and sharing it would only make the requests of a burst wait for each other (each one
 * answered when the whole burst is), so it is read at once.
 */
export function sharedRoundTrip<T>(db: Db, key: string, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.dialect === 'postgres' ? sharedRead(db.kysely, key, read) : read(db.kysely);
}

const batches = new WeakMap<object, Map<string, { items: unknown[]; done: Promise<unknown> }>>();
const batchesRunning = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One statement for the requests of a turn of the event loop that each need the same kind of round
 * trip for their own key (a session's lookup by token, say): `run` gets every item
 * asked for before the statement starts (at most `max`) and each caller gets its whole result and
 * takes its own part. In a check-in rush each of 2,000 requests otherwise queued for one of a few
 * pooled connections for a one-row query of its own; that queue, not the query, was the wait. As
 * with sharedRead, the statement starts after every caller asked, so each sees every write
 * committed before it asked; while one runs, the next waits for it (as in sharedRead). Inside a
 * transaction each runs on its own.
 *
 * On SQLite too: there a statement is a function call on the one connection, but building,
 * compiling and running one costs far more than the lookups in it. A player's "my tournaments"
 * request, a session lookup and a page read each, went from 1,800 to 7,000 requests/s with 100
 * clients once the requests of a turn shared their statements, and its p99 from 105 to 40 ms.
 */
export function batchedRoundTrip<I, R>(
  db: Db,
  name: string,
  item: I,
  run: (db: Kysely<Database>, items: I[]) => Promise<R>,
  max = 500,
): Promise<R> {
  const k = db.kysely;
  if (k.isTransaction) return run(k, [item]);
  let perDb = batches.get(k);
  if (!perDb) batches.set(k, (perDb = new Map()));
  let batch = perDb.get(name);
  if (!batch || batch.items.length >= max) {
    const items: I[] = [];
    let busy = batchesRunning.get(k);
    if (!busy) batchesRunning.set(k, (busy = new Map()));
    const before = busy.get(name);
    const gate = before ? before.then(noop, noop) : new Promise<void>((resolve) => setImmediate(resolve));
    const done: Promise<R> = gate.then(() => {
      // from here on later callers start a batch of their own
      if (perDb.get(name)?.done === done) perDb.delete(name);
      busy.set(name, done);
      return run(k, items);
    });
    done.catch(noop).finally(() => busy.get(name) === done && busy.delete(name));
    batch = { items, done };
    perDb.set(name, batch);
  }
  batch.items.push(item);
  return batch.done as Promise<R>;
}

/** How to write one item on its own, a batch of them, and find one item's outcome in the batch's. */
export interface BatchedWrite<I, T, R> {
  one: (db: Kysely<Database>) => Promise<T>;
  many: (db: Kysely<Database>, items: I[]) => Promise<R>;
  mine: (all: R) => T;
}

/**
 * A write that, on PostgreSQL, shares one statement with the writes of the same `name` made in the same
 * turn of the event loop (batchedRoundTrip): one round trip and one commit for a burst. If the shared
 * statement fails (a deadlock with another batch holding the same row, say), `failed` hears why and each
 * item is written on its own. On SQLite, whose writes run in-process on its one connection, a batch would
 * only hold each write until its whole burst is written; there, and inside a transaction, the item is
 * written on its own at once.
 */
export async function batchedWrite<I, T, R>(
  db: Db,
  name: string,
  item: I,
  write: BatchedWrite<I, T, R>,
  failed: (err: unknown) => void,
): Promise<T> {
  if (db.kysely.isTransaction || db.dialect !== 'postgres') return write.one(db.kysely);
  const all = await batchedRoundTrip(db, name, item, (k, items) =>
    write.many(k, items).then(
      (r): { r: R } => ({ r }),
      (err: unknown) => {
        failed(err);
        return null;
      },
    ),
  );
  return all ? write.mine(all.r) : write.one(db.kysely);
}
