import type { FastifyInstance } from 'fastify';
import * as IdempotencyRepository from '../db/idempotency-repository.ts';
import * as SessionRepository from '../../features/accounts/server/session-repository.ts';
import { pruneRateLimits } from './rate-limit-store.ts';

/** How long a purchase or redemption may be retried with the same Idempotency-Key. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** Removes rows that can never be used again; safe to run from several processes at once. */
export async function pruneExpired(app: FastifyInstance, now = new Date()) {
  const db = app.db.kysely;
  const keys = await IdempotencyRepository.deleteOlderThan(
    db,
    new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3600_000).toISOString(),
  );
  const sessions = await SessionRepository.deleteExpired(db, now.toISOString());
  // counters of ended windows (PostgreSQL store; the table stays empty on SQLite)
  const rateLimits = await pruneRateLimits(db, now.getTime());
  return { keys, sessions, rateLimits };
}

/** Runs pruneExpired now and every hour while the server lives. */
export function schedulePruning(app: FastifyInstance) {
  const run = () => pruneExpired(app).catch((err) => app.log.error({ err }, 'pruning expired rows failed'));
  void run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
