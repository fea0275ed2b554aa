import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { holding, locksRows } from '../../../src/platform/db/row-locks.ts';

/** A read that holds its rows says so on PostgreSQL, and stays plain SQL on SQLite, which has no row locks. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test('FOR SHARE and FOR UPDATE on PostgreSQL, nothing on SQLite, in a transaction or not', async () => {
  const { user } = await t.signupAndLogin();
  const db = t.db.kysely;
  const read = db.selectFrom('users').select('id');
  expect(locksRows(db)).toBe(engine === 'postgres');
  const suffix = (sql: string) => sql.slice(sql.lastIndexOf('"users"') + '"users"'.length).trim();
  expect(suffix(holding(db, read, 'share').compile().sql)).toBe(engine === 'postgres' ? 'for share' : '');
  expect(suffix(holding(db, read, 'update').compile().sql)).toBe(engine === 'postgres' ? 'for update' : '');
  await db.transaction().execute(async (trx) => {
    expect(locksRows(trx)).toBe(engine === 'postgres');
    const rows = await holding(trx, trx.selectFrom('users').select('id'), 'update').execute();
    expect(rows).toEqual([{ id: user.id }]);
  });
});
