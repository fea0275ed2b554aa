import { registerContentLocale } from '../platform/http/content-locale.ts';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../platform/http/config.ts';
import type { Db } from '../platform/db/database.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { handleError, registerErrorHandler } from '../platform/http/plugins/error-handler.ts';
import auth from '../platform/http/plugins/auth.ts';
import healthRoutes from '../platform/http/health-routes.ts';
import userRoutes from '../features/accounts/server/routes.ts';
import tournamentRoutes from '../features/tournaments/server/routes.ts';
import marketplaceRoutes from '../features/rewards/server/routes.ts';
import mediaRoutes, { mediaFileRoutes } from '../platform/storage/media-routes.ts';
import dashboardRoutes from '../features/dashboard/server/routes.ts';
import auditRoutes from '../features/audit/server/routes.ts';
import newsRoutes from '../features/news/server/routes.ts';
import campaignRoutes from '../features/campaign/server/routes.ts';
import resultsRoutes from '../features/results/server/routes.ts';
import reminderRoutes from '../features/reminders/server/routes.ts';
import privacyRoutes from '../features/privacy/server/routes.ts';
import reportRoutes from '../features/results/server/report-routes.ts';
import finaliseRoutes from '../features/results/server/finalise-routes.ts';
import { competitionLinks, finaliseLinks } from './feature-links.ts';
import { schemaErrorCodes } from './error-codes.ts';
import bracketRoutes from '../features/brackets/server/routes.ts';
import playerRoutes from '../features/players/server/routes.ts';
import { registerSite } from './site.ts';
import { accountSessions } from './sessions.ts';
import { auditUpload, openMediaStorage } from './media.ts';
import { failoverRateLimitStore, postgresRateLimitStore } from '../platform/http/rate-limit-store.ts';
import { defaultToPersonal } from '../platform/http/response-headers.ts';
import { registerResponseCache } from '../platform/http/response-cache.ts';
import { registerImageLimits } from '../platform/storage/image-limits.ts';
import { registerMailQueue } from '../platform/mail/mail-queue.ts';
import { registerAfterResponse } from '../platform/http/after-response.ts';
import { passwordWork } from '../platform/passwords.ts';
import { registerRequestLogging, requestIdOptions } from '../platform/http/logging.ts';
import { readInlineHashes, registerSecurityHeaders } from '../platform/http/security-headers.ts';
import { registerMetrics } from '../platform/http/metrics.ts';
import { registerShutdown } from '../platform/http/shutdown.ts';
import { systemClock, type Clock, type ServiceContext } from '../platform/context.ts';
import { EventBus } from '../platform/events.ts';
import { registerRewardListeners } from '../features/rewards/server/listeners.ts';
import { registerResultsListeners } from '../features/results/server/listeners.ts';
import { registerBracketListeners } from '../features/brackets/server/listeners.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
    /** The time the services read (src/platform/context.ts). */
    clock: Clock;
    /** Features' events and their listeners (src/platform/events.ts). */
    events: EventBus<ServiceContext>;
    /** The rate-limit store's Redis, when REDIS_URL is set (the readiness check pings it). */
    redis?: import('ioredis').Redis;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  logger?: boolean | object;
}

/** The whole server: API under /api, then the Astro site (static files and on-demand pages). */
export async function buildApp({ config, db, mailer, logger = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // main.ts hands over its process's logger (one pino for every line); the tests, options
    ...(isLogger(logger) ? { loggerInstance: logger } : { logger }),
    ...requestIdOptions(),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY (config.ts): which peers' X-Forwarded-For names the client; by default none, so
    // a client-sent header cannot choose the address the per-address limits count
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors: handleError,
    // A client that sends its request a byte at a time must not hold a connection forever: the
    // headers must arrive within REQUEST_TIMEOUT_MS (Node answers 408 and closes; it checks on a
    // timer, 30 s by default, so the check runs often enough to honour the limit), and the body
    // within as long again (limitBodyTime: Node stops timing once the headers are in).
    requestTimeout: config.requestTimeoutMs,
    http:
      config.requestTimeoutMs > 0
        ? { connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))) }
        : {},
    // a socket with no traffic at all for this long is closed (a stalled client, a dead peer); longer
    // than any answer takes, so a slow handler is never cut off mid-answer
    connectionTimeout: config.connectionTimeoutMs,
    // longer than the 60 s idle timeout of common load balancers, so the balancer closes first
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // during a stop, a request that still reaches this process is answered, with Connection: close
    // (src/platform/http/shutdown.ts), rather than refused with a 503
    return503OnClosing: false,
  });
  registerShutdown(app);
  passwordWork.configure(config.passwordHashConcurrency, config.passwordHashQueue, config.passwordHashWaitMs);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('clock', systemClock);
  const events = new EventBus<ServiceContext>();
  // the features' reactions to what the features below them announce, registered once
  registerRewardListeners(events);
  registerResultsListeners(events);
  registerBracketListeners(events);
  app.decorate('events', events);
  // first: it sees every route added after it (src/platform/http/metrics.ts)
  registerMetrics(app, config);
  registerMailQueue(app, config.mailPollMs);
  registerAfterResponse(app);
  app.decorate('mediaStorage', await openMediaStorage(config, app.log));
  app.addHook('onClose', async () => app.mediaStorage.close?.());
  registerRequestLogging(app);
  const clientDir = path.join(config.distDir, 'client');
  await registerSecurityHeaders(app, {
    publicOrigin: config.publicOrigin,
    apiBases: [config.publicApiBase, config.publicMarketplaceApiBase],
    inlineHashes: readInlineHashes(clientDir),
  });
  await registerResponseCache(app, config, db.dialect);
  registerImageLimits(app, config.imageLimits);
  if (config.requestTimeoutMs > 0) limitBodyTime(app, config.requestTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, schemaErrorCodes);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Arena platform API',
        version: '1.0.0',
        description:
          'Tournaments, accounts and rewards. Every answer is ' +
          '{status, data} or {status:"ERROR", error:{code, message}}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Without the plugin a route's `config.rateLimit` is inert. (Deleting it in an onRoute hook did
      // not work: the plugin's own onRoute hook, added first, had already attached the limiter.)
      // onExceeded: once per refused request, counted by the route's pattern (/metrics)
      if (config.rateLimits)
        await api.register(rateLimit, {
          global: false,
          enableDraftSpec: false,
          onExceeded: (req) => app.metrics.rateLimited(req.routeOptions.url ?? 'unknown'),
          ...(await sharedRateLimitStore(app, config)),
        });
      defaultToPersonal(api);
      registerContentLocale(api);
      await api.register(auth, { sessions: accountSessions(config) });
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(tournamentRoutes, { competitionLinks });
      await api.register(marketplaceRoutes);
      await api.register(mediaRoutes, { record: auditUpload });
      await api.register(dashboardRoutes);
      await api.register(auditRoutes);
      await api.register(newsRoutes);
      await api.register(campaignRoutes);
      await api.register(resultsRoutes);
      await api.register(reminderRoutes);
      await api.register(reportRoutes);
      await api.register(finaliseRoutes, { finaliseLinks });
      await api.register(bracketRoutes);
      await api.register(playerRoutes);
      await api.register(privacyRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      api.setNotFoundHandler((req, reply) =>
        reply.code(404).send({
          status: 'ERROR',
          error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` },
        }),
      );
    },
    { prefix: '/api' },
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // uploaded images live at the site root, where the stored addresses point
  await app.register(mediaFileRoutes);

  if (fs.existsSync(clientDir)) await registerSite(app, config.distDir);
  return app;
}

const isLogger = (logger: AppDeps['logger']): logger is FastifyBaseLogger =>
  typeof (logger as FastifyBaseLogger | undefined)?.child === 'function';

/**
 * Fastify 5 treats a numeric trustProxy as "trust nobody" (it cannot check the peer), so a hop
 * count is given as the function proxy-addr calls per hop: the socket and the next n-1 addresses
 * are proxies, the one before them is the client. Safe only when the server cannot be reached
 * except through those proxies; docs/security.md says so and recommends the address list.
 */
function trustProxyOption(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * Rate-limit counters live in process memory with SQLite (one process). Several API processes
 * behind one port must share them, or each would allow the full quota: with REDIS_URL they go to
 * Redis, else on PostgreSQL to its `rate_limits` table. When Redis fails the counters move to the
 * database (PostgreSQL) or memory (SQLite) until it answers again: limits are never skipped.
 */
async function sharedRateLimitStore(app: FastifyInstance, config: AppConfig) {
  const nameSpace = `arena-rl:${config.ownerId}:`;
  const onPostgres = app.db.dialect === 'postgres';
  if (!config.redisUrl) return onPostgres ? { store: postgresRateLimitStore(app.db.kysely, nameSpace) } : {};
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 500,
    // fail fast: no offline queue, so a command fails at once while disconnected and the fallback
    // counts. The store times each command itself (REDIS_COMMAND_TIMEOUT_MS); this only drops
    // commands a frozen Redis never answers.
    commandTimeout: Math.max(1000, config.redisCommandTimeoutMs),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // connection errors repeat on every reconnect attempt; the store logs the outage once
  redis.on('error', () => {});
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // without an offline queue the first requests would go to the fallback while connecting
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1000);
    redis.once('ready', () => (clearTimeout(timer), resolve()));
  });
  const require = createRequire(import.meta.url);
  type StoreCtor = new (...args: unknown[]) => Parameters<typeof failoverRateLimitStore>[0];
  const RedisStore: StoreCtor = require('@fastify/rate-limit/store/RedisStore.js');
  const LocalStore: StoreCtor = require('@fastify/rate-limit/store/LocalStore.js');
  const DatabaseStore = onPostgres ? postgresRateLimitStore(app.db.kysely, nameSpace) : undefined;
  const log = app.log.child({ component: 'rate-limit-store' });
  return {
    // @fastify/rate-limit instantiates `store` with `new`; the constructor hands back the failover store
    // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a constructor is the plugin's factory shape
    store: class {
      constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
        const primary = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
        const fallback = DatabaseStore
          ? new DatabaseStore(params)
          : new LocalStore(params.continueExceeding, params.exponentialBackoff);
        return failoverRateLimitStore(
          primary,
          fallback,
          { warn: (o, m) => log.warn(o, m), info: (m) => log.info(m) },
          DatabaseStore ? 'the database' : 'memory',
          config.redisCommandTimeoutMs,
        );
      }
      // the constructor returns the failover store itself
    } as unknown as new (params: object) => ReturnType<typeof failoverRateLimitStore>,
  };
}

/**
 * A request whose body has not fully arrived `ms` after its headers loses its connection. Node's
 * own requestTimeout covers only the headers; past them, a body dripping in a byte every few
 * seconds would hold the socket (and whatever the route buffers) for as long as the client likes.
 */
function limitBodyTime(app: FastifyInstance, ms: number) {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (!raw.complete) {
      const timer = setTimeout(() => {
        if (raw.complete) return;
        req.log.warn({ timeoutMs: ms }, 'request body too slow; connection closed');
        raw.socket.destroy();
      }, ms);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
      raw.once('end', () => clearTimeout(timer));
    }
    done();
  });
}
