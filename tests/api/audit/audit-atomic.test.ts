import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accounts, IMAGE, rewardsApi, type Account } from '../helpers/rewards.ts';
import { createTournament, tournamentBody } from '../helpers/tournaments.ts';

/**
 * An admin write and its audit entry commit together (the service writes the audit row in the same
 * transaction as the change). The test makes the audit insert fail, on this engine, with
 * a trigger, and checks that each write is refused and leaves its tables exactly as they were.
 */
let t: TestApp;
let admin: Account;
let api: ReturnType<typeof rewardsApi>;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await accounts(t, 1, { admin: true });
  api = rewardsApi(t, admin.token);
});
afterAll(() => t?.close());

async function breakAudit() {
  if (t.engine === 'sqlite') {
    await sql`CREATE TRIGGER audit_down BEFORE INSERT ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END`.execute(t.db.kysely);
  } else {
    await sql`CREATE OR REPLACE FUNCTION audit_down() RETURNS trigger
      AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$ LANGUAGE plpgsql`.execute(t.db.kysely);
    await sql`CREATE TRIGGER audit_down BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_down()`.execute(
      t.db.kysely,
    );
  }
}

async function repairAudit() {
  await sql`DROP TRIGGER IF EXISTS audit_down${t.engine === 'postgres' ? sql` ON audit_log` : sql``}`.execute(
    t.db.kysely,
  );
}

const TABLES = [
  'products',
  'giveaways',
  'badges',
  'tournaments',
  'competitions',
  'news',
  'users',
  'purchases',
  'campaigns',
] as const;
const rowsOf = async () => {
  const all = await t.snapshot();
  return Object.fromEntries(TABLES.map((name) => [name, all[name]]));
};
const auditCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a write whose audit entry fails is undone', () => {
  // each case: what to make first (while the audit log works), then the admin write under test
  const writes: [string, () => Promise<string>, (id: string) => Promise<{ status: number }>][] = [
    [
      'product create',
      async () => '',
      () =>
        t.call('POST', '/api/marketplace/products', {
          token: admin.token,
          body: { name: 'Felpa', price: 100, quantity: 5, image: IMAGE },
        }),
    ],
    [
      'product update',
      async () => (await api.product({ price: 100 }))._id,
      (id) => t.call('PUT', `/api/marketplace/products/${id}`, { token: admin.token, body: { price: 250 } }),
    ],
    [
      'giveaway delete',
      async () => (await api.giveaway({ credits: 10 })).id,
      (id) => t.call('DELETE', `/api/marketplace/giveaways/${id}`, { token: admin.token }),
    ],
    [
      'badge create',
      async () => '',
      () =>
        t.call('POST', '/api/marketplace/badges', {
          token: admin.token,
          body: { slug: 'atomic_badge', name: 'Atomic', trigger: 'manual' },
        }),
    ],
    [
      'tournament create',
      async () => '',
      () => t.call('POST', '/api/tournaments', { token: admin.token, body: tournamentBody('registration') }),
    ],
    [
      'tournament update',
      () => createTournament(t, admin.token),
      (id) => t.call('PUT', `/api/tournaments/${id}`, { token: admin.token, body: { name: 'Renamed' } }),
    ],
    [
      'competition create',
      async () => '',
      () =>
        t.call('POST', '/api/tournaments/competitions', {
          token: admin.token,
          body: { name: 'League', game: 'Fortnite' },
        }),
    ],
    [
      'news create',
      async () => '',
      () =>
        t.call('POST', '/api/news', {
          token: admin.token,
          body: {
            title: { it: 'Titolo', en: 'Title' },
            summary: { it: 'S', en: 'S' },
            body: { it: '<p>x</p>', en: '<p>x</p>' },
            image: '',
            published: true,
          },
        }),
    ],
  ];

  test.each(writes)('%s: refused, nothing written, nothing audited', async (_name, setup, write) => {
    const id = await setup();
    const before = await rowsOf();
    const audits = await auditCount();
    await breakAudit();
    try {
      expect((await write(id)).status).toBe(500);
    } finally {
      await repairAudit();
    }
    expect(await rowsOf()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  test('with the audit log back, the same write succeeds and is audited', async () => {
    const audits = await auditCount();
    const res = await t.call('POST', '/api/tournaments/competitions', {
      token: admin.token,
      body: { name: 'League', game: 'Fortnite' },
    });
    expect(res.status).toBe(201);
    expect(await auditCount()).toBe(audits + 1);
  });
});
