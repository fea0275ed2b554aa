import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.ts';
import { accounts, address, auditLedger, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament, registration } from '../helpers/tournaments.ts';
import { anyFreePort, childEnv, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Real server processes on one database: every check-then-act (slots, stock, redemptions, ledger)
 * is one atomic statement or transaction, so it holds across several API processes on one
 * PostgreSQL. The in-process app `t` only prepares data and reads the database for the audits;
 * every request under test goes over HTTP to spawned processes.
 * This file runs in both API projects: the two-process part needs PostgreSQL (several processes on
 * one SQLite file is not a supported deployment), the crash audit runs on each engine.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;
const servers: ServerProcess[] = [];

async function server(env: Record<string, string> = {}) {
  const s = await startServer({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    port: await anyFreePort(),
    env,
  });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.crash()));
  await t?.close();
});

const count = <T>(items: T[], pred: (x: T) => boolean) => items.filter(pred).length;
const rows = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(t.db.kysely)).rows;

// declared only in the PostgreSQL project (not a skip there): the SQLite project has nothing to run
if (engine === 'postgres')
  describe('two API processes on one PostgreSQL', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      // started together: both migrate at once (the migrator's lock makes one wait) and both count
      // rate limits in the database, the store chosen for PostgreSQL without Redis
      [a, b] = await Promise.all([server({ RATE_LIMITS: 'true' }), server({ RATE_LIMITS: 'true' })]);
    });
    const either = (i: number) => (i % 2 ? a : b).url;

    test('120 redemptions of a code limited to 5 uses, split across both processes: exactly 5 credited', async () => {
      const g = await api.giveaway({ type: 'limited', maxUses: 5, credits: 7 });
      const players = await accounts(t, 120);
      const results = await Promise.all(
        players.map((p, i) =>
          httpCall(either(i), 'POST', '/api/marketplace/giveaways/redeem', {
            token: p.token,
            body: { token: g.token },
          }),
        ),
      );

      expect(results.filter((r) => r.status === 0 || r.status >= 500)).toEqual([]);
      expect(count(results, (r) => r.status === 200)).toBe(5);
      expect(count(results, (r) => r.status === 409 && r.json.error.code === 'GIVEAWAY_USED_UP')).toBe(115);
      const stored = await t.db.kysely
        .selectFrom('giveaways')
        .select('redemption_count')
        .where('id', '=', g.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.redemption_count)).toBe(5);
      expect(
        await t.db.kysely.selectFrom('giveaway_redemptions').selectAll().where('giveaway_id', '=', g.id).execute(),
      ).toHaveLength(5);
      expect(
        await t.db.kysely
          .selectFrom('wallet_transactions')
          .selectAll()
          .where('reference', 'like', `giveaway:${g.id}:%`)
          .execute(),
      ).toHaveLength(5);
      await auditLedger(t);
    });

    test('120 purchases of a product with stock 4, across both processes: 4 sold, stock 0, 4 debits', async () => {
      const product = await api.product({ price: 100, quantity: 4 });
      const players = await accounts(t, 120);
      for (const p of players) await api.credit(p.id, 150);
      const results = await Promise.all(
        players.map((p, i) =>
          httpCall(either(i), 'POST', '/api/marketplace/purchases', {
            token: p.token,
            body: { productId: product._id, shippingAddress: address },
          }),
        ),
      );

      expect(results.filter((r) => r.status === 0 || r.status >= 500)).toEqual([]);
      expect(count(results, (r) => r.status === 201)).toBe(4);
      expect(count(results, (r) => r.status === 409 && r.json.error.code === 'OUT_OF_STOCK')).toBe(116);
      const stock = await t.db.kysely
        .selectFrom('products')
        .select('quantity')
        .where('id', '=', product._id)
        .executeTakeFirstOrThrow();
      expect(Number(stock.quantity)).toBe(0);
      const purchases = await t.db.kysely
        .selectFrom('purchases')
        .select(['id', 'user_id'])
        .where('product_id', '=', product._id)
        .execute();
      expect(purchases).toHaveLength(4);
      const debits = await t.db.kysely
        .selectFrom('wallet_transactions')
        .select(['reference', 'amount', 'user_id'])
        .where('type', '=', 'purchase')
        .where(
          'reference',
          'in',
          purchases.map((p) => `purchase:${p.id}`),
        )
        .execute();
      expect(debits).toHaveLength(4);
      for (const d of debits) expect(Number(d.amount)).toBe(-100);
      expect(new Set(debits.map((d) => d.user_id))).toEqual(new Set(purchases.map((p) => p.user_id)));
      await auditLedger(t);
    });

    test('100 joins of a 12-slot tournament, split across both processes: 12 members, 88 waitlisted', async () => {
      const id = await createTournament(t, admin.token, 'registration', { maxPartecipants: 12 });
      const players = await accounts(t, 100);
      const results = await Promise.all(
        players.map((p, i) =>
          httpCall(either(i), 'POST', `/api/tournaments/${id}/register?userID=${p.id}`, {
            token: p.token,
            body: registration(p.id),
          }),
        ),
      );

      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      expect(count(results, (r) => r.json.data.state === 'member')).toBe(12);
      expect(count(results, (r) => r.json.data.state === 'waitlist')).toBe(88);
      const regs = await t.db.kysely
        .selectFrom('tournament_registrations')
        .select('state')
        .where('tournament_id', '=', id)
        .execute();
      expect(count(regs, (r) => r.state === 'member')).toBe(12);
      expect(count(regs, (r) => r.state === 'waitlist')).toBe(88);
      const row = await t.db.kysely
        .selectFrom('tournaments')
        .select('member_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.member_count)).toBe(12);
    });

    test('30 wrong logins at once for one e-mail across both processes: exactly 10 answered, 20 limited', async () => {
      const email = `shared-${randomUUID()}@example.com`;
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          httpCall(either(i), 'POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } }),
        ),
      );

      expect(count(results, (r) => r.status === 401)).toBe(10);
      expect(count(results, (r) => r.status === 429 && r.json.error.code === 'RATE_LIMITED')).toBe(20);
      // one counter row in the database, not one per process
      const counters = await t.db.kysely
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'like', `%${email}%`)
        .execute();
      expect(counters.map((c) => Number(c.count))).toEqual([30]);
      // and the next attempt on either process is still refused
      expect(
        (await httpCall(a.url, 'POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } }))
          .status,
      ).toBe(429);
      expect(
        (await httpCall(b.url, 'POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } }))
          .status,
      ).toBe(429);
    });
  });

describe('npm run start:cluster', () => {
  const cluster = path.resolve(import.meta.dirname, '../../../src/app/cluster.ts');

  if (engine === 'sqlite')
    test('refuses SQLite: one file, one writer, one host', () => {
      const run = spawnSync(process.execPath, [cluster], {
        env: { ...childEnv(), DATABASE_URL: t.config.databaseUrl, PORT: '4649' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      const refusal = `${run.stdout}${run.stderr}`
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(refusal.find((line) => line.level >= 50)?.msg).toMatch(/needs DATABASE_URL=postgres/);
    });

  if (engine === 'postgres')
    test('two workers behind one port share the rate limits through PostgreSQL', async () => {
      const port = await anyFreePort();
      const s = await startServer({
        databaseUrl: t.config.databaseUrl,
        dataDir: t.config.dataDir,
        port,
        entry: cluster,
        env: { CLUSTER_WORKERS: '2', RATE_LIMITS: 'true' },
      });
      try {
        await expect.poll(() => s.output(), { timeout: 20_000 }).toMatch(/"workers":2,.*"msg":"Arena cluster running"/);
        // the second worker starts once the first (which migrated) listens
        await expect.poll(() => s.output().match(/Arena is running/g)?.length ?? 0, { timeout: 20_000 }).toBe(2);
        const email = `cluster-${randomUUID()}@example.com`;
        const results = await Promise.all(
          Array.from({ length: 24 }, () =>
            httpCall(s.url, 'POST', '/api/users/authenticate', { body: { email, password: 'wrong-password-here' } }),
          ),
        );
        expect(count(results, (r) => r.status === 401)).toBe(10);
        expect(count(results, (r) => r.status === 429)).toBe(14);
      } finally {
        // SIGTERM to the primary, which stops its workers (a SIGKILL would orphan them)
        await s.stop();
      }
      // every line the primary and its workers wrote, start to stop, is one structured log object
      const lines = s.output().trim().split('\n');
      const parsed = lines.map((line) => JSON.parse(line) as { level: number; role?: string; msg: string });
      for (const line of parsed) expect(line.level, JSON.stringify(line)).toEqual(expect.any(Number));
      expect(parsed.filter((line) => line.role === 'primary').map((line) => line.msg)).toEqual(
        expect.arrayContaining(['Arena cluster running', 'SIGTERM received: stopping every worker']),
      );
      expect(parsed.filter((line) => line.msg === 'process exiting')).toHaveLength(2);
    });
});

describe(`kill -9 during a purchase storm (${engine})`, () => {
  test('after a crash and restart every balance equals its ledger, every purchase exactly its debit', async () => {
    const initialStock = 60;
    const products = [
      await api.product({ price: 100, quantity: initialStock }),
      await api.product({ price: 100, quantity: initialStock }),
      await api.product({ price: 100, quantity: initialStock }),
    ];
    const g = await api.giveaway({ type: 'limited', maxUses: 40, credits: 50 });
    // 250 credits buy two of the three products: the third attempt fails inside the transaction
    // after the stock was taken, so a rollback is part of the storm too
    const players = await accounts(t, 80);
    for (const p of players) await api.credit(p.id, 250);

    const before = await server({ RATE_LIMITS: 'false' });
    const requests = players.flatMap((p) => [
      ...products.map(
        (product) => () =>
          httpCall(before.url, 'POST', '/api/marketplace/purchases', {
            token: p.token,
            body: { productId: product._id, shippingAddress: address },
          }),
      ),
      () =>
        httpCall(before.url, 'POST', '/api/marketplace/giveaways/redeem', { token: p.token, body: { token: g.token } }),
    ]);
    // 32 clients working through the queue; the process dies when about a third are answered
    let answered = 0;
    let crashed: Promise<void> | null = null;
    const results: { status: number }[] = [];
    const queue = requests.sort(() => Math.random() - 0.5);
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let next = queue.pop(); next; next = queue.pop()) {
          const r = await next();
          results.push(r);
          if (++answered === Math.floor(requests.length / 3)) crashed = before.crash();
        }
      }),
    );
    await crashed;
    expect(before.child.signalCode).toBe('SIGKILL');
    // the storm was cut: some requests were answered, others never reached a live process
    expect(count(results, (r) => r.status === 201 || r.status === 200)).toBeGreaterThan(10);
    expect(count(results, (r) => r.status === 0)).toBeGreaterThan(10);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);

    // the restarted process recovers the database (SQLite replays or drops its WAL tail) and serves
    const after = await server({ RATE_LIMITS: 'false' });
    const buyer = players[0];
    await api.credit(buyer.id, 100);
    const retry = await Promise.all(
      products.map((product) =>
        httpCall(after.url, 'POST', '/api/marketplace/purchases', {
          token: buyer.token,
          body: { productId: product._id, shippingAddress: address },
        }),
      ),
    );
    expect(retry.filter((r) => r.status === 0 || r.status >= 500)).toEqual([]);

    // the audit, in SQL
    const unbalanced = await rows(sql<{ user_id: string }>`
      select w.user_id from wallets w
      left join (select user_id, sum(amount) as total from wallet_transactions group by user_id) l
        on l.user_id = w.user_id
      where w.balance <> coalesce(l.total, 0) or w.balance < 0`);
    expect(unbalanced).toEqual([]);
    const purchaseWithoutDebit = await rows(sql<{ id: string }>`
      select p.id from purchases p
      where (select count(*) from wallet_transactions x
             where x.type = 'purchase' and x.reference = 'purchase:' || p.id and x.amount = -p.price) <> 1`);
    expect(purchaseWithoutDebit).toEqual([]);
    const debitWithoutPurchase = await rows(sql<{ id: string }>`
      select x.id from wallet_transactions x
      where x.type = 'purchase' and not exists (select 1 from purchases p where 'purchase:' || p.id = x.reference)`);
    expect(debitWithoutPurchase).toEqual([]);
    for (const product of products) {
      const [{ quantity, sold }] = await rows(sql<{ quantity: number; sold: number }>`
        select (select quantity from products where id = ${product._id}) as quantity,
               (select cast(count(*) as integer) from purchases where product_id = ${product._id}) as sold`);
      expect(Number(quantity) + Number(sold)).toBe(initialStock);
    }
    const [{ used, redeemed, credited }] = await rows(sql<{ used: number; redeemed: number; credited: number }>`
      select (select redemption_count from giveaways where id = ${g.id}) as used,
             (select cast(count(*) as integer) from giveaway_redemptions where giveaway_id = ${g.id}) as redeemed,
             (select cast(count(*) as integer) from wallet_transactions
               where type = 'giveaway' and reference like ${`giveaway:${g.id}:%`}) as credited`);
    expect(Number(used)).toBe(Number(redeemed));
    expect(Number(credited)).toBe(Number(redeemed));
    expect(Number(used)).toBeLessThanOrEqual(40);
    // purchases were made at all before the crash, so the audit above had something to check
    expect(
      Number((await rows(sql<{ n: number }>`select cast(count(*) as integer) as n from purchases`))[0].n),
    ).toBeGreaterThan(10);
    await auditLedger(t);
  });
});
