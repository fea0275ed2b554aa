import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The engine of this test run: a temporary SQLite file, or (TEST_DB=postgres) a database on TEST_DATABASE_URL's server.
 */
export const engine = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite') as 'sqlite' | 'postgres';

let counter = 0;
/** A name no other file of this run uses (workers run files at the same time). */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * One statement on TEST_DATABASE_URL's server, on a connection of its own (CREATE and DROP DATABASE refuse a
 * transaction).
 */
export async function adminQuery(statement: string, values: unknown[] = []): Promise<any[]> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Where the workers find the migrated template of an engine (tests/api/helpers/database-template.ts):
 * the SQLite file, or the PostgreSQL database's name. Unset outside vitest (the benchmarks).
 */
export const templateVariable = (of: 'sqlite' | 'postgres') => `ARENA_TEST_TEMPLATE_${of.toUpperCase()}`;

/**
 * Resolves once no connection to PostgreSQL database `name` is left. A pool's end() does not wait for
 * its sockets to close, and a template with a connection cannot be copied, nor a database dropped
 * without FORCE killing clients that then report it.
 */
export async function waitUntilUnused(name: string) {
  for (let i = 0; i < 100; i++) {
    const [{ n }] = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A database of this run's engine: `tmp`/app.db, or a new PostgreSQL database that `drop` removes.
 * Empty, unless `fromTemplate` and the run migrated a template: then a copy of it (a file copy, or
 * CREATE DATABASE … TEMPLATE), which takes milliseconds where running every migration took far
 * longer; `migrated` says which one the caller got.
 */
export async function createDatabase(
  tmp: string,
  opts: { fromTemplate?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void>; migrated: boolean }> {
  const template = opts.fromTemplate ? process.env[templateVariable(engine)] : undefined;
  if (engine === 'sqlite') {
    const file = path.join(tmp, 'app.db');
    if (template) await fs.copyFile(template, file);
    return { url: `sqlite:${file}`, drop: async () => {}, migrated: Boolean(template) };
  }
  const name = `arena_test_${unique()}`;
  await adminQuery(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  // a test's database is thrown away after it: a commit need not wait for its log to reach the disk. What a
  // transaction sees and when is unchanged; only a crash of PostgreSQL itself could lose the last commits
  await adminQuery(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const drop = async () => {
    // FORCE would kill the sockets still closing and their clients would report it: give them a moment first
    await waitUntilUnused(name);
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  return { url: url.toString(), drop, migrated: Boolean(template) };
}
