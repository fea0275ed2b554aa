import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { countAll, openDatabase, type Db } from '../../../src/platform/db/database.ts';
import { createDatabase, engine } from '../helpers/test-app.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Two server processes started at the same moment on one fresh database with the demo on: they
 * migrate, create the admin and seed one after the other (src/platform/db/migrate.ts, lockSchema),
 * so neither answers its readiness check before the demo is complete, and the demo is written once.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

// the demo's own tables (the reminder poll may write its mails once a process serves)
const tournamentTables = ['competitions', 'tournaments', 'tournament_registrations', 'tournament_placements'] as const;
const demoTables = ['users', ...tournamentTables, 'news', 'products', 'badges', 'purchases'] as const;
async function demoCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of demoTables) {
    const { n } = await db.kysely.selectFrom(table).select(countAll().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return counts;
}

describe(`two processes starting together on a fresh database (${engine})`, () => {
  test('neither answers /api/health 200 before the demo is complete, and the demo exists once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-start-'));
    const database = await createDatabase(dataDir);
    const servers: ServerProcess[] = [];
    cleanup.push(async () => {
      for (const s of servers) await s.stop();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const ports = [await anyFreePort(), await anyFreePort()];

    // what the database holds when the first of the two answers ready
    let started = false;
    const firstReady = (async () => {
      while (!started) {
        for (const port of ports) {
          const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return withDb(database.url, demoCounts);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the servers were up before a readiness answer was seen');
    })();
    const env = { SEED_DEMO: 'true' };
    // the second waits for the first's whole setup: on a loaded machine both may take over 30 s
    const options = { databaseUrl: database.url, dataDir, env, readyWithinMs: 80_000 };
    const starting = ports.map((port) => startServer({ ...options, port }));
    const outcomes = await Promise.allSettled(starting);
    started = true;
    for (const s of outcomes) if (s.status === 'fulfilled') servers.push(s.value);
    expect(outcomes.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))).toEqual([]);
    const atFirstReady = await firstReady;

    const complete = await withDb(database.url, demoCounts);
    expect(atFirstReady).toEqual(complete);
    // the three demo accounts and the leaderboard's 24 players, once
    expect(complete.users).toBe(27);
    const names = await withDb(database.url, (db) => db.kysely.selectFrom('tournaments').select('name').execute());
    expect(new Set(names.map((n) => n.name)).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(0);
  });
});

async function withDb<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(url);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
