import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelope, ok } from './envelope.ts';
import { RETRY_AFTER_SECONDS, serviceUnavailableMessage } from './plugins/error-handler.ts';

/**
 * A load balancer's probe must get its answer within 1 s whatever the database does: each
 * dependency gets this long, checked at the same time, and counts as down if it has not answered.
 */
const CHECK_TIMEOUT_MS = 700;

type State = 'up' | 'down';

/** Resolves 'up' when the check succeeds in time, 'down' when it fails or is still waiting. */
function probe(check: () => Promise<unknown>): Promise<State> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
    check().then(
      () => (clearTimeout(timer), resolve('up')),
      () => (clearTimeout(timer), resolve('down')),
    );
  });
}

const dependencies = z.object({ database: z.enum(['up', 'down']), redis: z.enum(['up', 'down']).optional() });
const unavailable = z.object({
  status: z.literal('ERROR'),
  error: z.object({ code: z.literal('SERVICE_UNAVAILABLE'), message: z.string(), dependencies, draining: z.literal(true).optional() }),
});

export default async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/health', {
    schema: {
      tags: ['system'],
      summary: 'Readiness: 200 once the database answers, 503 naming what failed or while the process stops; always within 1 s',
      description:
        'Redis (when configured) is reported but does not make the answer 503: rate limits fall back to the database or memory while it is down. ' +
        'After SIGTERM the answer is 503 with `draining: true` while the requests in flight finish, so a load balancer stops sending traffic here.',
      response: { 200: envelope(z.object({ database: z.enum(['sqlite', 'postgres']), redis: z.enum(['up', 'down']).optional() })), 503: unavailable },
    },
    handler: async (_req, reply) => {
      const redis = app.redis;
      const [database, redisState] = await Promise.all([probe(() => sql`select 1`.execute(app.db.kysely)), redis ? probe(() => redis.ping()) : undefined]);
      const redisField = redisState ? { redis: redisState } : {};
      if (database === 'down' || app.draining) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        const error = { code: 'SERVICE_UNAVAILABLE' as const, message: serviceUnavailableMessage, dependencies: { database, ...redisField } };
        return reply.code(503).send({ status: 'ERROR', error: app.draining ? { ...error, draining: true as const } : error });
      }
      return ok({ database: app.db.dialect, ...redisField });
    },
  });
  app.get('/health/live', {
    schema: {
      tags: ['system'],
      summary: 'Liveness: the process answers; checks no dependency',
      response: { 200: envelope(z.object({ live: z.literal(true) })) },
    },
    handler: async () => ok({ live: true as const }),
  });
}
