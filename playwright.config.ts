import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's headless shell (package chromium-headless-shell) is Chromium without the desktop browser's
// compositing and window machinery: the same engine, about a third less CPU for the suite. The full
// browser serves where the shell is not installed.
const shell = '/usr/bin/chromium-headless-shell';
const chromium = fs.existsSync(shell) ? shell : '/usr/bin/chromium';

/**
 * The built site driven by Debian's Chromium. Each worker starts its own server on its own fresh
 * SQLite database with the demo (tests/e2e/fixtures.ts), so the workers share nothing.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // three workers, each with its own server and browser: a test mostly waits on its page, so one worker kept
  // the two cores about 60 % busy, two about 80 % and three about 90 %; E2E_WORKERS chooses another number
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  use: {
    launchOptions: {
      executablePath: chromium,
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
