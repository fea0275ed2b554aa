import type { ServiceContext } from '../context.ts';
import { tryJobLock } from '../db/job-lock.ts';
import type { MediaReferences } from './media-references.ts';
import type { StoredObject } from './media-storage.ts';

/** The lines a sweep writes: pino's (the app's log), or the command's own (scripts/media-sweep.ts). */
export interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a sweep needs of the app: the database the readers read, the store, the brand's bucket, a log and the time. */
export type SweepContext = Pick<ServiceContext, 'db' | 'config' | 'mediaStorage' | 'clock'> & { log: SweepLog };

/** The features' readers by name (the name is what a log line says when one fails); src/app/media.ts lists them. */
export type MediaReaders = Record<string, MediaReferences>;

export interface MediaSweepOptions {
  readers: MediaReaders;
  /** An object written less than this long ago is never deleted: an upload whose row is not written yet. */
  graceMs: number;
  /** Decide and report, delete nothing. */
  dryRun?: boolean;
  /** Aborted (the process is stopping): the sweep ends at its next step, deleting nothing more. */
  signal?: AbortSignal;
}

/** One orphan and what became of it; `wouldDelete` in a dry run. */
export interface SweptObject {
  name: string;
  bytes: number;
  writtenAt: string;
  outcome: 'deleted' | 'rewritten' | 'missing' | 'wouldDelete';
}

export interface MediaSweepReport {
  bucket: string;
  dryRun: boolean;
  /** objects in the bucket */
  stored: number;
  /** of those, written within the grace period: left alone */
  young: number;
  /** older, and named by a row */
  referenced: number;
  /** older and named by no row, each with its outcome */
  orphans: SweptObject[];
  deleted: number;
  bytesFreed: number;
  /** ended early by its signal: the orphans not yet reached stay for the next sweep */
  stopped: boolean;
}

/** A reader failed: the sweep stopped before deleting anything. */
export class MediaSweepRefused extends Error {
  readonly reader: string;
  constructor(reader: string, cause: unknown) {
    super(`the ${reader} references could not be read: nothing was deleted`, { cause });
    this.reader = reader;
  }
}

/**
 * Uploaded images no row names any more: a match report refused after its picture was stored, an image an admin
 * uploaded in an editor and then cancelled, one replaced by another, the pictures of rows since deleted.
 * Objects are named by their content and shared by every row, of any feature, that names the same picture, so an
 * object is deleted only when no reader names it, and only once it is older than the grace period.
 *
 * In that order: the bucket is listed first (only the brand's own, AGENCY_NAME), then every reader reads, then each
 * orphan is deleted unless it was written again since the sweep began. An object a row starts naming after its
 * reader read was either uploaded then (young, or written again: kept) or was already an orphan older than the grace
 * period (an editor left open longer than it, an address copied from the audit log): that one goes. A failed reader
 * stops the sweep before any delete; the store's own failure stops it where it is.
 */
export async function sweepMedia(ctx: SweepContext, options: MediaSweepOptions): Promise<MediaSweepReport> {
  const bucket = ctx.config.agencyName;
  const dryRun = options.dryRun ?? false;
  const startedAt = ctx.clock.now();
  const started = performance.now();
  const writtenBefore = new Date(startedAt.getTime() - options.graceMs);
  const report: MediaSweepReport = {
    bucket,
    dryRun,
    stored: 0,
    young: 0,
    referenced: 0,
    orphans: [],
    deleted: 0,
    bytesFreed: 0,
    stopped: false,
  };
  const stopping = () => (report.stopped ||= options.signal?.aborted ?? false);
  const candidates = new Map<string, StoredObject>();
  for await (const object of ctx.mediaStorage.list(bucket)) {
    if (stopping()) return finish(ctx, report, started);
    report.stored++;
    if (object.writtenAt < writtenBefore) candidates.set(object.name, object);
    else report.young++;
  }
  // with nothing old enough there is nothing to decide: the tables are not read
  if (candidates.size)
    for (const [reader, read] of Object.entries(options.readers)) {
      try {
        for await (const key of read(ctx.db.kysely)) {
          if (stopping()) return finish(ctx, report, started);
          if (key.bucket === bucket && candidates.delete(key.name)) report.referenced++;
        }
      } catch (err) {
        ctx.log.error({ err, reader, bucket }, 'media sweep stopped: a reference reader failed; nothing was deleted');
        throw new MediaSweepRefused(reader, err);
      }
    }
  for (const object of candidates.values()) {
    if (stopping()) break;
    const swept: SweptObject = {
      name: object.name,
      bytes: object.bytes,
      writtenAt: object.writtenAt.toISOString(),
      outcome: dryRun ? 'wouldDelete' : await ctx.mediaStorage.delete(bucket, object.name, { writtenBefore }),
    };
    report.orphans.push(swept);
    if (swept.outcome !== 'deleted') continue;
    report.deleted++;
    report.bytesFreed += object.bytes;
    ctx.log.info(
      { bucket, name: object.name, bytes: object.bytes, writtenAt: swept.writtenAt },
      'media object deleted',
    );
  }
  return finish(ctx, report, started);
}

/** The sweep's last line: what it counted, and how it ended. */
function finish(ctx: SweepContext, report: MediaSweepReport, started: number): MediaSweepReport {
  const { orphans, ...counts } = report;
  const msg = report.stopped
    ? 'media sweep stopped early: the process is stopping'
    : report.dryRun
      ? 'media sweep dry run: nothing deleted'
      : 'media sweep finished';
  ctx.log.info({ ...counts, orphans: orphans.length, ms: Math.round(performance.now() - started) }, msg);
  return report;
}

/**
 * sweepMedia by one process at a time: the others find the job's lock taken and answer 'busy' (PostgreSQL: an
 * advisory lock; SQLite: a lock file beside the database). Keyed by the bucket, so brands with buckets of their own
 * sweep side by side.
 */
export async function runMediaSweep(ctx: SweepContext, options: MediaSweepOptions): Promise<MediaSweepReport | 'busy'> {
  const lock = await tryJobLock(ctx.db, ctx.config.databaseUrl, `media-sweep-${ctx.config.agencyName}`);
  if (!lock) {
    ctx.log.info({ bucket: ctx.config.agencyName }, 'media sweep skipped: another process is sweeping');
    return 'busy';
  }
  try {
    return await sweepMedia(ctx, options);
  } finally {
    await lock.release();
  }
}

export interface MediaSweepSchedule {
  /** the first sweep, this long after the start (so a deploy's restarts do not each sweep at once) */
  firstAfterMs: number;
  everyMs: number;
}

/** An hour after the start, then once a day. */
export const dailySweep: MediaSweepSchedule = { firstAfterMs: 3600_000, everyMs: 86_400_000 };

/**
 * The periodic sweep of one process (MEDIA_SWEEP=true, src/app/main.ts). A failed one is logged and the next one
 * tries again; a sweep is never started while the one before it runs. Answers the function that stops it, which
 * waits for the sweep in flight to end.
 */
export function scheduleMediaSweep(
  ctx: SweepContext,
  options: MediaSweepOptions,
  schedule: MediaSweepSchedule = dailySweep,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const stop = new AbortController();
  let every: NodeJS.Timeout | undefined;
  const run = () => {
    if (running || stop.signal.aborted) return;
    running = runMediaSweep(ctx, { ...options, signal: stop.signal })
      .catch((err: unknown) => {
        // a reader's failure is logged where it happened
        if (!(err instanceof MediaSweepRefused)) ctx.log.error({ err }, 'media sweep failed; the next one tries again');
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(() => {
    run();
    every = setInterval(run, schedule.everyMs);
    every.unref();
  }, schedule.firstAfterMs);
  first.unref();
  // a sweep in flight ends at its next step (one listing page, one row, one delete), so a stop is not held up
  return async () => {
    stop.abort();
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
