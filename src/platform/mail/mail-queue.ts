import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mail } from './mailer.ts';
import * as MailOutboxRepository from './outbox-repository.ts';

/**
 * Transactional mail goes through the `mail_outbox` table. `send` writes the row and returns; a
 * worker in every API process hands due rows to the mailer after the request has answered. So a
 * request never waits for SMTP (a password reset answers as fast for a known address as for an
 * unknown one), a mail-server outage is retried with backoff, and a message written just before a
 * restart is sent by the next process.
 */
export interface MailQueue {
  /**
   * Queues the message; it is sent shortly after, by this process or another. Given a transaction,
   * the row is written in it (one commit with the change the mail is about): call `wake` after
   * the commit, or the worker finds it on its next round.
   */
  send(mail: Mail, trx?: Kysely<Database>): Promise<void>;
  /** Looks for due messages now, after the current request's own work. */
  wake(): void;
  /**
   * Resolves once no queued message is due now (after sending those that were). With `all`, also
   * waits out the retries scheduled later, until nothing is pending: for tests and shutdown scripts.
   */
  idle(opts?: { all?: boolean }): Promise<void>;
  /** Deliveries by this process since it started: handed to the mailer, and refused by it (each failed attempt). Read by /metrics. */
  readonly counts: { sent: number; failed: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

/** A process that dies mid-send gives the message back after this long. */
const LEASE_MS = 60_000;
/** Retries 1 s, 2 s, 4 s … capped at an hour: fifteen attempts cover about four hours of outage. */
const MAX_ATTEMPTS = 15;
const backoffMs = (attempts: number) => Math.min(3_600_000, 1000 * 2 ** (attempts - 1));
const BATCH = 20;

export function registerMailQueue(app: FastifyInstance, pollMs: number) {
  const db = () => app.db.kysely;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  const counts = { sent: 0, failed: 0 };

  async function sendOne(id: string, seen: string) {
    const mail = await MailOutboxRepository.claim(db(), id, seen, new Date(Date.now() + LEASE_MS));
    if (!mail) return; // another process took it
    let sent = false;
    try {
      await app.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      sent = true;
      counts.sent++;
      await MailOutboxRepository.markSent(db(), id);
    } catch (err) {
      if (!sent) counts.failed++;
      const attempts = mail.attempts + 1;
      const retryAt = attempts < MAX_ATTEMPTS ? new Date(Date.now() + backoffMs(attempts)) : null;
      app.log.error({ err, mail: id, attempts, retryAt }, retryAt ? 'mail delivery failed; will retry' : 'mail delivery failed; giving up');
      await MailOutboxRepository.markFailed(db(), id, attempts, String((err as Error)?.message ?? err), retryAt);
    }
  }

  async function pass() {
    do {
      again = false;
      for (;;) {
        const rows = await MailOutboxRepository.due(db(), new Date(), BATCH);
        for (const row of rows) {
          if (stopped) return;
          await sendOne(row.id, row.next_attempt_at);
        }
        if (rows.length < BATCH) break;
      }
    } while (again && !stopped);
  }

  /** One pass at a time; a message queued during a pass gets another pass. */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err) => app.log.error({ err }, 'mail queue pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const queue: MailQueue = {
    counts,
    async send(mail, trx) {
      await MailOutboxRepository.enqueue(trx ?? db(), mail);
      if (!trx) queue.wake();
    },
    wake() {
      // after the current request's own work: the answer does not wait for the mail server
      setImmediate(kick);
    },
    async idle(opts = {}) {
      for (;;) {
        await kick();
        while (running) await running;
        const next = await MailOutboxRepository.nextDue(db());
        if (next === null || stopped) return;
        const wait = Date.parse(next) - Date.now();
        if (wait > 0 && !opts.all) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(wait, 1000))));
      }
    },
  };
  app.decorate('mailQueue', queue);
  // at boot, rows left by a previous process (or another one's expired lease) are picked up at once
  app.addHook('onReady', async () => {
    timer = setInterval(kick, pollMs);
    timer.unref();
    void kick();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    while (running) await running;
  });
}
