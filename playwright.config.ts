import { defineConfig } from '@playwright/test';

/**
 * The specs whose tests each take minutes: the walks over every page (axe, CSP) and the long match-day
 * stories. Their project is listed first, so the workers start on them and the short tests fill the
 * gaps at the end; the other way round, one walk begun last keeps the whole run waiting for it.
 */
const longSpecs = [
  'platform/accessibility.spec.ts',
  'platform/csp.spec.ts',
  'dashboard/dashboard-accessibility.spec.ts',
  'results/finalise.spec.ts',
  'results/results.spec.ts',
];

/**
 * The built site driven by Debian's Chromium. Each worker starts its own server on its own fresh
 * SQLite database with the demo (tests/e2e/fixtures.ts), so the workers share nothing.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // every test is on its own (each creates what it needs, on a server no other worker uses), so the
  // workers take tests one by one rather than a whole file each: a long file no longer runs alone at the end
  fullyParallel: true,
  // two cores: a server and a browser per worker; E2E_WORKERS chooses another number
  workers: Number(process.env.E2E_WORKERS) || 3,
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
  // a worker that passes from the first project to the second starts a new server (a worker fixture
  // belongs to one project): three more starts, far less than a walk left to the end
  projects: [
    { name: 'long', testMatch: longSpecs },
    { name: 'e2e', testIgnore: longSpecs },
  ],
});
