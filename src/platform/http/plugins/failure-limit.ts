import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../errors/error-codes.ts';
import { AppError, rateLimited } from '../errors.ts';
import { clientAddressKey } from '../rate-limit-store.ts';

export interface FailureLimitOptions {
  /** names the counter; two limits must not share one */
  name: string;
  /** failures allowed per client address within the window */
  max: number;
  timeWindow: string;
  /** the answers that count as a failure; every other outcome is free */
  failures: ErrorCode[];
}

/**
 * A per-address limit that counts only failures (wrong passwords across all e-mails, unknown
 * giveaway codes across all accounts), where a route's `config.rateLimit` would count every
 * request. It is @fastify/rate-limit's own limiter (`createRateLimit`, the same store as every
 * route limit: memory, PostgreSQL or Redis), peeked before the work and incremented when the
 * work fails with one of `failures`; once an address has spent them, every attempt from it is
 * 429 until the window ends, so a right guess cannot be told apart from a wrong one.
 * Concurrent attempts all pass the peek, so a burst may overshoot by its size (argon2's bound
 * keeps login bursts small). Off when the rate-limit plugin is (RATE_LIMITS=false).
 */
export function failureLimit(app: FastifyInstance, opts: FailureLimitOptions) {
  if (!app.hasDecorator('createRateLimit')) return <T>(_req: FastifyRequest, work: () => Promise<T>) => work();
  // the per-route store prefix is empty for a limiter made here, so the name keeps counters apart
  const keyGenerator = (req: FastifyRequest) => `${opts.name}|${clientAddressKey(req)}`;
  const limiter = app.createRateLimit({ max: opts.max, timeWindow: opts.timeWindow, keyGenerator });
  return async <T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    const seen = await limiter(req, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) {
      app.metrics.rateLimited(opts.name);
      throw rateLimited(seen.ttlInSeconds);
    }
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && opts.failures.includes(err.code)) await limiter(req);
      throw err;
    }
  };
}
