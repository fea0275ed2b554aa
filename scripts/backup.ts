/**
 * `npm run backup`: one consistent copy of DATABASE_URL into DATA_DIR/backups, keeping the newest
 * BACKUP_KEEP. `npm run restore -- <file>|latest [--force]`: brings one back; stop the server first.
 * The work is in src/platform/db/backup.ts; docs/operations.md, "Backups", has the details.
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/http/config.ts';
import {
  backupDatabase,
  BackupToolMissing,
  DatabaseInUse,
  resolveBackup,
  restoreDatabase,
} from '../src/platform/db/backup.ts';

const config = loadConfig(process.env);
const dir = path.join(config.dataDir, 'backups');
const [command, ...args] = process.argv.slice(2);

try {
  if (command === 'backup') {
    console.log(await backupDatabase({ databaseUrl: config.databaseUrl, dir, keep: config.backupKeep }));
  } else if (command === 'restore') {
    const which = args.find((a) => !a.startsWith('--'));
    if (!which) throw new Error('usage: npm run restore -- <backup file> | latest [--force]');
    const file = resolveBackup(which, dir, config.databaseUrl);
    const { previous } = await restoreDatabase({
      databaseUrl: config.databaseUrl,
      file,
      force: args.includes('--force'),
    });
    console.log(`restored ${file}${previous ? `; the database it replaced is kept as ${previous}` : ''}`);
    console.log('the next start migrates it if the backup is older than this version');
  } else {
    throw new Error(`unknown command ${command ?? ''}: backup or restore`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  // 2: nothing was done because of where things stand (tool missing, server running), not a failure part-way
  process.exit(e instanceof BackupToolMissing || e instanceof DatabaseInUse ? 2 : 1);
}
