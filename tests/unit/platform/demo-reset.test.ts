import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

/** `npm run demo:reset` removes the embedded demo's data, and never a PostgreSQL database's. */
const run = promisify(execFile);
const script = path.resolve('scripts/demo-reset.ts');

function dataDir() {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'demo-reset-')), 'data');
  mkdirSync(path.join(dir, 'media'), { recursive: true });
  writeFileSync(path.join(dir, 'app.db'), 'x');
  writeFileSync(path.join(dir, 'media', 'a.png'), 'x');
  return dir;
}

test('it removes DATA_DIR (database, media, outbox) so the next start seeds afresh', async () => {
  const dir = dataDir();
  const { stdout } = await run(process.execPath, [script], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
  });
  expect(stdout).toContain(dir);
  expect(existsSync(dir)).toBe(false);
  // an already empty setup is fine too
  await run(process.execPath, [script], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } });
});

test('with DATABASE_URL on PostgreSQL it removes nothing and says why', async () => {
  const dir = dataDir();
  const failed = await run(process.execPath, [script], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' },
  }).catch((e) => e);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain('only resets the embedded SQLite demo');
  expect(existsSync(path.join(dir, 'app.db'))).toBe(true);
});
