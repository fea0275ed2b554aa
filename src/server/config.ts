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
  /** pino level of the server log (src/server/logging.ts): trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** Human-readable lines through pino-pretty instead of JSON (`npm run dev` sets it). */
  logPretty: boolean;
}

const truthy = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

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
    logLevel: logLevels.includes(env.LOG_LEVEL?.toLowerCase() as string) ? env.LOG_LEVEL!.toLowerCase() : 'info',
    logPretty: truthy(env.LOG_PRETTY, false),
    ...overrides,
  };
}

/** The two roles that may enter /dashboard (SPEC section 6). */
export const adminRoles = (config: Pick<AppConfig, 'agencyName'>) => ['SiteAdmin', `${config.agencyName}Admin`];
