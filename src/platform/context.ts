import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { transaction, type Db } from './db/database.ts';
import type { AppConfig } from './http/config.ts';
import type { MailQueue } from './mail/mail-queue.ts';
import type { AfterResponse } from './http/after-response.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { WorkGate } from './http/work-gate.ts';
import type { EventBus } from './events.ts';

/** The time a service reads; tests may hand in a fixed one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What a service may use, and nothing of the web framework: the database (or the transaction it runs
 * in), the configuration, a logger, the mail queue, stored files, work for after the answer, the clock
 * and the event bus. Routes build it once per app (`serviceContext`); a service that calls another hands its own
 * context on, so a call made inside `withTransaction` stays inside that transaction.
 */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailQueue: MailQueue;
  mediaStorage: MediaStorage;
  /** The slots uploaded images are decoded in, shared by every upload of the process (storage/image-limits.ts). */
  imageGate: WorkGate;
  afterResponse: AfterResponse;
  clock: Clock;
  /** What features announce and others listen to (src/platform/events.ts). */
  events: EventBus<ServiceContext>;
}

/** The context of an app's services: the app's own parts, copied out so no service holds the app itself. */
export function serviceContext(parts: ServiceContext): ServiceContext {
  const { db, config, log, mailQueue, mediaStorage, imageGate, afterResponse, clock, events } = parts;
  return { db, config, log, mailQueue, mediaStorage, imageGate, afterResponse, clock, events };
}

/**
 * Runs `work` in one database transaction, with a context whose every read and write belongs to it.
 * Inside a transaction already, `work` joins it (one commit for the whole call).
 */
export function withTransaction<T>(ctx: ServiceContext, work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  return transaction(ctx.db.kysely, (trx) => work(inTransaction(ctx, trx)));
}

/** The same context bound to a transaction the caller already holds. */
export function inTransaction(ctx: ServiceContext, trx: Kysely<Database>): ServiceContext {
  return { ...serviceContext(ctx), db: { ...ctx.db, kysely: trx } };
}
