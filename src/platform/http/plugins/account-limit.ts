import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited } from '../errors.ts';

export interface AccountLimitOptions {
  /** names the counter; two limits must not share one */
  name: string;
  /** calls one account may make within the window */
  max: number;
  timeWindow: string;
}

/**
 * A per-account limit on one kind of call, where a route's `config.rateLimit` does not fit: the
 * calls are spread over several routes, or only some bodies of a route count, or the route already
 * has a limit of its own. It is @fastify/rate-limit's own limiter (the same store as every route
 * limit), so every process counts together; each counted call spends one, and the one past `max`
 * is 429 with Retry-After. For signed-in calls only. Off when the rate-limit plugin is.
 */
export function accountLimit(app: FastifyInstance, opts: AccountLimitOptions) {
  if (!app.hasDecorator('createRateLimit')) return async (_req: FastifyRequest) => {};
  const keyGenerator = (req: FastifyRequest) => `${opts.name}|${req.user!.id}`;
  const limiter = app.createRateLimit({ max: opts.max, timeWindow: opts.timeWindow, keyGenerator });
  return async (req: FastifyRequest): Promise<void> => {
    const spent = await limiter(req);
    if (spent.isAllowed || !spent.isExceeded) return;
    app.metrics.rateLimited(opts.name);
    throw rateLimited(spent.ttlInSeconds);
  };
}
