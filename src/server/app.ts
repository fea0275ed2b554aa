import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { handleError, registerErrorHandler } from './plugins/error-handler.ts';
import auth from './plugins/auth.ts';
import healthRoutes from './routes/health.ts';
import userRoutes from './routes/users.ts';
import tournamentRoutes from './routes/tournaments.ts';
import marketplaceRoutes from './routes/marketplace.ts';
import mediaRoutes, { mediaFileRoutes } from './routes/media.ts';
import adminRoutes from './routes/admin.ts';
import newsRoutes from './routes/news.ts';
import campaignRoutes from './routes/campaign.ts';
import { createDiskStorage } from './storage/media-storage.ts';
import { registerSite } from './site.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';
import { defaultToPersonal } from './http-cache.ts';
import { registerResponseCache } from './response-cache.ts';
import { registerRequestLogging, requestIdOptions } from './logging.ts';
import { readInlineHashes, registerSecurityHeaders } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
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
    logger,
    ...requestIdOptions(),
    bodyLimit: 1024 * 1024,
    // behind a load balancer the client address comes from X-Forwarded-For
    trustProxy: process.env.TRUST_PROXY === 'true',
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors: handleError,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('mediaStorage', createDiskStorage(path.join(config.dataDir, 'media')));
  registerRequestLogging(app);
  const clientDir = path.join(config.distDir, 'client');
  await registerSecurityHeaders(app, {
    publicOrigin: config.publicOrigin,
    apiBases: [config.publicApiBase, config.publicMarketplaceApiBase],
    inlineHashes: readInlineHashes(clientDir),
  });
  registerResponseCache(app, config.responseCacheMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Arena platform API', version: '1.0.0', description: 'Tournaments, accounts and rewards. Every answer is {status, data} or {status:"ERROR", error:{code, message}}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Without the plugin a route's `config.rateLimit` is inert. (Deleting it in an onRoute hook did
      // not work: the plugin's own onRoute hook, added first, had already attached the limiter.)
      if (config.rateLimits) await api.register(rateLimit, { global: false, enableDraftSpec: false, ...(await sharedRateLimitStore(app, config)) });
      defaultToPersonal(api);
      await api.register(auth);
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(tournamentRoutes);
      await api.register(marketplaceRoutes);
      await api.register(mediaRoutes);
      await api.register(adminRoutes);
      await api.register(newsRoutes);
      await api.register(campaignRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      api.setNotFoundHandler((req, reply) =>
        reply.code(404).send({ status: 'ERROR', error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` } }),
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

/**
 * Rate-limit counters live in process memory with SQLite (one process). Several API processes
 * behind one port must share them, or each would allow the full quota: with REDIS_URL they go to
 * Redis, else on PostgreSQL to its `rate_limits` table.
 */
async function sharedRateLimitStore(app: FastifyInstance, config: AppConfig) {
  if (!config.redisUrl) return app.db.dialect === 'postgres' ? { store: postgresRateLimitStore(app.db.kysely, `arena-rl:${config.ownerId}:`) } : {};
  const { Redis } = await import('ioredis');
  // fail fast: a limiter that waits on an unreachable Redis would stall every login
  const redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store unreachable'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // an unreachable store lets requests through (logged) rather than locking every player out
  return { redis, nameSpace: `arena-rl:${config.ownerId}:`, skipOnError: true };
}
