import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { anyFreePort } from '../api/helpers/server-process.ts';

/**
 * Every Playwright worker drives its own server (the built site and the API) on its own fresh
 * SQLite database with the demo seeded, so workers run side by side without seeing each other's
 * writes, and a spec reads the mail outbox of the server it talks to.
 */
export interface Arena {
  url: string;
  dataDir: string;
}

let current: Arena | undefined;
/** The server of this worker (set once the worker's fixture has started it). */
export function arena(): Arena {
  if (!current) throw new Error('the worker has not started its server yet');
  return current;
}

async function startArena(): Promise<{ arena: Arena; child: ChildProcess; output: () => string }> {
  const port = await anyFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-e2e-'));
  const child = spawn(process.execPath, ['src/platform/http/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      PUBLIC_ORIGIN: url,
      // the suite logs the demo admin in far more often than a person would; the limits themselves
      // are tested in tests/api. Likewise signups, failed logins and unknown codes from one address.
      LOGIN_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      UNKNOWN_CODES_PER_ADDRESS: '1000',
      // the reminder poll still runs once at start (the demo's check-in mails); no later tick may
      // slip a reminder between the mails a spec reads in order
      REMINDER_POLL_MS: '3600000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (log = (log + d).slice(-20_000)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server ended before answering:\n${log}`);
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the e2e server did not answer within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { arena: { url, dataDir }, child, output: () => log };
}

export const test = base.extend<object, { arenaServer: Arena }>({
  arenaServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = await startArena();
      current = started.arena;
      await use(started.arena);
      current = undefined;
      started.child.kill('SIGTERM');
      await new Promise((r) => (started.child.exitCode === null ? started.child.once('exit', r) : r(null)));
      fs.rmSync(started.arena.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ arenaServer }, use) => use(arenaServer.url),
});

export { expect };
