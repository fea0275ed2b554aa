import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

// a port the system says is free, chosen once per run: the workers load this file again and take
// the same number from the environment (set E2E_PORT to choose one)
process.env.E2E_PORT ||= execFileSync(process.execPath, ['-e', "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"], { encoding: 'utf8' }).trim();
const port = Number(process.env.E2E_PORT);
export const e2eDataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `arena-e2e-${port}`);

/** The real server (built site + API on a fresh SQLite file) driven by Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // each run starts from an empty database and outbox
    command: `rm -rf '${e2eDataDir}' && node src/platform/http/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // the suite logs the demo admin in far more than 10 times a minute; the limit itself is tested in tests/api
    // likewise signups, failed logins and unknown codes from the one test browser's address
    env: {
      LOGIN_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      UNKNOWN_CODES_PER_ADDRESS: '1000',
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      SEED_DEMO: 'true',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // the reminder poll still runs once at start (the demo's check-in mails); no later tick may
      // slip a reminder between the mails a spec reads in order
      REMINDER_POLL_MS: '3600000',
    },
  },
});
