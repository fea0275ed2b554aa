import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { openDatabase, type Db } from '../../../src/platform/db/database.ts';
import { migrateToLatest, SchemaRefused } from '../../../src/platform/db/migrate.ts';
import { releaseMigrations } from '../../../migrations/index.ts';
import type { MigrationList } from '../../../src/platform/db/migrate.ts';
import { createDatabase, engine } from '../helpers/test-app.ts';
import { anyFreePort, childEnv, httpCall, startServer } from '../helpers/server-process.ts';

/**
 * Upgrades and rollbacks of the schema, on this run's engine: `npm run migrate` (scripts/migrate.ts)
 * as a real process, and the real server started on a schema a newer release migrated. The newer
 * release is played by the release's own migrations plus one it does not know (test-only names that
 * sort after every real one); the server that starts on it is the release as it is.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const root = path.resolve(import.meta.dirname, '../../..');
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function freshDatabase(): Promise<{ url: string; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-schema-'));
  const database = await createDatabase(dataDir);
  cleanup.push(async () => {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { url: database.url, dataDir };
}

async function withDb<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(url);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

type Target = { url: string; dataDir: string };
const baseEnv = (target: Target) => ({ ...childEnv(), DATABASE_URL: target.url, DATA_DIR: target.dataDir });

/** `node scripts/migrate.ts …` on the database; its exit code and its lines (stdout and stderr). */
function migrateCli(target: Target, ...args: string[]): Promise<{ code: number | null; out: string[]; err: string[] }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/migrate.ts'), ...args], {
    cwd: root,
    env: baseEnv(target),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const lines = (s: string) => s.split('\n').filter(Boolean);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out: lines(out), err: lines(err) })));
}

/** The real server on the database: it answers, or it exits with a code and what it wrote. */
type Exit = { code: number | null; lines: string[] };
function runServer(target: Target, env: Record<string, string> = {}): Promise<Exit> {
  const child = spawn(process.execPath, [path.join(root, 'src/app/main.ts')], {
    cwd: root,
    env: { ...baseEnv(target), HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, lines: log.split('\n').filter(Boolean) });
    }),
  );
}

const appliedNames = (db: Db) =>
  (db.kysely as unknown as Kysely<any>)
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute()
    .then((rows) => rows.map((r) => String(r.name)));
const tableNames = async (db: Db) => {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((t) => t.name);
};

const released = Object.keys(releaseMigrations).sort();
const latest = released.at(-1)!;
/** A release newer than this one: this one's migrations and `extra`. */
const newer = (extra: MigrationList): MigrationList => ({ ...releaseMigrations, ...extra });
const addTable = (name: string) => async (k: Kysely<any>) => {
  await k.schema.createTable(name).addColumn('id', 'text').execute();
};
const expandOnly = { '9990-test-expand': { kind: 'expand' as const, up: addTable('test_expand') } };
const contracting = { '9991-test-contract': { kind: 'contract' as const, up: addTable('test_contract') } };

/** What the release says of a schema a newer release migrated. */
const newerSchema = 'the database schema is newer than this release';
const knowing = (knows: string) => `this release knows up to ${knows}`;
const newerThan = (applied: string, knows: string) => `${newerSchema} (${applied} applied; ${knowing(knows)})`;
const incompatible = 'and not compatible with it: deploy a release that knows';
const refused = (a: string, knows: string, needs: string) => `${newerThan(a, knows)} ${incompatible} ${needs}`;

describe(`npm run migrate (${engine})`, () => {
  test('a dry run lists and changes nothing; a run applies, one line each; a second applies nothing', async () => {
    const target = await freshDatabase();
    const dry = await migrateCli(target, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toEqual(released.map((name) => `would apply ${name} (${releaseMigrations[name].kind})`));
    expect(await withDb(target.url, tableNames)).toEqual([]);

    const run = await migrateCli(target);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toEqual(released.map((name) => `applied ${name} (${releaseMigrations[name].kind})`));
    expect(await withDb(target.url, appliedNames)).toEqual(released);

    const again = await migrateCli(target);
    expect(again).toEqual({ code: 0, out: ['the database schema is up to date: nothing to apply'], err: [] });
    expect(await migrateCli(target, '--dry-run')).toEqual(again);
  });

  test('a schema newer than the release and not compatible with it: exit 2, one line, nothing applied', async () => {
    const target = await freshDatabase();
    await withDb(target.url, (db) => migrateToLatest(db, { migrations: newer(contracting) }));
    const run = await migrateCli(target);
    expect(run.code).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.err).toEqual([refused('9991-test-contract', latest, '9991-test-contract')]);
  });
});

describe(`an older release on a newer schema (${engine})`, () => {
  test('all it does not know only expands: it serves without migrating, saying so in one line', async () => {
    const target = await freshDatabase();
    await withDb(target.url, (db) => migrateToLatest(db, { migrations: newer(expandOnly) }));
    const server = await startServer({ databaseUrl: target.url, dataDir: target.dataDir, port: await anyFreePort() });
    try {
      expect((await httpCall(server.url, 'GET', '/api/tournaments')).status).toBe(200);
      const said = server
        .output()
        .split('\n')
        .filter((l) => l.includes('newer than this release'));
      expect(said).toHaveLength(1);
      const serving = 'every newer migration only expands it: serving it without migrating';
      const line = `${newerThan('9990-test-expand', latest)}; ${serving}`;
      expect(said[0]).toContain(line);
    } finally {
      await server.stop();
    }
    expect(await withDb(target.url, appliedNames)).toEqual([...released, '9990-test-expand']);
  });

  test('a migration it does not know contracts: it refuses with one line, no stack, exit 1', async () => {
    const target = await freshDatabase();
    // the contraction, then an expansion that needs it: still not for this release
    const later = { '9992-test-expand': { kind: 'expand' as const, up: addTable('test_later') } };
    await withDb(target.url, (db) => migrateToLatest(db, { migrations: newer({ ...contracting, ...later }) }));
    const { code, lines } = await runServer(target);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(refused('9992-test-expand', latest, '9991-test-contract'));
    expect(lines[0]).not.toMatch(/corrupted migrations|\n\s+at /);
  });

  test('a release missing the newest contraction refuses it, and serves later expansions', async () => {
    const target = await freshDatabase();
    // the newest contraction (0091 gives accounts a key the release before never writes) and what came after it
    const contraction = released.filter((name) => releaseMigrations[name].kind === 'contract').at(-1)!;
    const since = released.slice(released.indexOf(contraction));
    const older = Object.fromEntries(Object.entries(releaseMigrations).filter(([name]) => name < contraction));
    const olderLatest = Object.keys(older).sort().at(-1)!;
    await withDb(target.url, async (db) => {
      await migrateToLatest(db, { migrations: older });
      const applied = since.map((name) => ({ name, kind: releaseMigrations[name].kind }));
      expect((await migrateToLatest(db, { migrations: releaseMigrations })).applied).toEqual(applied);
      const refusal = await migrateToLatest(db, { migrations: older }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(SchemaRefused);
      expect((refusal as Error).message).toBe(refused(latest, olderLatest, contraction));
      // an expansion on top keeps the release that knows the contraction working
      const outcome = await migrateToLatest(db, { migrations: newer(expandOnly) });
      expect(outcome.applied).toEqual([{ name: '9990-test-expand', kind: 'expand' }]);
      expect((await migrateToLatest(db, { migrations: releaseMigrations })).newerCompatible).toContain(
        'only expands it',
      );
    });
  });
});

describe(`MIGRATE_ON_START=false (${engine})`, () => {
  test('the server refuses an older schema in one line, and serves after npm run migrate', async () => {
    const target = await freshDatabase();
    const { code, lines } = await runServer(target, { MIGRATE_ON_START: 'false' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const pending = `${released.length} migration(s) pending, the first ${released[0]}`;
    const line = `the database schema is older than this release (${pending}) and MIGRATE_ON_START=false`;
    expect(lines[0]).toContain(`${line}: run \`npm run migrate\` first`);
    expect(await withDb(target.url, tableNames)).not.toContain('users');

    expect((await migrateCli(target)).code).toBe(0);
    const port = await anyFreePort();
    const env = { MIGRATE_ON_START: 'false' };
    const server = await startServer({ databaseUrl: target.url, dataDir: target.dataDir, port, env });
    expect((await httpCall(server.url, 'GET', '/api/tournaments')).status).toBe(200);
    await server.stop();
  });
});
