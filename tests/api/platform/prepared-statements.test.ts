import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, transaction, type Db } from '../../../src/platform/db/database.ts';
import type { Database } from '../../../src/platform/db/schema.ts';
import { createDatabase, engine } from '../helpers/test-app.ts';

/**
 * Statements are prepared once per connection and reused (src/platform/db/database.ts): the same
 * text keeps giving fresh answers for new values, a failing run leaves the statement and the
 * connection usable, and on PostgreSQL at most 500 texts stay prepared on a connection, and a
 * table changed by another process does not break the prepared statements that read it.
 */
let db: Db;
let drop: () => Promise<void>;
let url: string;
let tmp: string;
/** A pool of one connection, so what one query prepared is seen by the next. */
async function openOneConnection(): Promise<Db> {
  const poolSize = process.env.PG_POOL_SIZE;
  process.env.PG_POOL_SIZE = '1';
  try {
    return await openDatabase(url);
  } finally {
    if (poolSize === undefined) delete process.env.PG_POOL_SIZE;
    else process.env.PG_POOL_SIZE = poolSize;
  }
}

/** A change of schema made by another process, as a newer release's migration would. */
async function alterElsewhere(statement: string) {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query(statement);
  } finally {
    await other.end();
  }
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-prepared-'));
  const database = await createDatabase(tmp);
  drop = database.drop;
  url = database.url;
  db = await openOneConnection();
  await sql`create table items (id integer primary key, name text not null)`.execute(db.kysely);
});
afterAll(async () => {
  await db?.close();
  await drop?.();
  await fs.rm(tmp, { recursive: true, force: true });
});

const byId = (id: number) =>
  db.kysely
    .selectFrom('items' as never)
    .select(['name' as never])
    .where('id' as never, '=', id as never)
    .executeTakeFirst() as Promise<{ name: string } | undefined>;

const all = (id: number) =>
  db.kysely
    .selectFrom('items' as never)
    .selectAll()
    .where('id' as never, '=', id as never)
    .executeTakeFirst();

describe('one statement text run many times', () => {
  test('each run sees its own values and the writes made before it', async () => {
    for (let i = 1; i <= 20; i++) {
      await db.kysely
        .insertInto('items' as never)
        .values({ id: i, name: `n${i}` } as never)
        .execute();
      expect(await byId(i)).toEqual({ name: `n${i}` });
    }
    await db.kysely
      .updateTable('items' as never)
      .set({ name: 'renamed' } as never)
      .where('id' as never, '=', 3 as never)
      .execute();
    expect(await byId(3)).toEqual({ name: 'renamed' });
    expect(await byId(99)).toBeUndefined();
  });

  test('a run that fails (a duplicate key) leaves the statement and the connection usable', async () => {
    const insert = (id: number) =>
      db.kysely
        .insertInto('items' as never)
        .values({ id, name: 'x' } as never)
        .execute();
    await expect(insert(1)).rejects.toThrow();
    await insert(100);
    expect(await byId(100)).toEqual({ name: 'x' });
  });

  test('a transaction still commits and rolls back', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('items' as never)
        .values({ id: 200, name: 'kept' } as never)
        .execute();
    });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('items' as never)
          .values({ id: 201, name: 'dropped' } as never)
          .execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await byId(200)).toEqual({ name: 'kept' });
    expect(await byId(201)).toBeUndefined();
  });
});

if (engine === 'postgres')
  describe('PostgreSQL', () => {
    const prepared = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)).rows.map(
        (r) => r.statement,
      );

    test('a data statement is prepared on the connection once and reused', async () => {
      await byId(1);
      await byId(2);
      // (prepared here, before the cap is reached, for the last test)
      expect(await all(1)).toEqual({ id: 1, name: 'n1' });
      const texts = await prepared();
      const lookups = texts.filter((s) => s.startsWith('select "name" from "items" where "id" = $1'));
      expect(lookups).toHaveLength(1);
    });

    test('transaction control is not prepared, and at most 500 texts are', async () => {
      for (let n = 1; n <= 520; n++) {
        const values = Array.from({ length: n }, (_, i) => i);
        await db.kysely
          .selectFrom('items' as never)
          .select(['id' as never])
          .where('id' as never, 'in', values as never)
          .execute();
      }
      // the list still answers past the cap (run unprepared)
      const rows = await db.kysely
        .selectFrom('items' as never)
        .select(['id' as never])
        .where('id' as never, 'in', Array.from({ length: 600 }, (_, i) => i) as never)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const texts = await prepared();
      expect(texts.length).toBeLessThanOrEqual(500);
      expect(texts.length).toBeGreaterThan(400);
      expect(texts.some((s) => /^\s*(begin|commit|rollback)/i.test(s))).toBe(false);
    });

    // it answers unprepared, and nothing more is prepared (last: it stops the preparing for the rest of this pool)
    test("a column added by another process's migration: the prepared `select *` answers again", async () => {
      await alterElsewhere('alter table items add column extra text');
      expect(await all(1)).toEqual({ id: 1, name: 'n1', extra: null });
      const before = (await prepared()).length;
      await db.kysely
        .selectFrom('items' as never)
        .select(['extra' as never])
        .where('id' as never, '=', 2 as never)
        .execute();
      expect((await prepared()).length).toBe(before);
    });
  });

if (engine === 'postgres')
  test("a transaction that meets a statement prepared before another process's migration reruns whole", async () => {
    // a pool of its own, still preparing (the test above stopped the other one)
    const fresh = await openOneConnection();
    try {
      await sql`create table entries (id integer primary key, note text not null)`.execute(fresh.kysely);
      const everything = (db: Kysely<Database>) =>
        db
          .selectFrom('entries' as never)
          .selectAll()
          .execute();
      const insert = (db: Kysely<Database>, id: number) =>
        db
          .insertInto('entries' as never)
          .values({ id, note: `e${id}` } as never)
          .execute();
      await transaction(fresh.kysely, async (trx) => {
        await insert(trx, 1);
        expect(await everything(trx)).toEqual([{ id: 1, note: 'e1' }]);
      });

      await alterElsewhere('alter table entries add column extra text');
      let runs = 0;
      const seen = await transaction(fresh.kysely, async (trx) => {
        runs++;
        await insert(trx, 2);
        return everything(trx);
      });
      // the first run was rolled back whole, so the second inserted the row again without a duplicate
      expect(runs).toBe(2);
      expect(seen).toEqual([
        { id: 1, note: 'e1', extra: null },
        { id: 2, note: 'e2', extra: null },
      ]);
      expect(await everything(fresh.kysely)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
