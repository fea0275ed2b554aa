/**
 * `npm run migrate`: applies this release's pending migrations to DATABASE_URL (the embedded SQLite
 * under DATA_DIR by default, as the server), one line per migration. `-- --dry-run` lists them and
 * changes nothing. Exit 0: the schema is this release's (or newer and compatible with it); 1: a
 * migration failed, or the database cannot be reached; 2: refused, nothing was done: the schema is
 * newer than this release and not compatible with it. docs/operations.md, "Upgrades, migrations and
 * rollback", has the upgrade path.
 */
import { loadConfig } from '../src/platform/http/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { lockSchema, migrateToLatest, SchemaRefused } from '../src/platform/db/migrate.ts';
import { releaseMigrations } from '../migrations/index.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length) {
  console.error(`unknown argument ${unknown[0]}: npm run migrate [-- --dry-run]`);
  process.exit(1);
}
const dryRun = args.includes('--dry-run');

let code = 0;
try {
  const config = loadConfig(process.env);
  // as at the server's start: an index on a big table may take longer than a request may
  const db = await openDatabase(config.databaseUrl, { ...config, dbStatementTimeoutMs: 3_600_000 });
  try {
    // the dry run reads only, so it need not wait for a server that is setting up
    const lock = dryRun ? undefined : await lockSchema(db, config.databaseUrl);
    try {
      const { applied, newerCompatible } = await migrateToLatest(db, { migrations: releaseMigrations, dryRun });
      for (const m of applied) console.log(`${dryRun ? 'would apply' : 'applied'} ${m.name} (${m.kind})`);
      const nothing = newerCompatible?.replace(/: serving it without migrating$/, ': nothing to apply');
      if (nothing) console.log(nothing);
      else if (!applied.length) console.log('the database schema is up to date: nothing to apply');
    } finally {
      await lock?.release();
    }
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  code = e instanceof SchemaRefused ? 2 : 1;
}
process.exit(code);
