import type { ServiceContext } from '../../../platform/context.ts';
import { tick } from './service.ts';

/**
 * The reminder poll of one API process: a tick at once (so a fresh start mails a window that is
 * already open within seconds, not after the first interval) and then every `pollMs`. Every
 * process runs one; the rows of reminders_sent decide who is mailed, so two processes ticking
 * together mail each player once. A failed tick (the database down) is logged, and the next one
 * tries again: the process never stops over it. Answers the function that stops it.
 */
export function scheduleReminders(ctx: ServiceContext, pollMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = tick(ctx)
      .then((sent) => {
        const total = sent.checkin_open + sent.checkin_closing + sent.results_final;
        if (total > 0) ctx.log.info({ sent }, 'reminders queued');
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'reminder tick failed; the next one retries'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, pollMs);
  timer.unref();
  /** Stops the poll, after the tick in flight (the caller runs it when the server closes). */
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
