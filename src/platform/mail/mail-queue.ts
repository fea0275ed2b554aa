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
 * restart is sent by the next process. Each row belongs to the brand (OWNER_ID) that wrote it, and
 * only that brand's processes send it: brands may share one database, and a reset mail sent by
 * another brand's process would go out under its name, through its operator's mail server.
 */
export interface MailQueue {
  /**
   * Queues the message (or several, in one statement); it is sent shortly after, by this process or
   * another. Given a transaction, the rows are written in it (one commit with the change the mail
   * is about): call `wake` after the commit, or the worker finds them on its next round.
   */
  send(mail: Mail | readonly Mail[], trx?: Kysely<Database>): Promise<void>;
  /** Looks for due messages now, after the current request's own work. */
  wake(): void;
  /** Drops every message to the address, sent or not (its holder closed their account), in `trx`. */
  forget(recipient: string, trx: Kysely<Database>): Promise<void>;
  /**
   * Resolves once no queued message is due now (after sending those that were). With `all`, also
   * waits out the retries scheduled later, until nothing is pending: for tests and shutdown scripts.
   */
  idle(opts?: { all?: boolean }): Promise<void>;
  /**
   * Deliveries by this process since it started: handed to the mailer, and refused by it (each failed
   * attempt), read by /metrics; and the pauses the worker made for a burst of requests (what a test
   * waits for to know a message is being held back, rather than guessing how long that takes).
   */
  readonly counts: { sent: number; failed: number; deferred: number };
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

/**
 * Mail gives way to players. The "check-in is open" reminders go out as a whole field checks in,
 * and handing hundreds of messages to the mailer takes a second or more of this process's
 * processor. Before each message the worker waits while more than BURST requests are being
 * answered, for DEFER_MS at most per page, so a message is late by seconds at worst and requests
 * are not: in a rush of 2,000 check-ins at once, the first 200 answers took 300-1,300 ms with the
 * worker handing 500 reminders to the mailer beside them (see README, "Check-in rush").
 */
const BURST = 32;
const DEFER_MS = 5_000;
const PAUSE_MS = 20;

export function registerMailQueue(app: FastifyInstance, pollMs: number) {
  const db = () => app.db.kysely;
  const owner = app.config.ownerId;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  const counts = { sent: 0, failed: 0, deferred: 0 };

  // the requests this process is answering now: those Fastify routes (the static files answered
  // at the socket take no time worth yielding for, and a listener on each cost them a fifth)
  let answering = 0;
  const answered = () => answering--;
  app.addHook('onRequest', (_req, reply, done) => {
    answering++;
    reply.raw.once('close', answered);
    done();
  });
  async function whileBusy(deadline: number) {
    while (answering > BURST && Date.now() < deadline && !stopped) {
      counts.deferred++;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  /**
   * Sends a page of due messages: claimed together and, once all are handed to the mailer, marked
   * sent together (three statements a page, not three a message: a reminder tick queues hundreds
   * just as a whole field checks in). A claimed page is finished even when the process is
   * stopping; a message the mailer refuses is rescheduled on its own.
   */
  async function sendPage(ids: string[]) {
    const mails = await MailOutboxRepository.claim(db(), owner, ids, new Date(), new Date(Date.now() + LEASE_MS));
    const sent: string[] = [];
    const deadline = Date.now() + DEFER_MS;
    try {
      for (const mail of mails) {
        await whileBusy(deadline);
        try {
          await app.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
          counts.sent++;
          sent.push(mail.id);
        } catch (err) {
          counts.failed++;
          const attempts = mail.attempts + 1;
          const retryAt = attempts < MAX_ATTEMPTS ? new Date(Date.now() + backoffMs(attempts)) : null;
          app.log.error(
            { err, mail: mail.id, attempts, retryAt },
            retryAt ? 'mail delivery failed; will retry' : 'mail delivery failed; giving up',
          );
          await MailOutboxRepository.markFailed(
            db(),
            mail.id,
            attempts,
            String((err as Error)?.message ?? err),
            retryAt,
          );
        }
      }
    } finally {
      await MailOutboxRepository.markSent(db(), sent);
    }
  }

  async function pass() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const rows = await MailOutboxRepository.due(db(), owner, new Date(), BATCH);
        if (!rows.length) break;
        await sendPage(rows.map((row) => row.id));
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
      await MailOutboxRepository.enqueue(trx ?? db(), owner, Array.isArray(mail) ? mail : [mail as Mail]);
      if (!trx) queue.wake();
    },
    forget: (recipient, trx) => MailOutboxRepository.deleteFor(trx, owner, recipient),
    wake() {
      // after the current request's own work: the answer does not wait for the mail server
      setImmediate(kick);
    },
    async idle(opts = {}) {
      for (;;) {
        await kick();
        while (running) await running;
        const next = await MailOutboxRepository.nextDue(db(), owner);
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
