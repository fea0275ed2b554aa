import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { anyFreePort, childEnv, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';

// What a real server process writes under DATA_DIR is private to its user: the SQLite database and
// its logs, the outbox's .eml files (live password-reset links), the backups. The test runner's own
// umask (022 here) is what the files got before.
const root = path.resolve(import.meta.dirname, '../../..');
let tmp: string;
let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-modes-'));
  // a DATA_DIR the server creates itself
  dataDir = path.join(tmp, 'data');
  const databaseUrl = `sqlite:${path.join(dataDir, 'app.db')}`;
  server = await startServer({ databaseUrl, dataDir, port: await anyFreePort(), env: { MAIL_POLL_MS: '50' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

test('the data folder, the database and its logs, and the outbox are private to the server user', async () => {
  const id = randomBytes(5).toString('hex');
  const email = `p_${id}@example.com`;
  const body = {
    username: `p_${id}`,
    email,
    password: 'correct-horse-battery',
    nickname: `P ${id}`,
    gender: 'male',
    birth_date: '2000-05-17',
    language: 'en',
  };
  expect((await httpCall(server.url, 'POST', '/api/users/pp', { body })).status).toBe(201);
  expect((await httpCall(server.url, 'POST', '/api/users/sendReset', { body: { email } })).status).toBe(200);
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  const written = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
  while (written().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const mails = written();
  expect(mails.length, server.output()).toBeGreaterThan(0);

  expect(mode(dataDir)).toBe(0o700);
  for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) {
    expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
  }
  expect(mode(outbox)).toBe(0o700);
  for (const mail of mails) expect([mail, mode(path.join(outbox, mail))]).toEqual([mail, 0o600]);
});

test('`npm run backup` makes its folder 0700 and each backup 0600, whatever the umask it runs under', () => {
  const env = {
    ...childEnv(),
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
  };
  const script = path.join(root, 'scripts/backup.ts');
  const run = spawnSync(process.execPath, [script, 'backup'], { cwd: root, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const file = run.stdout.trim();
  expect(mode(path.join(dataDir, 'backups'))).toBe(0o700);
  expect(mode(file)).toBe(0o600);
});
