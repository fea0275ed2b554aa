import { defineConfig } from '@playwright/test';

/**
 * The built site driven by Debian's Chromium. Each worker starts its own server on its own fresh
 * SQLite database with the demo (tests/e2e/fixtures.ts), so the workers share nothing.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // one worker: on two cores a second server and browser slowed the whole run down and timed tests out
  // (a server, a browser and the seeded demo per worker); E2E_WORKERS chooses another number
  workers: Number(process.env.E2E_WORKERS) || 1,
  retries: 0,
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
});
