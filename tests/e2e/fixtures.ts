import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { anyFreePort, startServer, type ServerProcess } from '../api/helpers/server-process.ts';

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

/** The worker's server: the real entry on the built site, through the API tests' process helper. */
async function startArena(): Promise<{ arena: Arena; server: ServerProcess }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-e2e-'));
  const port = await anyFreePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`,
    dataDir,
    port,
    distDir: path.resolve('dist'),
    readyWithinMs: 90_000,
    env: {
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
  });
  return { arena: { url, dataDir }, server };
}

export const test = base.extend<object, { arenaServer: Arena }>({
  arenaServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = await startArena();
      current = started.arena;
      await use(started.arena);
      current = undefined;
      await started.server.stop();
      fs.rmSync(started.arena.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ arenaServer }, use) => use(arenaServer.url),
});

export { expect };
