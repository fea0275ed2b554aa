import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from '../../../src/platform/db/database.ts';
import { batchedRoundTrip, batchedWrite, sharedRead } from '../../../src/platform/db/shared-read.ts';
import type { Database } from '../../../src/platform/db/schema.ts';

/**
 * sharedRead (src/platform/db/shared-read.ts): the callers that ask before a read has begun share
 * it; one that asks after it began gets a read of its own, which sees what was written meanwhile.
 */
let db: Db;
beforeAll(async () => {
  db = await openDatabase('sqlite::memory:');
  await sql`create table counter (n integer not null)`.execute(db.kysely);
  await sql`insert into counter (n) values (1)`.execute(db.kysely);
});
afterAll(() => db?.close());

/** A read of the counter that counts how often it ran. */
function counting() {
  let runs = 0;
  const read = async (k: Kysely<Database>) => {
    runs++;
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(k);
    return rows[0]!.n;
  };
  return { read, runs: () => runs };
}
const write = (n: number) => sql`update counter set n = ${n}`.execute(db.kysely);

describe('sharedRead', () => {
  it('fifty callers in one turn share one read', async () => {
    const c = counting();
    const values = await Promise.all(Array.from({ length: 50 }, () => sharedRead(db.kysely, 'k', c.read)));
    expect(values).toEqual(Array(50).fill(1));
    expect(c.runs()).toBe(1);
  });

  it('a caller that comes after the read began reads again, and sees the write made meanwhile', async () => {
    const c = counting();
    const first = sharedRead(db.kysely, 'k', c.read);
    // the read begins on the next turn of the event loop: wait until it has run
    expect(await first).toBe(1);
    await write(2);
    expect(await sharedRead(db.kysely, 'k', c.read)).toBe(2);
    expect(c.runs()).toBe(2);
    await write(1);
  });

  it('different keys are different reads', async () => {
    const c = counting();
    await Promise.all([sharedRead(db.kysely, 'a', c.read), sharedRead(db.kysely, 'b', c.read)]);
    expect(c.runs()).toBe(2);
  });

  it('a failed read is not kept for the next caller', async () => {
    const failing = () => Promise.reject(new Error('down'));
    const results = await Promise.allSettled([
      sharedRead(db.kysely, 'k', failing),
      sharedRead(db.kysely, 'k', failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await sharedRead(db.kysely, 'k', counting().read)).toBe(1);
  });

  it('inside a transaction each read is its own and sees the transaction’s writes', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`update counter set n = 7`.execute(trx);
      const c = counting();
      expect(await Promise.all([sharedRead(trx, 'k', c.read), sharedRead(trx, 'k', c.read)])).toEqual([7, 7]);
      expect(c.runs()).toBe(2);
      await sql`update counter set n = 1`.execute(trx);
    });
  });

  it('while a read runs, the callers that come meanwhile share the next one, which starts when it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let runs = 0;
    const slow = async (k: Kysely<Database>) => {
      runs++;
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(k);
      if (runs === 1) await held;
      return rows[0]!.n;
    };
    const first = sharedRead(db.kysely, 'gate', slow);
    // let the first read begin (and hold it)
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBe(1);
    const later = [sharedRead(db.kysely, 'gate', slow), sharedRead(db.kysely, 'gate', slow)];
    await new Promise((r) => setTimeout(r, 20));
    // the next read waits for the running one
    expect(runs).toBe(1);
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([1, 1]);
    expect(runs).toBe(2);
  });
});

describe('batchedRoundTrip', () => {
  const double = (seen: number[][]) => async (_k: Kysely<Database>, items: number[]) => (
    seen.push([...items]),
    items.map((i) => i * 2)
  );

  // on SQLite too: building and running a statement costs more than its lookups
  it('the callers of one turn share one run, on SQLite too, and each gets the whole result', async () => {
    const seen: number[][] = [];
    expect(await Promise.all([1, 2, 3].map((i) => batchedRoundTrip(db, 'b', i, double(seen))))).toEqual(
      Array(3).fill([2, 4, 6]),
    );
    expect(seen).toEqual([[1, 2, 3]]);
  });

  // another key, or a batch already holding `max` items, makes another batch
  it('a caller after the run began gets a run of its own', async () => {
    const seen: number[][] = [];
    await batchedRoundTrip(db, 'b', 1, double(seen));
    await batchedRoundTrip(db, 'b', 2, double(seen));
    await Promise.all([batchedRoundTrip(db, 'x', 3, double(seen)), batchedRoundTrip(db, 'y', 4, double(seen))]);
    await Promise.all([5, 6, 7].map((i) => batchedRoundTrip(db, 'm', i, double(seen), 2)));
    expect(seen).toEqual([[1], [2], [3], [4], [5, 6], [7]]);
  });

  it('inside a transaction each caller runs alone, on the transaction', async () => {
    const seen: number[][] = [];
    await db.kysely
      .transaction()
      .execute((trx) => Promise.all([1, 2].map((i) => batchedRoundTrip({ ...db, kysely: trx }, 'b', i, double(seen)))));
    expect(seen).toEqual([[1], [2]]);
  });
});

describe('batchedWrite', () => {
  /** A write that records which path took each item: alone, or in a batch (which fails when told to). */
  function writes(log: string[], failBatch = false) {
    return (item: number) => ({
      one: async () => (log.push(`one ${item}`), item > 0),
      many: async (_k: Kysely<Database>, items: number[]) => {
        log.push(`many ${items.join(',')}`);
        if (failBatch) throw new Error('deadlock');
        return new Set(items.filter((i) => i > 0));
      },
      mine: (changed: Set<number>) => changed.has(item),
    });
  }

  it('on PostgreSQL the writes of one turn share one statement and each learns its own outcome', async () => {
    const log: string[] = [];
    const postgres = { ...db, dialect: 'postgres' as const };
    const outcomes = await Promise.all([1, -2, 3].map((i) => batchedWrite(postgres, 'w', i, writes(log)(i), () => {})));
    expect(outcomes).toEqual([true, false, true]);
    expect(log).toEqual(['many 1,-2,3']);
  });

  it('a failed batch is heard once and each item is written on its own', async () => {
    const log: string[] = [];
    const failures: unknown[] = [];
    const postgres = { ...db, dialect: 'postgres' as const };
    const outcomes = await Promise.all(
      [1, 2].map((i) => batchedWrite(postgres, 'f', i, writes(log, true)(i), (err) => failures.push(err))),
    );
    expect(outcomes).toEqual([true, true]);
    expect(log).toEqual(['many 1,2', 'one 1', 'one 2']);
    expect(failures).toHaveLength(1);
  });

  it('on SQLite, and inside a transaction, each item is written on its own at once', async () => {
    const log: string[] = [];
    await Promise.all([1, 2].map((i) => batchedWrite(db, 's', i, writes(log)(i), () => {})));
    await db.kysely
      .transaction()
      .execute((trx) => batchedWrite({ ...db, kysely: trx, dialect: 'postgres' }, 't', 3, writes(log)(3), () => {}));
    expect(log).toEqual(['one 1', 'one 2', 'one 3']);
  });
});
