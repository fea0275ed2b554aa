import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDatabase, createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, auditLedger, rewardsApi } from '../helpers/rewards.ts';
import { anyFreePort, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { openDatabase, type Db } from '../../../src/platform/db/database.ts';
import {
  backupDatabase,
  DatabaseInUse,
  listBackups,
  resolveBackup,
  restoreDatabase,
} from '../../../src/platform/db/backup.ts';

/**
 * `npm run backup` / `npm run restore` (src/platform/db/backup.ts) on this run's engine: a backup
 * taken while a real server process sells products is a consistent state of the ledger once
 * restored into a database of its own.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestApp;
let server: ServerProcess;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  server = await startServer({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    port: await anyFreePort(),
    env: { RATE_LIMITS: 'false' },
  });
});
afterAll(async () => {
  await server?.crash();
  for (const step of cleanup.reverse()) await step();
  await t?.close();
});

const backupDir = () => path.join(t.config.dataDir, 'backups');
const count = async (db: Db, table: 'purchases' | 'wallet_transactions', type?: string) => {
  let q = db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (type) q = q.where('type' as never, '=', type as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** An empty database of this engine for the restore, dropped at the end. */
async function freshDatabase(): Promise<string> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-restore-'));
  const database = await createDatabase(tmp);
  cleanup.push(async () => {
    await database.drop();
    await fs.rm(tmp, { recursive: true, force: true });
  });
  return database.url;
}

describe(`backup and restore (${engine})`, () => {
  test('a backup taken during a purchase storm restores into a fresh database whose ledger balances', async () => {
    const [admin] = await accounts(t, 1, { admin: true });
    const api = rewardsApi(t, admin.token);
    // one purchase per player and product: 40 × 20 possible, far more than the storm needs
    const products = await Promise.all(Array.from({ length: 20 }, () => api.product({ price: 100, quantity: 1000 })));
    const players = await accounts(t, 40);
    for (const p of players) await api.credit(p.id, 2000);
    const queue = players.flatMap((p) =>
      products.map(
        (product) => () =>
          httpCall(server.url, 'POST', '/api/marketplace/purchases', {
            token: p.token,
            body: { productId: product._id, shippingAddress: address },
          }),
      ),
    );
    queue.sort(() => Math.random() - 0.5);

    // 16 clients buying without pause; the backup starts once 40 purchases are answered, and the
    // storm goes on until 40 more have been answered after it finished (or all 800 are sold)
    let answered = 0;
    let afterBackup = 0;
    let backupDone = false;
    let backup: Promise<string> | undefined;
    const results: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let next = queue.pop(); next && (!backupDone || afterBackup < 40); next = queue.pop()) {
          results.push((await next()).status);
          if (backupDone) afterBackup++;
          if (++answered === 40)
            backup = backupDatabase({ databaseUrl: t.config.databaseUrl, dir: backupDir(), keep: 14 }).finally(
              () => (backupDone = true),
            );
        }
      }),
    );
    const file = await backup!;
    // 2,000 credits buy all 20: every purchase goes through
    expect(results.filter((s) => s !== 201)).toEqual([]);
    expect(await count(t.db, 'purchases')).toBe(results.length);
    expect(listBackups(backupDir(), t.config.databaseUrl)).toContain(file);
    expect(resolveBackup('latest', backupDir(), t.config.databaseUrl)).toBe(file);

    // the live database is in use (the server and this test's app hold it): restore refuses it
    await expect(restoreDatabase({ databaseUrl: t.config.databaseUrl, file })).rejects.toBeInstanceOf(DatabaseInUse);

    const url = await freshDatabase();
    await restoreDatabase({ databaseUrl: url, file });
    const restored = await openDatabase(url);
    try {
      // the ledger audit: every balance equals the sum of its entries, none negative
      await auditLedger({ db: restored });
      const orders = await count(restored, 'purchases');
      expect(await count(restored, 'wallet_transactions', 'purchase')).toBe(orders);
      // a snapshot from the middle: some purchases made, not all of them
      expect(orders).toBeGreaterThan(0);
      expect(orders).toBeLessThan(await count(t.db, 'purchases'));
      expect(await count(t.db, 'wallet_transactions', 'purchase')).toBe(await count(t.db, 'purchases'));
    } finally {
      await restored.close();
    }
  });

  test('rotation keeps the newest BACKUP_KEEP backups of this database', async () => {
    const dir = path.join(t.config.dataDir, 'rotation');
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push(
        await backupDatabase({
          databaseUrl: t.config.databaseUrl,
          dir,
          keep: 2,
          now: new Date(Date.UTC(2030, 0, 1 + i)),
        }),
      );
    expect(listBackups(dir, t.config.databaseUrl)).toEqual(made.slice(2));
    expect((await fs.readdir(dir)).sort()).toEqual(made.slice(2).map((f) => path.basename(f)));
  });
});
