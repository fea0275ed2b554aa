import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as brand from '../brand.ts';
import type { ImageLimits } from '../storage/image-limits.ts';
import type { S3StorageOptions } from '../storage/s3-storage.ts';

/** Where uploaded images are kept: DATA_DIR/media, or one S3-compatible bucket shared by every host. */
export type MediaStorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3StorageOptions);

/** Runtime configuration, read once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Apply pending migrations at start (MIGRATE_ON_START); off, a start on an older schema is refused. */
  migrateOnStart: boolean;
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
  /** How long an anonymous public answer is reused (src/platform/http/response-cache.ts); 0 turns it off. */
  responseCacheMs: number;
  /**
   * The reuse while the cache broadcast channel is down (src/platform/http/cache-broadcast.ts), at most
   * responseCacheMs.
   */
  responseCacheFallbackMs: number;
  /** The Redis channel (or PostgreSQL LISTEN channel) the API processes of one brand empty their caches through. */
  cacheChannel: string;
  /** MEDIA_STORAGE and the S3_* variables (parseMediaStorage). */
  mediaStorage: MediaStorageConfig;
  /** Bounds on upload processing (src/platform/storage/image-limits.ts). */
  imageLimits: ImageLimits;
  /** Each process sweeps unreferenced uploads once a day (MEDIA_SWEEP, src/platform/storage/media-sweep.ts). */
  mediaSweep: boolean;
  /** An upload younger than this is never swept (MEDIA_SWEEP_GRACE_HOURS): its row may not be written yet. */
  mediaSweepGraceHours: number;
  /** Longest time a request may take to arrive whole, headers and body (REQUEST_TIMEOUT_MS); 0 turns it off. */
  requestTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** Longest time an idle keep-alive connection is held open between requests (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** How often the mail queue looks for messages to send (MAIL_POLL_MS). */
  mailPollMs: number;
  /**
   * How often each process looks for reminders that are due (REMINDER_POLL_MS,
   * src/features/reminders/server/scheduler.ts).
   */
  reminderPollMs: number;
  /** On SIGTERM, how long requests in flight may take before their connections are cut (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * Listening sockets on PORT (ACCEPT_SOCKETS, src/platform/http/listen.ts), 1 unless the operator
   * asks for more. More sockets accept a burst of new connections (a check-in opening) in a few
   * turns of the event loop instead of one turn each, but they need SO_REUSEPORT, and with it any
   * other process of the same system user that sets it too can bind the same port and be handed
   * part of the connections: logins with their passwords included. Worth it only where no other
   * process runs as the server's user (a container, a dedicated account); 32 was measured to clear
   * a burst of 200 connections within 60 ms.
   */
  acceptSockets: number;
  /** `npm run backup` keeps this many of the newest backups in DATA_DIR/backups (BACKUP_KEEP). */
  backupKeep: number;
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
  /** Signups allowed per client address per hour. */
  signupRateLimit: number;
  /** Failed logins allowed per client address per 15 minutes, whatever the e-mail (password spraying). */
  loginFailuresPerAddress: number;
  /** Unknown giveaway codes allowed per client address per 10 minutes, whatever the account. */
  unknownCodesPerAddress: number;
  /** Password hashes (argon2) computed at once; the rest wait in a short queue or get 503. */
  passwordHashConcurrency: number;
  /** The most password hashes that may wait for a free slot (a hard cap on memory); beyond it 503. */
  passwordHashQueue: number;
  /** How long a request may wait (expected or actual) for a hash slot before it gets 503 with Retry-After. */
  passwordHashWaitMs: number;
  /**
   * Which peers' X-Forwarded-For is believed, as Fastify's `trustProxy`: false (none, the socket
   * address is the client), a hop count, or a list of proxy addresses/CIDRs. Never `true`.
   */
  trustProxy: false | number | string[];
  /** pino level of the server log (src/platform/http/logging.ts): trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** Human-readable lines through pino-pretty instead of JSON (`npm run dev` sets it). */
  logPretty: boolean;
  /** Bearer token a Prometheus scrape of /metrics must send (METRICS_TOKEN); unset, /metrics is off (404). */
  metricsToken?: string;
  /**
   * `start:cluster` only: the port where the primary serves the sum of every worker's metrics (METRICS_PORT); 0 is off.
   */
  metricsPort: number;
}

/** A whole number >= `min` from the environment, else `fallback`. */
const int = (v: string | undefined, fallback: number, min = 0) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= min ? n : fallback;
};

/** 127.0.0.0/8, ::1 and the name localhost: a server only this machine can reach. */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);

/**
 * The demo holds accounts whose passwords are printed and published, so it is a quick start on this
 * machine only. Unless SEED_DEMO says otherwise it is seeded into the embedded database alone (a
 * DATABASE_URL names a real deployment, which starts empty); and a server listening beyond loopback
 * never gets it: asked for explicitly there, the start is refused.
 */
function demoSeed(env: NodeJS.ProcessEnv, host: string): boolean {
  const asked = env.SEED_DEMO !== undefined && env.SEED_DEMO !== '';
  const wanted = truthy(env.SEED_DEMO, !env.DATABASE_URL);
  if (!wanted || isLoopbackHost(host)) return wanted;
  if (!asked) return false;
  throw new Error(
    `SEED_DEMO=${env.SEED_DEMO} is refused on HOST=${host}: the demo accounts' passwords are published, ` +
      'so the demo is only seeded on a server that listens on loopback (HOST=127.0.0.1).',
  );
}
const truthy = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/**
 * The configuration of a server process (main.ts, cluster.ts). A refused value is the operator's to
 * fix, not a fault of the code: the process ends with exit code 1 and the reason on one line of
 * stderr, without a stack trace to dig it out of.
 */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    console.error(`configuration refused: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/**
 * TRUST_PROXY: a hop count (`1` behind one load balancer or CDN) or a comma-separated list of the
 * proxies' addresses/CIDRs. `true` ("believe any X-Forwarded-For") is refused: it would let any
 * client pick the address every per-address limit counts by. A start with it stops with a message
 * rather than guessing a hop count, because a wrong guess silently mis-counts behind two proxies.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || ['false', 'no', 'off', '0'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // a /0 trusts every address there is: "true" by another name, and a TypeError in proxy-addr
  const everyone = list.filter((entry) => /\/0+$/.test(entry));
  if (everyone.length)
    throw new Error(
      `TRUST_PROXY=${JSON.stringify(value)} is not accepted: ${everyone.join(', ')} trusts every address, ` +
        'so any client could pick the address every per-address limit counts by. ' +
        'List the proxies themselves (TRUST_PROXY=10.0.0.0/8,192.168.1.5) or give their number (TRUST_PROXY=1).',
    );
  const bad = list.filter((entry) => {
    // proxy-addr's names for the private ranges
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return false;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad.length || !list.length)
    throw new Error(
      `TRUST_PROXY=${JSON.stringify(value)} is not accepted: give the number of ` +
        `proxies in front of the server (TRUST_PROXY=1 behind one load balancer or CDN) ` +
        'or a comma-separated list of their addresses or CIDRs (TRUST_PROXY=10.0.0.0/8,192.168.1.5; ' +
        'also loopback, linklocal, uniquelocal). "true" would believe any client-sent X-Forwarded-For, ' +
        'so every per-address limit could be bypassed.',
    );
  return list;
}
/**
 * MEDIA_STORAGE (`disk`, the default, or `s3`) and its S3_* variables. A combination that cannot
 * work stops the start with a message naming the variable, rather than failing on the first upload:
 * s3 without a bucket, one half of a key pair, an endpoint that is not an http(s) URL, or S3_*
 * settings while the store is still the disk (they would be silently ignored).
 */
export function parseMediaStorage(env: NodeJS.ProcessEnv): MediaStorageConfig {
  const kind = (env.MEDIA_STORAGE || 'disk').trim().toLowerCase();
  const fail = (why: string) => {
    throw new Error(`Media storage configuration: ${why}`);
  };
  const s3Vars = [
    'S3_BUCKET',
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
    'S3_TIMEOUT_MS',
  ].filter((name) => env[name]);
  if (kind === 'disk') {
    if (s3Vars.length)
      fail(
        `${s3Vars.join(', ')} set but MEDIA_STORAGE is "disk" (the default); ` +
          `set MEDIA_STORAGE=s3 to use S3, or unset them.`,
      );
    return { kind: 'disk' };
  }
  if (kind !== 's3') return fail(`MEDIA_STORAGE=${JSON.stringify(env.MEDIA_STORAGE)} is not "disk" or "s3".`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  // S3's own rule for bucket names (R2 and MinIO follow it)
  if (!bucket) fail('MEDIA_STORAGE=s3 needs S3_BUCKET, the bucket every image is stored in.');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail(
      `S3_BUCKET=${JSON.stringify(bucket)} is not a valid bucket ` +
        `name (3-63 lowercase letters, digits, dots and hyphens).`,
    );
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol))
      fail(
        `S3_ENDPOINT=${JSON.stringify(endpoint)} is not an http(s) ` +
          `URL (e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000).`,
      );
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    fail(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: ' +
        "set both, or neither to use the SDK's default credential chain.",
    );
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(pathStyle))
    fail(`S3_FORCE_PATH_STYLE=${JSON.stringify(env.S3_FORCE_PATH_STYLE)} is not true or false.`);
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
    // MinIO and s3rver want path-style addresses; AWS itself the bucket in the host name
    forcePathStyle: truthy(pathStyle, endpoint !== undefined),
    timeoutMs: int(env.S3_TIMEOUT_MS, 5000, 1),
  };
}

const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * LOG_LEVEL, and LOG_FORMAT: `json` (the default, one object a line) or `pretty` (pino-pretty, for
 * a person at a terminal); LOG_PRETTY=true is the older spelling of LOG_FORMAT=pretty. Read alone
 * too, before the rest of the configuration, so even a refused configuration is logged as JSON.
 */
export function logSettings(env: NodeJS.ProcessEnv): { logLevel: string; logPretty: boolean } {
  const level = env.LOG_LEVEL?.trim().toLowerCase() ?? '';
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  return {
    logLevel: logLevels.includes(level) ? level : 'info',
    logPretty: format ? format === 'pretty' : truthy(env.LOG_PRETTY, false),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 4321);
  const host = env.HOST || '127.0.0.1';
  const hashConcurrency = int(env.PASSWORD_HASH_CONCURRENCY, os.availableParallelism(), 1);
  const config: AppConfig = {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'app.db')}`,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: demoSeed(env, host),
    migrateOnStart: truthy(env.MIGRATE_ON_START, true),
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
    responseCacheFallbackMs: int(env.RESPONSE_CACHE_FALLBACK_MS, 250, 0),
    cacheChannel: env.CACHE_CHANNEL || '',
    mediaStorage: parseMediaStorage(env),
    imageLimits: {
      concurrency: int(env.IMAGE_CONCURRENCY, 2, 1),
      queue: int(env.IMAGE_QUEUE, 4),
      timeoutSeconds: int(env.IMAGE_TIMEOUT_S, 10, 1),
    },
    mediaSweep: truthy(env.MEDIA_SWEEP, false),
    mediaSweepGraceHours: int(env.MEDIA_SWEEP_GRACE_HOURS, 24, 1),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    connectionTimeoutMs: int(env.CONNECTION_TIMEOUT_MS, 60_000),
    keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 72_000, 1),
    mailPollMs: int(env.MAIL_POLL_MS, 2_000, 10),
    reminderPollMs: int(env.REMINDER_POLL_MS, 15_000, 100),
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 10_000, 0),
    acceptSockets: int(env.ACCEPT_SOCKETS, 1, 1),
    // two weeks of nightly backups: a mistake noticed days later can still be undone
    backupKeep: int(env.BACKUP_KEEP, 14, 1),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 3000, 1),
    dbPoolTimeoutMs: int(env.DB_POOL_TIMEOUT_MS, 10_000, 1),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 5000, 1),
    dbIdleInTransactionTimeoutMs: int(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 10_000, 1),
    dbBusyTimeoutMs: int(env.DB_BUSY_TIMEOUT_MS, 1000, 1),
    redisCommandTimeoutMs: int(env.REDIS_COMMAND_TIMEOUT_MS, 50, 1),
    signupRateLimit: int(env.SIGNUP_RATE_LIMIT, 10, 1),
    loginFailuresPerAddress: int(env.LOGIN_FAILURES_PER_ADDRESS, 30, 1),
    unknownCodesPerAddress: int(env.UNKNOWN_CODES_PER_ADDRESS, 20, 1),
    passwordHashConcurrency: hashConcurrency,
    // the line is bounded by time (a burst of sign-ups waits up to 3 s, then 503 with Retry-After);
    // the count only caps memory: a few KB per waiting request
    passwordHashQueue: int(env.PASSWORD_HASH_QUEUE, 2000),
    passwordHashWaitMs: int(env.PASSWORD_HASH_WAIT_MS, 3000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...logSettings(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: int(env.METRICS_PORT, 0),
    ...overrides,
  };
  config.cacheChannel ||= 'arena-cache';
  return config;
}

/** The two roles that may enter /dashboard. */
export const adminRoles = (config: Pick<AppConfig, 'agencyName'>) => ['SiteAdmin', `${config.agencyName}Admin`];
