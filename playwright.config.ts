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
    // A trace records every action's page snapshot and screenshot for every test, kept or not: that cost
    // about 40 % of the suite's CPU. A failure still leaves its screenshot and the error; E2E_TRACE=on
    // (or retain-on-failure) records traces when a failure needs to be replayed step by step.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
});
