/**
 * `npm run demo:reset`: throws the embedded demo away (the SQLite database, uploaded media and
 * the mail outbox under DATA_DIR, default ./data), so the start that follows seeds a fresh demo
 * relative to this moment. It never touches a PostgreSQL database: drop and recreate that
 * yourself, then start with SEED_DEMO=true.
 */
import { existsSync, rmSync } from 'node:fs';
import { loadConfig } from '../src/platform/http/config.ts';

const config = loadConfig(process.env);
if (!config.databaseUrl.startsWith('sqlite:')) {
  console.error(
    'demo:reset only resets the embedded SQLite demo; DATABASE_URL points elsewhere, so nothing was removed.',
  );
  process.exit(2);
}
if (existsSync(config.dataDir)) rmSync(config.dataDir, { recursive: true, force: true });
console.log(`› removed ${config.dataDir}: the start that follows seeds a fresh demo`);
