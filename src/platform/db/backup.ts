import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts), kept here so the tests call the same
 * code. SQLite: the online backup API of better-sqlite3, which reads a consistent snapshot while the
 * server keeps writing (WAL). PostgreSQL: pg_dump's custom format, brought back with pg_restore.
 */
const run = promisify(execFile);
const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqliteFile = (url: string) => path.resolve(url.replace(/^sqlite:/, ''));

/** Sortable in a directory listing and safe in a file name: 2026-11-26T20-38-03-123Z. */
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** The file name's start and end for this database: `app-<stamp>.db`, `<db name>-<stamp>.dump`. */
function naming(databaseUrl: string): { prefix: string; ext: string } {
  if (!isPostgres(databaseUrl)) return { prefix: 'app-', ext: '.db' };
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  return { prefix: `${name}-`, ext: '.dump' };
}

/** This database's backups in `dir`, oldest first (the names sort by time). */
export function listBackups(dir: string, databaseUrl: string): string[] {
  const { prefix, ext } = naming(databaseUrl);
  const stampPattern = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .filter((f) => f.startsWith(prefix) && f.endsWith(ext) && stampPattern.test(f.slice(prefix.length, -ext.length)))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The command that writes a PostgreSQL backup, for the message when pg_dump is missing. The
 * password (if the URL has one) goes through PGPASSWORD, not the command line `ps` shows.
 */
function pgConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export class BackupToolMissing extends Error {}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv, documented: string) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT')
      throw new BackupToolMissing(
        `${tool} is not on PATH (Debian: apt-get install postgresql-client). The command is:\n  ${documented}`,
      );
    throw new Error(`${tool} failed: ${err.stderr?.trim() || err.message}`);
  }
}

export interface BackupOptions {
  databaseUrl: string;
  /** where backups go: DATA_DIR/backups */
  dir: string;
  /** how many of this database's backups to keep, the newest (BACKUP_KEEP) */
  keep: number;
  now?: Date;
}

/** Writes one backup and returns its path; then removes this database's oldest beyond `keep`. */
export async function backupDatabase({ databaseUrl, dir, keep, now = new Date() }: BackupOptions): Promise<string> {
  // a backup is the whole database: the folder 0700 and each file 0600, whatever the umask of the
  // shell or cron job that runs `npm run backup`
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const { prefix, ext } = naming(databaseUrl);
  const file = path.join(dir, `${prefix}${stamp(now)}${ext}`);
  // written aside and renamed once complete: a backup cut short never passes for one (nor rotates one out)
  const partial = `${file}.partial`;
  try {
    if (isPostgres(databaseUrl)) {
      const pg = pgConnection(databaseUrl);
      await runTool(
        'pg_dump',
        ['--format=custom', `--file=${partial}`, `--dbname=${pg.url}`],
        pg.env,
        `pg_dump --format=custom --file=${file} --dbname=<DATABASE_URL>`,
      );
    } else {
      const source = sqliteFile(databaseUrl);
      if (!fs.existsSync(source)) throw new Error(`no SQLite database at ${source}`);
      await sqliteCopy(source, partial);
    }
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  for (const old of listBackups(dir, databaseUrl).slice(0, -Math.max(1, keep))) fs.rmSync(old, { force: true });
  return file;
}

/**
 * A consistent copy of a SQLite file that other processes may be writing. The backup API restarts
 * whenever another connection writes between two of its steps, so under steady writes a copy made
 * a hundred pages at a time could restart for ever; after its opening step it copies every page in
 * one step instead, inside one read transaction (WAL lets writers go on meanwhile).
 */
async function sqliteCopy(source: string, dest: string) {
  const { default: SQLite } = await import('better-sqlite3');
  // fileMustExist: a wrong path must not create an empty database to back up; the timeout only
  // covers a checkpoint's brief lock, WAL readers never wait for writers
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // the copy carries the WAL flag of its source; fold its own log in, so it is one self-contained file
  const copy = new SQLite(dest, { timeout: 5000 });
  try {
    copy.pragma('wal_checkpoint(TRUNCATE)');
    if (copy.pragma('quick_check', { simple: true }) !== 'ok')
      throw new Error(`the copy of ${source} fails SQLite's quick_check`);
  } finally {
    copy.close();
  }
}

/** `latest` → this database's newest backup in `dir`; anything else is a path. */
export function resolveBackup(arg: string, dir: string, databaseUrl: string): string {
  if (arg === 'latest') {
    const newest = listBackups(dir, databaseUrl).at(-1);
    if (!newest) throw new Error(`no backup of this database in ${dir}`);
    return newest;
  }
  const file = path.resolve(arg);
  if (!fs.existsSync(file)) throw new Error(`no such backup: ${file}`);
  return file;
}

export class DatabaseInUse extends Error {}

export interface RestoreOptions {
  /** the database to overwrite (DATABASE_URL) */
  databaseUrl: string;
  file: string;
  /** PostgreSQL: restore even while other sessions are connected */
  force?: boolean;
  now?: Date;
}

/**
 * Brings a backup back into `databaseUrl`. The server must be stopped: a running one would keep
 * its handle on the replaced SQLite file, or lose its tables under it on PostgreSQL. Both refuse
 * (DatabaseInUse) when they can tell it is running. Migrations are not run here: the next start
 * migrates an older backup forward, as it does any database.
 */
export async function restoreDatabase({
  databaseUrl,
  file,
  force = false,
  now = new Date(),
}: RestoreOptions): Promise<{ previous?: string }> {
  if (isPostgres(databaseUrl)) {
    const pg = pgConnection(databaseUrl);
    if (!force) await refuseIfConnected(databaseUrl);
    // one transaction: a restore that fails half-way leaves the database as it was
    await runTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${pg.url}`, file],
      pg.env,
      `pg_restore --clean --if-exists --no-owner --single-transaction --dbname=<DATABASE_URL> ${file}`,
    );
    return {};
  }
  const target = sqliteFile(databaseUrl);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  // checked before and copied aside first, so the live file is only ever swapped by renames
  const incoming = `${target}.restoring`;
  fs.rmSync(incoming, { force: true });
  try {
    await sqliteCopy(file, incoming);
    let previous: string | undefined;
    if (fs.existsSync(target)) {
      await refuseIfOpen(target);
      // the replaced database stays beside it, with its log (a crash may have left committed
      // transactions in the -wal file): a wrong restore can be undone by renaming it back
      previous = `${target}.before-restore-${stamp(now)}`;
      for (const suffix of ['', '-wal', '-shm'])
        if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, previous + suffix);
    }
    fs.renameSync(incoming, target);
    return { previous };
  } finally {
    fs.rmSync(incoming, { force: true });
  }
}

/** Another process holding the SQLite file open (a running server) stops an exclusive lock. */
async function refuseIfOpen(file: string) {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive; commit');
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new DatabaseInUse(`${file} is open in another process: stop the server before restoring`);
    throw e;
  } finally {
    db.close();
  }
}

async function refuseIfConnected(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0].n > 0)
      throw new DatabaseInUse(
        `${rows[0].n} other session(s) are connected to this database: ` +
          `stop the servers before restoring (or pass --force)`,
      );
  } finally {
    await client.end();
  }
}
