import path from 'node:path';
import * as brand from '../lib/brand.ts';
import type { ImageLimits } from './image-limits.ts';

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
  /** A session unused for this long stops working, within its lifetime (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
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
  /** Bounds on upload processing (src/server/image-limits.ts). */
  imageLimits: ImageLimits;
  /** Longest time a request may take to arrive whole, headers and body (REQUEST_TIMEOUT_MS); 0 turns it off. */
  requestTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** Longest time an idle keep-alive connection is held open between requests (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** How often the mail queue looks for messages to send (MAIL_POLL_MS). */
  mailPollMs: number;
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

/** A whole number >= `min` from the environment, else `fallback`. */
const int = (v: string | undefined, fallback: number, min = 0) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= min ? n : fallback;
};

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
    sessionIdleDays: Number(env.SESSION_IDLE_DAYS) > 0 ? Number(env.SESSION_IDLE_DAYS) : 7,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    rateLimits: truthy(env.RATE_LIMITS, true),
    loginRateLimit: Math.max(1, Number(env.LOGIN_RATE_LIMIT) || 10),
    redisUrl: env.REDIS_URL || undefined,
    responseCacheMs: env.RESPONSE_CACHE_MS ? Math.max(0, Number(env.RESPONSE_CACHE_MS) || 0) : 1000,
    imageLimits: {
      concurrency: int(env.IMAGE_CONCURRENCY, 2, 1),
      queue: int(env.IMAGE_QUEUE, 4),
      timeoutSeconds: int(env.IMAGE_TIMEOUT_S, 10, 1),
    },
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    connectionTimeoutMs: int(env.CONNECTION_TIMEOUT_MS, 60_000),
    keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 72_000, 1),
    mailPollMs: int(env.MAIL_POLL_MS, 2_000, 10),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 3000, 1),
    dbPoolTimeoutMs: int(env.DB_POOL_TIMEOUT_MS, 10_000, 1),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 5000, 1),
    dbIdleInTransactionTimeoutMs: int(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 10_000, 1),
    dbBusyTimeoutMs: int(env.DB_BUSY_TIMEOUT_MS, 1000, 1),
    redisCommandTimeoutMs: int(env.REDIS_COMMAND_TIMEOUT_MS, 50, 1),
    ...overrides,
  };
}

/** The two roles that may enter /dashboard (SPEC section 6). */
export const adminRoles = (config: Pick<AppConfig, 'agencyName'>) => ['SiteAdmin', `${config.agencyName}Admin`];
