import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import * as IdempotencyRepository from '../db/idempotency-repository.ts';
import { pruneRateLimits } from './rate-limit-store.ts';
import * as MailOutboxRepository from '../mail/outbox-repository.ts';

/** How long a purchase or redemption may be retried with the same Idempotency-Key. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** How long the record of a delivered (or abandoned) e-mail is kept: its address and subject, for support. */
export const MAIL_RECORD_DAYS = 30;

/**
 * A feature's rows that can never be used again (expired sessions, say): deletes them, answers how many
 * went. The composition root names the features' sweeps; the platform only runs them.
 */
export type Sweep = (db: Kysely<Database>, now: Date) => Promise<number>;

/** Removes rows that can never be used again; safe to run from several processes at once. */
export async function pruneExpired<S extends string>(
  app: FastifyInstance,
  sweeps: Record<S, Sweep>,
  now = new Date(),
): Promise<{ keys: number; rateLimits: number; mails: number } & Record<S, number>> {
  const db = app.db.kysely;
  const keys = await IdempotencyRepository.deleteOlderThan(
    db,
    new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3600_000).toISOString(),
  );
  // counters of ended windows (PostgreSQL store; the table stays empty on SQLite)
  const rateLimits = await pruneRateLimits(db, now.getTime());
  const mails = await MailOutboxRepository.deleteDoneBefore(
    db,
    new Date(now.getTime() - MAIL_RECORD_DAYS * 86_400_000).toISOString(),
  );
  const swept = {} as Record<S, number>;
  for (const [name, sweep] of Object.entries(sweeps) as [S, Sweep][]) swept[name] = await sweep(db, now);
  return { keys, rateLimits, mails, ...swept };
}

/** Runs pruneExpired now and every hour while the server lives. */
export function schedulePruning(app: FastifyInstance, sweeps: Record<string, Sweep>) {
  const run = () => pruneExpired(app, sweeps).catch((err) => app.log.error({ err }, 'pruning expired rows failed'));
  void run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
