import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './database.ts';
import { holdSessionLock } from './job-lock.ts';

/**
 * What a migration does to the release before it. `expand` only adds (tables, columns with defaults
 * or nullable, indexes): that release keeps working on the new schema, so it may still run beside
 * the new one during a deploy, or again after a rollback. `contract` drops, renames or changes what
 * rows mean: only a release that knows it may run once it is applied. docs/operations.md, "Upgrades,
 * migrations and rollback", has the rule.
 */
export type MigrationKind = 'expand' | 'contract';
export interface MigrationModule {
  kind: MigrationKind;
  up: (db: any, dialect: Db['dialect']) => Promise<void>;
}
export type MigrationList = Record<string, MigrationModule>;

/** Kysely's record of the migrations run, and the record kept beside it of what each one requires. */
const migrationTable = 'kysely_migration';
const compatTable = 'schema_compat';

/**
 * The database does not fit this release: a newer, incompatible schema, or (when the start must not
 * migrate) an older one. The message is the operator's one line; no stack trace goes with it.
 */
export class SchemaRefused extends Error {}

/**
 * For each migration, the newest migration a release must know to run on the schema it leaves:
 * itself when it contracts, whatever the one before it required when it only expands.
 */
function requirements(list: MigrationList): Map<string, string> {
  const required = new Map<string, string>();
  let last: string | undefined;
  for (const name of Object.keys(list).sort()) {
    if (last === undefined || list[name].kind === 'contract') last = name;
    required.set(name, last);
  }
  return required;
}

interface SchemaState {
  /** this release's migrations, in order */
  known: string[];
  /** what the database has run, in order */
  applied: string[];
  /** the release's migrations the database lacks */
  pending: string[];
  /** what the database has run that this release does not know: a newer release applied it */
  unknown: string[];
  /** migration -> the newest migration a release must know once it is applied */
  requires: Map<string, string>;
}

async function readState(k: Kysely<any>, list: MigrationList): Promise<SchemaState> {
  const tables = new Set((await k.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name));
  const ran = tables.has(migrationTable) ? await k.selectFrom(migrationTable).select('name').execute() : [];
  const compat = k.selectFrom(compatTable).select(['name', 'requires']);
  const recorded = tables.has(compatTable) ? await compat.execute() : [];
  const applied = ran.map((r) => String(r.name)).sort();
  const known = Object.keys(list).sort();
  const done = new Set(applied);
  return {
    known,
    applied,
    pending: known.filter((n) => !done.has(n)),
    unknown: applied.filter((n) => !Object.hasOwn(list, n)),
    requires: new Map(recorded.map((r) => [String(r.name), String(r.requires)])),
  };
}

/**
 * A schema a newer release migrated: this release may serve it only when every migration it does not
 * know was recorded as needing no more than what it knows (each only expanded the schema), and it
 * lacks none of its own. Undefined when the database holds no migration this release does not know.
 */
function newerSchema(state: SchemaState): { compatible: boolean; line: string } | undefined {
  const newest = state.unknown.at(-1);
  if (newest === undefined) return undefined;
  const latestKnown = state.known.at(-1) ?? 'none';
  const where = `${newest} applied; this release knows up to ${latestKnown}`;
  // a migration without a record was applied by a release that kept none: nothing says it only expands
  const needs = state.unknown.map((n) => state.requires.get(n) ?? n).sort();
  const needed = needs.at(-1)!;
  const newer = `the database schema is newer than this release (${where})`;
  if (state.pending.length) {
    const diverged = `the database schema has migrations this release does not know (${where})`;
    const line = `${diverged} and lacks ${state.pending[0]}: deploy a release that knows ${newest}`;
    return { compatible: false, line };
  }
  const refused = `${newer} and not compatible with it: deploy a release that knows ${needed}`;
  if (needed > latestKnown) return { compatible: false, line: refused };
  return { compatible: true, line: `${newer}; every newer migration only expands it: serving it without migrating` };
}

async function recordCompat(k: Kysely<any>, name: string, kind: MigrationKind, requires: string): Promise<void> {
  const row = { name, kind, requires, recorded_at: new Date().toISOString() };
  await k
    .insertInto(compatTable)
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ kind, requires }))
    .execute();
}

export interface MigrateOptions {
  /** the release's migrations (migrations/index.ts); a test passes another list to play an older or a newer release */
  migrations: MigrationList;
  /** only say what would be applied; the database is left as it is */
  dryRun?: boolean;
}

export interface MigrateOutcome {
  /** the migrations applied (on a dry run: that would be), in order */
  applied: { name: string; kind: MigrationKind }[];
  /** the database is newer than this release and compatible with it: the line to log, nothing was applied */
  newerCompatible?: string;
}

/**
 * Applies this release's pending migrations, recording beside each what a release must know to run
 * on the schema it leaves. A schema a newer release migrated is never handed to Kysely's migrator
 * (which refuses it with a stack trace): compatible, nothing is applied and the outcome says so;
 * otherwise SchemaRefused. On PostgreSQL one run is one transaction; on SQLite the migrations
 * before a failed one stay applied.
 */
export async function migrateToLatest(db: Db, options: MigrateOptions): Promise<MigrateOutcome> {
  const list = options.migrations;
  const state = await readState(db.kysely, list);
  const newer = newerSchema(state);
  if (newer && !newer.compatible) throw new SchemaRefused(newer.line);
  if (newer) return { applied: [], newerCompatible: newer.line };
  if (options.dryRun) return { applied: state.pending.map((name) => ({ name, kind: list[name].kind })) };

  const requires = requirements(list);
  await db.kysely.schema
    .createTable(compatTable)
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('requires', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  // migrations applied before this record was kept: this release knows what each of them requires
  for (const name of state.applied) {
    if (!state.requires.has(name)) await recordCompat(db.kysely, name, list[name].kind, requires.get(name)!);
  }

  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(list))
    migrations[name] = {
      up: async (k) => {
        await m.up(k, db.dialect);
        await recordCompat(k, name, m.kind, requires.get(name)!);
      },
    };
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'a migration';
    throw new Error(`${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const done = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  return { applied: done.map((name) => ({ name, kind: list[name].kind })) };
}

export interface StartOptions {
  /** MIGRATE_ON_START */
  migrate: boolean;
  migrations: MigrationList;
}

/**
 * The server's start: migrate (MIGRATE_ON_START, the default), or only check that the schema is this
 * release's, when an operator migrates explicitly during an upgrade. Resolves with a line to log when
 * the schema is newer and compatible; SchemaRefused when this release cannot serve the database.
 */
export async function prepareSchema(db: Db, opts: StartOptions): Promise<string | undefined> {
  const outcome = await migrateToLatest(db, { migrations: opts.migrations, dryRun: !opts.migrate });
  const pending = opts.migrate ? [] : outcome.applied;
  if (!pending.length) return outcome.newerCompatible;
  const count = `${pending.length} migration(s) pending, the first ${pending[0].name}`;
  const older = `the database schema is older than this release (${count})`;
  throw new SchemaRefused(`${older} and MIGRATE_ON_START=false: run \`npm run migrate\` first`);
}

/** One key for the whole platform: the schema, the first admin and the demo are set up by one process at a time. */
const schemaLockKey = 0x6172_656e; // "aren"

/**
 * Holds the database's setup lock until `release`: processes started together migrate, create the
 * admin and seed the demo one after another, so none serves a half-seeded database and the demo is
 * written once. PostgreSQL: a session advisory lock on one connection of `db` (its statement timeout
 * bounds the wait). SQLite: an exclusive transaction on a small file beside the database; the
 * database's own write lock cannot serve, the migrations need it. The operating system drops both
 * when a process dies holding them.
 */
export async function lockSchema(db: Db, databaseUrl: string): Promise<{ release(): Promise<void> }> {
  if (db.dialect === 'postgres') {
    const lock = await holdSessionLock(
      db,
      async (conn) => {
        await sql`select pg_advisory_lock(${schemaLockKey})`.execute(conn);
        return true;
      },
      (conn) => sql`select pg_advisory_unlock(${schemaLockKey})`.execute(conn),
    );
    return lock!;
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file === ':memory:') return { release: async () => {} };
  const lockFile = `${path.resolve(file)}.setup-lock`;
  const { default: SQLite } = await import('better-sqlite3');
  // timeout 0: SQLite's own wait would block the event loop (a signal could not stop the wait)
  const lock = new SQLite(lockFile, { timeout: 0 });
  fs.chmodSync(lockFile, 0o600);
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      lock.exec('begin exclusive');
      break;
    } catch (e) {
      if (!String((e as { code?: string }).code).startsWith('SQLITE_BUSY')) throw e;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
  return {
    release: async () => {
      lock.exec('rollback');
      lock.close();
    },
  };
}
