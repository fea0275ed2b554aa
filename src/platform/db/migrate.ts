import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './database.ts';
import * as accounts from '../../../migrations/0001-accounts.ts';
import * as tournaments from '../../../migrations/0002-tournaments.ts';
import * as rewards from '../../../migrations/0010-rewards.ts';
import * as admin from '../../../migrations/0011-admin.ts';
import * as usernameCase from '../../../migrations/0012-username-case.ts';
import * as campaign from '../../../migrations/0013-campaign.ts';
import * as rateLimits from '../../../migrations/0014-rate-limits.ts';
import * as registrationOrder from '../../../migrations/0015-registration-order.ts';
import * as accountSecurity from '../../../migrations/0020-account-security.ts';
import * as mailOutbox from '../../../migrations/0040-mail-outbox.ts';
import * as ledgerSequence from '../../../migrations/0050-ledger-sequence.ts';
import * as contentEnglish from '../../../migrations/0060-content-english.ts';
import * as tournamentExternalUrl from '../../../migrations/0061-tournament-external-url.ts';
import * as championshipDates from '../../../migrations/0065-championship-dates.ts';
import * as accountBlocks from '../../../migrations/0070-account-blocks.ts';
import * as auditEntityLabel from '../../../migrations/0075-audit-entity-label.ts';
import * as matchResults from '../../../migrations/0080-match-results.ts';
import * as matchReports from '../../../migrations/0082-match-reports.ts';
import * as prizes from '../../../migrations/0083-prizes.ts';
import * as brackets from '../../../migrations/0084-brackets.ts';
import * as reminders from '../../../migrations/0085-reminders.ts';
import * as mailOwner from '../../../migrations/0090-mail-owner.ts';
import * as usernameSkeleton from '../../../migrations/0091-username-skeleton.ts';
import * as tournamentArchive from '../../../migrations/0092-tournament-archive.ts';
import * as orderPhoneEnglishName from '../../../migrations/0093-order-phone-english-name.ts';
import * as publicProfile from '../../../migrations/0094-public-profile.ts';
import * as lobbies from '../../../migrations/0095-lobbies.ts';
import * as swissRounds from '../../../migrations/0096-swiss-rounds.ts';
import * as searchFolding from '../../../migrations/0097-search-folding.ts';
import * as entryTeams from '../../../migrations/0098-entry-teams.ts';
import * as bracketPlayoff from '../../../migrations/0099-bracket-playoff.ts';
import * as teamMemberOrder from '../../../migrations/0100-team-member-order.ts';
import * as giveawayCreator from '../../../migrations/0101-giveaway-creator.ts';

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

/**
 * Migrations are listed here rather than read from disk so the bundle, the tests and both engines
 * see the same ordered set. Each receives the dialect for the rare statement that differs. They live
 * in the top-level migrations/ folder, apart from the code that changes (migrations/README.md says why).
 */
export const releaseMigrations: MigrationList = {
  '0001-accounts': accounts,
  '0002-tournaments': tournaments,
  '0010-rewards': rewards,
  '0011-admin': admin,
  '0012-username-case': usernameCase,
  '0013-campaign': campaign,
  '0014-rate-limits': rateLimits,
  '0015-registration-order': registrationOrder,
  '0020-account-security': accountSecurity,
  '0040-mail-outbox': mailOutbox,
  '0050-ledger-sequence': ledgerSequence,
  '0060-content-english': contentEnglish,
  '0061-tournament-external-url': tournamentExternalUrl,
  '0065-championship-dates': championshipDates,
  '0070-account-blocks': accountBlocks,
  '0075-audit-entity-label': auditEntityLabel,
  '0080-match-results': matchResults,
  '0082-match-reports': matchReports,
  '0083-prizes': prizes,
  '0084-brackets': brackets,
  '0085-reminders': reminders,
  '0090-mail-owner': mailOwner,
  '0091-username-skeleton': usernameSkeleton,
  '0092-tournament-archive': tournamentArchive,
  '0093-order-phone-english-name': orderPhoneEnglishName,
  '0094-public-profile': publicProfile,
  '0095-lobbies': lobbies,
  '0096-swiss-rounds': swissRounds,
  '0097-search-folding': searchFolding,
  '0098-entry-teams': entryTeams,
  '0099-bracket-playoff': bracketPlayoff,
  '0100-team-member-order': teamMemberOrder,
  '0101-giveaway-creator': giveawayCreator,
};

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
  /** the release's migrations; a test passes another list to play an older or a newer release */
  migrations?: MigrationList;
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
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<MigrateOutcome> {
  const list = options.migrations ?? releaseMigrations;
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
  migrations?: MigrationList;
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
    return new Promise((resolve, reject) => {
      const held = db.kysely.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${schemaLockKey})`.execute(conn);
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        resolve({
          release: async () => {
            release();
            await held;
          },
        });
        await released;
        await sql`select pg_advisory_unlock(${schemaLockKey})`.execute(conn);
      });
      held.catch(reject);
    });
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
