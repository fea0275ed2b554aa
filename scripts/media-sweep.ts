/**
 * `npm run media-sweep [-- --dry-run]`: deletes the uploaded images of AGENCY_NAME's bucket that no row names and
 * that were written more than MEDIA_SWEEP_GRACE_HOURS (24) ago, as the daily sweep of MEDIA_SWEEP=true does in the
 * server. `--dry-run` lists what would go and deletes nothing. Exit 0: done; 1: a reader or the store failed (a
 * reader's failure deletes nothing; the store's stops the deletes where it happened); 2: another process is
 * sweeping, nothing was done. docs/operations.md, "Uploaded images", has the details.
 */
import { loadConfig } from '../src/platform/http/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { systemClock } from '../src/platform/context.ts';
import {
  MediaSweepRefused,
  runMediaSweep,
  sweepMedia,
  type MediaSweepReport,
  type SweepLog,
} from '../src/platform/storage/media-sweep.ts';
import { mediaReaders, openMediaStorage } from '../src/app/media.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length) {
  console.error(`unknown argument ${unknown[0]}: npm run media-sweep [-- --dry-run]`);
  process.exit(1);
}
const dryRun = args.includes('--dry-run');

/** The lines are the report printed below; a failure's cause goes to stderr. */
const log: SweepLog & { warn(obj: object, msg: string): void } = {
  info: () => {},
  warn: (obj, msg) => console.error(`${msg}${causeOf(obj)}`),
  error: (obj, msg) => console.error(`${msg}${causeOf(obj)}`),
};
function causeOf(obj: object): string {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error ? `: ${err.message}` : '';
}

const outcomes = {
  deleted: 'deleted',
  wouldDelete: 'would delete',
  rewritten: 'kept, written again during the sweep:',
  missing: 'already gone:',
} as const;

function print(report: MediaSweepReport, graceHours: number) {
  for (const o of report.orphans)
    console.log(`${outcomes[o.outcome]} ${report.bucket}/${o.name} (${o.bytes} bytes, written ${o.writtenAt})`);
  const orphanBytes = report.orphans.reduce((sum, o) => sum + o.bytes, 0);
  console.log(
    `${report.bucket}: ${report.stored} stored, ${report.young} written within the last ${graceHours} h, ` +
      `${report.referenced} named by a row, ${report.orphans.length} orphan(s) of ${orphanBytes} bytes: ` +
      (report.dryRun ? 'nothing deleted (dry run)' : `${report.deleted} deleted, ${report.bytesFreed} bytes freed`),
  );
}

let code = 0;
try {
  const config = loadConfig(process.env);
  const db = await openDatabase(config.databaseUrl, config);
  const mediaStorage = await openMediaStorage(config, log);
  try {
    const ctx = { db, config, log, mediaStorage, clock: systemClock };
    const options = { readers: mediaReaders, graceMs: config.mediaSweepGraceHours * 3600_000, dryRun };
    // the dry run deletes nothing, so it need not wait its turn
    const report = dryRun ? await sweepMedia(ctx, options) : await runMediaSweep(ctx, options);
    if (report === 'busy') {
      console.error('another process is sweeping the media now: nothing was done');
      code = 2;
    } else print(report, config.mediaSweepGraceHours);
  } finally {
    mediaStorage.close?.();
    await db.close();
  }
} catch (e) {
  // a reader's failure was written where it happened (the log above), with its cause
  if (!(e instanceof MediaSweepRefused)) console.error(e instanceof Error ? e.message : String(e));
  code = 1;
}
process.exit(code);
