import type { FastifyInstance } from 'fastify';

/**
 * Work a request starts but its answer must not wait for: the answer's time would otherwise tell
 * what the work found (a password reset for a known address writes a link and a mail, one for an
 * unknown address writes nothing). The work runs in this process after the answer has been
 * written; its errors are logged, never left as unhandled rejections; closing the app waits for
 * it, so a shutdown does not cut it in half. Work that must survive a crash is not kept here: it
 * commits its own durable record (the mail queue's outbox row) as its first step.
 */
export interface AfterResponse {
  /** Runs `work` once the current request's answer has gone out. */
  run(what: string, work: () => Promise<void>): void;
  /** Resolves when no work started so far is still running (including work started meanwhile). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    afterResponse: AfterResponse;
  }
}

export function registerAfterResponse(app: FastifyInstance) {
  const running = new Set<Promise<void>>();

  const tracker: AfterResponse = {
    run(what, work) {
      const done: Promise<void> = new Promise<void>((resolve) => {
        // A handler's answer is serialised and written in the microtasks that follow its return;
        // setImmediate runs after them, so the answer is out before the work begins (and on SQLite,
        // whose calls are synchronous, the work cannot hold the answer back).
        setImmediate(resolve);
      })
        .then(work)
        .catch((err: unknown) => app.log.error({ err, work: what }, 'after-response work failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };

  app.decorate('afterResponse', tracker);
  app.addHook('onClose', async () => {
    await tracker.idle();
  });
}
