import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/platform/db/database.ts';
import { migrateToLatest } from '../../../src/platform/db/migrate.ts';
import { releaseMigrations } from '../../../migrations/index.ts';
import { adminQuery, templateVariable, waitUntilUnused } from './databases.ts';

/**
 * vitest's global setup of the API projects: one database of the project's engine, migrated once for
 * the whole run, that every test app starts from as a copy (tests/api/helpers/databases.ts). Running
 * every migration for each of a hundred files cost more than most of their tests. The copy is made
 * where the workers find it through an environment variable they inherit; the projects that share an
 * engine share one template, and the last teardown removes it.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const variable = templateVariable(engine);
  if (process.env[variable]) return;

  let url: string;
  let remove: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-template-'));
    const file = path.join(dir, 'app.db');
    url = `sqlite:${file}`;
    remove = () => fs.rm(dir, { recursive: true, force: true });
    process.env[variable] = file;
  } else {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `arena_test_template_${Date.now().toString(36)}_${process.pid}`;
    await adminQuery(`CREATE DATABASE "${name}"`);
    const target = new URL(admin);
    target.pathname = `/${name}`;
    url = target.toString();
    remove = () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => undefined);
    process.env[variable] = name;
  }
  try {
    const db = await openDatabase(url);
    await migrateToLatest(db, { migrations: releaseMigrations });
    await db.close();
    // a copy needs the template without connections (PostgreSQL refuses otherwise; SQLite's last
    // close folds the write-ahead log into the file)
    if (engine === 'postgres') await waitUntilUnused(process.env[variable]!);
  } catch (err) {
    await remove();
    Reflect.deleteProperty(process.env, variable);
    throw err;
  }
  return async () => {
    await remove();
    Reflect.deleteProperty(process.env, variable);
  };
}
