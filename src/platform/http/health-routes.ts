import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildInfo } from '../build-info.ts';
import { envelope, ok } from './envelope.ts';
import { warmingUp } from './readiness.ts';
import { RETRY_AFTER_SECONDS, serviceUnavailableMessage } from './plugins/error-handler.ts';

/**
 * A load balancer's probe must get its answer within 1 s whatever a dependency does: each
 * dependency gets this long, checked at the same time, and counts as down if it has not answered.
 */
const CHECK_TIMEOUT_MS = 700;
/**
 * An S3 check is a request to another service (and, on AWS, a billed one): its answer is kept this
 * long, and probes arriving meanwhile share the check in flight, so a balancer probing every second
 * from several places sends S3 one request a second at most.
 */
const S3_CHECK_TTL_MS = 1500;

type State = 'up' | 'down';

/**
 * What this process depends on, as the readiness check and the metrics see it. `database` (and
 * `s3` with MEDIA_STORAGE=s3) must be up to serve; `redis` and the cache channel have a fallback
 * (rate limits move to the database or memory, cached pages to a short lifetime), so they are
 * reported but do not take the process out of rotation. The cache channel is `local` when there is
 * none (one process, or no cache).
 */
export interface DependencyStates {
  database: State;
  redis?: State;
  s3?: State;
  cacheChannel: 'up' | 'down' | 'local';
}

/** Resolves 'up' when the check succeeds in time, 'down' when it fails or is still waiting. */
function probe(check: (signal: AbortSignal) => Promise<unknown>): Promise<State> {
  return new Promise((resolve) => {
    const abort = new AbortController();
    const timer = setTimeout(() => (abort.abort(), resolve('down')), CHECK_TIMEOUT_MS);
    check(abort.signal).then(
      () => (clearTimeout(timer), resolve('up')),
      () => (clearTimeout(timer), resolve('down')),
    );
  });
}

const s3Checks = new WeakMap<FastifyInstance, { at: number; state: Promise<State> }>();

function s3State(app: FastifyInstance): Promise<State> | undefined {
  const storage = app.mediaStorage;
  if (!storage.ping) return undefined;
  const last = s3Checks.get(app);
  if (last && performance.now() - last.at < S3_CHECK_TTL_MS) return last.state;
  const state = probe((signal) => storage.ping!(signal));
  s3Checks.set(app, { at: performance.now(), state });
  return state;
}

/** Checks every dependency at once; resolves within CHECK_TIMEOUT_MS. Also read by the metrics. */
export async function dependencyStates(app: FastifyInstance): Promise<DependencyStates> {
  const redis = app.redis;
  const [database, redisState, s3] = await Promise.all([
    probe(() => sql`select 1`.execute(app.db.kysely)),
    redis ? probe(() => redis.ping()) : undefined,
    s3State(app),
  ]);
  return {
    database,
    ...(redisState ? { redis: redisState } : {}),
    ...(s3 ? { s3 } : {}),
    cacheChannel: app.cacheInvalidator.state,
  };
}

/** The dependencies without which this process cannot serve, by name, when down. */
export const failedDependencies = (states: DependencyStates): string[] =>
  (['database', 's3'] as const).filter((name) => states[name] === 'down');

const upDown = z.enum(['up', 'down']);
const dependencies = z.object({
  database: upDown,
  redis: upDown.optional(),
  s3: upDown.optional(),
  cacheChannel: z.enum(['up', 'down', 'local']),
});
const build = { version: z.string(), commit: z.string() };
const unavailable = z.object({
  status: z.literal('ERROR'),
  error: z.object({
    code: z.literal('SERVICE_UNAVAILABLE'),
    message: z.string(),
    dependencies,
    failed: z.array(z.string()),
    draining: z.literal(true).optional(),
    /** start-up work (rendering each on-demand page once) is not done yet */
    warming: z.literal(true).optional(),
    ...build,
  }),
});

export default async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { version, commit } = buildInfo(app.config.distDir);
  app.get('/health', {
    schema: {
      tags: ['system'],
      summary:
        'Readiness: 200 once the database (and S3 with MEDIA_STORAGE=s3) answers, ' +
        '503 naming what failed or while the process stops; always within 1 s',
      description:
        'Redis and the cache channel (Redis pub/sub or PostgreSQL LISTEN/NOTIFY between API processes) ' +
        'are reported but do not make the answer 503: ' +
        'rate limits fall back to the database or memory, ' +
        'cached pages to a short lifetime. The S3 check is kept 1.5 s. ' +
        '`version` (package.json) and `commit` (ARENA_COMMIT, a release.json, or the checkout) ' +
        'name the code this process runs. ' +
        'After SIGTERM the answer is 503 with `draining: true` while the requests ' +
        'in flight finish, so a load balancer stops sending traffic here. ' +
        'At start it is 503 with `warming: true` until each on-demand page has rendered once.',
      response: {
        200: envelope(
          z.object({
            database: z.enum(['sqlite', 'postgres']),
            redis: upDown.optional(),
            s3: upDown.optional(),
            cacheChannel: dependencies.shape.cacheChannel,
            ...build,
          }),
        ),
        503: unavailable,
      },
    },
    handler: async (_req, reply) => {
      const states = await dependencyStates(app);
      const failed = failedDependencies(states);
      const warming = warmingUp(app);
      if (failed.length || app.draining || warming) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        const error = {
          code: 'SERVICE_UNAVAILABLE' as const,
          message: serviceUnavailableMessage,
          dependencies: states,
          failed,
          version,
          commit,
          ...(warming ? { warming: true as const } : {}),
        };
        return reply
          .code(503)
          .send({ status: 'ERROR', error: app.draining ? { ...error, draining: true as const } : error });
      }
      return ok({ ...states, database: app.db.dialect, version, commit });
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
