import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/sequencer.ts';

// The API suite runs once per database engine. PostgreSQL joins only when a server is named, so a
// machine without one still runs the full SQLite suite; CI sets TEST_DATABASE_URL.
const apiProject = (name: string, engine: 'sqlite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    // the shared-store test needs a Redis server and runs in its own project (below)
    exclude: ['tests/api/**/*.redis.test.ts'],
    env: { TEST_DB: engine },
    environment: 'node',
    // every file builds its own app on its own fresh database (tests/api/helpers/test-app.ts), a copy
    // of one migrated once per run
    globalSetup: ['tests/api/helpers/database-template.ts'],
    // A worker keeps its modules from one file to the next: re-importing the whole server for each file
    // was about half of the API suite's CPU. The files share no state through modules: each builds its
    // own app on its own database, and a file that changes process.env puts it back.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    // API files wait on the database and on the processes they start, so one worker more than the cores keeps
    // the cores busy, and more only add the cost of switching between them. The whole suite alone on 2 cores:
    // 333 s and 527 CPU-seconds with 3 workers, 352 s and 587 CPU-seconds with 4 (a part of it took twice as
    // long with 2). With 3 the cores stay about a fifth idle, which the checks run beside it take (test.sh).
    maxWorkers: os.availableParallelism() + 1,
    // the files that start processes first, from every project (tests/sequencer.ts)
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // a loaded 2-core machine runs the property tests and the script tests slower than vitest's 5 s default
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      apiProject('api-sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      // like PostgreSQL, Redis joins when a server is named (CI sets TEST_REDIS_URL)
      ...(process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                ...apiProject('api-redis', 'sqlite').test,
                include: ['tests/api/**/*.redis.test.ts'],
                exclude: [],
              },
            },
          ]
        : []),
    ],
  },
});
