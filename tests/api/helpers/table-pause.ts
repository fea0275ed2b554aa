import pg from 'pg';
import { afterEach, expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * PostgreSQL interleavings made deterministic: another connection holds a whole table, so the work that needs it
 * stops there, inside its transaction, until the test lets it go. Call once per file (or describe): every table
 * still held is let go after each test, even one that failed half-way, so the next starts with nothing held.
 */
export function tablePauses(app: () => TestApp) {
  const held = new Set<pg.Client>();
  afterEach(async () => {
    for (const client of held) await client.end();
    held.clear();
  });
  /**
   * Holds `table` until `release`; counts who waits on a lock meanwhile. `writesOnly`: its reads go on, and only
   * what writes to it stops (SHARE mode), for work paused after the reads another request makes first.
   */
  return async function pauseAt(table: string, { writesOnly = false } = {}) {
    const client = new pg.Client({ connectionString: app().config.databaseUrl });
    await client.connect();
    held.add(client);
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN ${writesOnly ? 'SHARE' : 'ACCESS EXCLUSIVE'} MODE`);
    const waiting = async () => {
      // the activity view is read once per transaction unless its snapshot is cleared
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and ' +
          "wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      return rows[0].n;
    };
    return {
      /** a query by the connection that holds the table (the only one that can read it meanwhile) */
      async read<R extends object>(text: string, values: unknown[] = []): Promise<R[]> {
        return (await client.query<R>(text, values)).rows;
      },
      /** until `n` connections wait on a lock, or `settled` says the work did not need to */
      async untilWaiting(n: number, settled: () => boolean) {
        for (let i = 0; i < 300 && !settled() && (await waiting()) < n; i++)
          await new Promise((r) => setTimeout(r, 10));
        return waiting();
      },
      async release() {
        held.delete(client);
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  };
}

/** The promise, and whether it has settled yet. */
export function watched<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.finally(() => (state.settled = true)).catch(() => {});
  return state;
}

/**
 * `first` holds the tournament, waiting at its audit entry, until `second` waits behind it; then both go on: the
 * second of two writes under the tournament's lock sees what the first wrote.
 */
export async function oneAfterTheOther<A, B>(
  pauseAt: ReturnType<typeof tablePauses>,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const pause = await pauseAt('audit_log', { writesOnly: true });
  const a = watched(first());
  expect(await pause.untilWaiting(1, () => a.settled)).toBe(1);
  const b = watched(second());
  expect(await pause.untilWaiting(2, () => b.settled)).toBe(2);
  await pause.release();
  return [await a.promise, await b.promise];
}
