import path from 'node:path';
import * as brand from '../lib/brand.ts';

/** Runtime configuration, read once from the environment (DESIGN section 2). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  publicApiBase: string;
  publicMarketplaceApiBase: string;
  brandSlug: string;
  ownerId: string;
  agencyName: string;
  /** Absolute origin used in e-mailed links. */
  publicOrigin: string;
  /** Session token lifetime. */
  tokenTtlHours: number;
  /** Serve the Astro build from this folder when it exists. */
  distDir: string;
  /** Turn off request rate limits (only the test suites that hammer one endpoint do). */
  rateLimits: boolean;
  /** Redis for state shared by several API processes (rate-limit counters); memory when unset. */
  redisUrl?: string;
  /** Logins allowed per minute for one address and e-mail. */
  loginRateLimit: number;
  /** How long an anonymous public answer is reused (src/server/response-cache.ts); 0 turns it off. */
  responseCacheMs: number;
  /** PostgreSQL: longest wait to open a connection. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: longest wait for a free connection while all are busy (cut short when the database is unreachable). */
  dbPoolTimeoutMs: number;
  /** PostgreSQL: longest run of one statement (server side), and longest wait for its answer (client side). */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: a transaction left idle this long is ended by the server, freeing its locks. */
  dbIdleInTransactionTimeoutMs: number;
  /** SQLite: how long a statement keeps retrying, without blocking, while another process holds the write lock. */
  dbBusyTimeoutMs: number;
  /** Redis: longest wait for one rate-limit command before the store falls back to the database or memory. */
  redisCommandTimeoutMs: number;
}

const positive = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);

const truthy = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 4321);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'app.db')}`,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: truthy(env.SEED_DEMO, false),
    smtpUrl: env.SMTP_URL || undefined,
    publicApiBase: env.PUBLIC_API_BASE || '/api',
    publicMarketplaceApiBase: env.PUBLIC_MARKETPLACE_API_BASE || '/api',
    brandSlug: env.BRAND_SLUG || brand.brandSlug,
    ownerId: env.OWNER_ID || brand.ownerId,
    agencyName: env.AGENCY_NAME || brand.agencyName,
    publicOrigin: env.PUBLIC_ORIGIN || `http://${host}:${port}`,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS || 24 * 14),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    rateLimits: truthy(env.RATE_LIMITS, true),
    loginRateLimit: Math.max(1, Number(env.LOGIN_RATE_LIMIT) || 10),
    redisUrl: env.REDIS_URL || undefined,
    responseCacheMs: env.RESPONSE_CACHE_MS ? Math.max(0, Number(env.RESPONSE_CACHE_MS) || 0) : 1000,
    dbConnectTimeoutMs: positive(env.DB_CONNECT_TIMEOUT_MS, 3000),
    dbPoolTimeoutMs: positive(env.DB_POOL_TIMEOUT_MS, 10_000),
    dbStatementTimeoutMs: positive(env.DB_STATEMENT_TIMEOUT_MS, 5000),
    dbIdleInTransactionTimeoutMs: positive(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 10_000),
    dbBusyTimeoutMs: positive(env.DB_BUSY_TIMEOUT_MS, 1000),
    redisCommandTimeoutMs: positive(env.REDIS_COMMAND_TIMEOUT_MS, 50),
    ...overrides,
  };
}

/** The two roles that may enter /dashboard (SPEC section 6). */
export const adminRoles = (config: Pick<AppConfig, 'agencyName'>) => ['SiteAdmin', `${config.agencyName}Admin`];
