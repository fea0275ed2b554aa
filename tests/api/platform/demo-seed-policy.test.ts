import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../../../src/platform/http/config.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { createDatabase } from '../helpers/test-app.ts';

// The demo's accounts have published passwords: it belongs to a quick start on this machine, and
// never to a deployment on a real database or one reachable from outside loopback.
test('the demo is seeded by default only into the embedded database', () => {
  expect(loadConfig({}).seedDemo).toBe(true);
  expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/arena' }).seedDemo).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/arena', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
});

test('beyond loopback the demo is off by default, and asking for it refuses the start in one line', () => {
  expect(loadConfig({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
  expect(loadConfig({ HOST: '::1', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  expect(loadConfig({ HOST: '127.0.0.2', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  for (const host of ['0.0.0.0', '::', '10.1.2.3', 'arena.example'])
    expect(() => loadConfig({ HOST: host, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true is refused on HOST=.*loopback/);
});

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const c of cleanups) await c();
});

test('a server started on a database URL without SEED_DEMO serves no demo account', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-demo-policy-'));
  const database = await createDatabase(dataDir);
  cleanups.push(database.drop);
  // SEED_DEMO left unset, as an operator following the deployment page would
  const server = await startServer({
    databaseUrl: database.url,
    dataDir,
    port: await anyFreePort(),
    env: { SEED_DEMO: '' },
  });
  started.push(server);
  const login = await fetch(`${server.url}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.arena', password: 'demo-admin-2026' }),
  });
  expect(login.status).toBe(401);
  expect(server.output()).not.toContain('demo-admin-2026');
});
