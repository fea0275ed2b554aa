import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/app/app.ts';
import { loadConfig, type AppConfig } from '../../../src/platform/http/config.ts';
import { openDatabase, type Db } from '../../../src/platform/db/database.ts';
import { migrateToLatest } from '../../../src/platform/db/migrate.ts';
import { releaseMigrations } from '../../../migrations/index.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import * as UserRepository from '../../../src/features/accounts/server/user-repository.ts';
import type { SignupInput, User } from '../../../src/features/accounts/contract.ts';
import { parseMail, type ParsedMail } from './mail.ts';
import { createDatabase, engine, unique } from './databases.ts';

/**
 * One app on one fresh database per call, so test files never share state: a temporary SQLite
 * file, or (TEST_DB=postgres) a uniquely named database created on TEST_DATABASE_URL's server
 * and dropped on close, each a copy of the run's migrated template (tests/api/helpers/databases.ts).
 * Requests go through `app.inject`, no port is opened.
 */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  engine: 'sqlite' | 'postgres';
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** JSON request with an optional bearer token; `json` is the parsed answer. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; json: any; res: LightMyRequestResponse }>;
  /** Signs up through the API (201 expected); fields default to a fresh valid player. */
  signup(fields?: Partial<SignupInput>): Promise<{ user: User; email: string; password: string; username: string }>;
  /** Logs in through the API (200 expected) and returns the token. */
  login(email: string, password: string): Promise<string>;
  signupAndLogin(
    fields?: Partial<SignupInput>,
  ): Promise<{ user: User; email: string; password: string; username: string; token: string }>;
  makeAdmin(userId: string, role?: string): Promise<void>;
  /**
   * Messages written to <dataDir>/outbox, oldest first, once after-response work is done and the mail queue has sent
   * what is due.
   */
  outbox(): Promise<ParsedMail[]>;
  /**
   * Resolves when after-response work is done and the mail queue has sent every message due now (`all`: and every retry
   * scheduled later).
   */
  mailDrained(opts?: { all?: boolean }): Promise<void>;
  /** Every row of every table, for "nothing was written" checks. */
  snapshot(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

export { createDatabase, engine } from './databases.ts';

/**
 * `logger`: Fastify's logger options (off by default), for a test that reads what the server logs.
 * `extend`: adds test-only routes before the app is ready.
 * `appDatabaseUrl` rewrites the URL the app connects with (the migrations still run on the real
 * one), so a fault test can put a TCP proxy between the app and PostgreSQL.
 */
export interface TestAppOptions {
  logger?: object;
  extend?: (app: FastifyInstance) => void;
  appDatabaseUrl?: (url: string) => string;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-api-'));
  const database = await createDatabase(tmp, { fromTemplate: true });
  const config = loadConfig(
    {},
    {
      dataDir: tmp,
      databaseUrl: database.url,
      // a folder that does not exist: the API alone, no site
      distDir: path.join(tmp, 'no-dist'),
      publicOrigin: 'http://arena.test',
      // every test signs up from one address; the limit itself is tested in abuse-limits.test.ts
      signupRateLimit: 100_000,
      // and the concurrency tests sign up and log in dozens at once; the bound is tested there too
      passwordHashQueue: 10_000,
      passwordHashWaitMs: 60_000,
      ...overrides,
    },
  );
  let db = await openDatabase(config.databaseUrl, config);
  if (!database.migrated) await migrateToLatest(db, { migrations: releaseMigrations });
  if (options.appDatabaseUrl) {
    await db.close();
    db = await openDatabase(options.appDatabaseUrl(config.databaseUrl), config);
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir, from: 'no-reply@arena.test', log: () => {} });
  const app = await buildApp({ config, db, mailer, logger: options.logger });
  options.extend?.(app);
  await app.ready();

  const inject = (opts: InjectOptions) => app.inject(opts);
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      ...(opts.body !== undefined ? { payload: opts.body as any } : {}),
    });
    let json: any;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, res };
  };

  const signup: TestApp['signup'] = async (fields = {}) => {
    const id = unique();
    const body = {
      username: `player_${id}`,
      email: `player_${id}@example.com`,
      password: 'correct-horse-battery',
      nickname: `Nick ${id}`.slice(0, 32),
      gender: 'female' as const,
      birth_date: '2000-05-17',
      language: 'it' as const,
      ...fields,
    };
    const { status, json } = await call('POST', '/api/users/pp', { body });
    if (status !== 201) throw new Error(`signup failed: ${status} ${JSON.stringify(json)}`);
    return {
      user: json.data.user,
      email: String(body.email).trim().toLowerCase(),
      password: body.password,
      username: body.username,
    };
  };
  const login: TestApp['login'] = async (email, password) => {
    const { status, json } = await call('POST', '/api/users/authenticate', { body: { email, password } });
    if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(json)}`);
    return json.data.token;
  };

  return {
    app,
    db,
    config,
    engine,
    inject,
    call,
    signup,
    login,
    async signupAndLogin(fields) {
      const account = await signup(fields);
      return { ...account, token: await login(account.email, account.password) };
    },
    async makeAdmin(userId, role = 'SiteAdmin') {
      const user = await UserRepository.findById(db.kysely, config.ownerId, userId);
      await UserRepository.setRoles(db.kysely, userId, [...(user?.roles ?? []), role]);
    },
    async mailDrained(opts) {
      await app.afterResponse.idle();
      await app.mailQueue.idle(opts);
    },
    async outbox() {
      await app.afterResponse.idle();
      await app.mailQueue.idle();
      const files = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(files.map(async (f) => parseMail(await fs.readFile(path.join(outboxDir, f), 'utf8'))));
    },
    async snapshot() {
      const k = db.kysely;
      return {
        users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
        game_accounts: await k.selectFrom('game_accounts').selectAll().orderBy('id').execute(),
        sessions: await k.selectFrom('sessions').selectAll().orderBy('token_hash').execute(),
        password_resets: await k.selectFrom('password_resets').selectAll().orderBy('token_hash').execute(),
        competitions: await k.selectFrom('competitions').selectAll().orderBy('id').execute(),
        competition_players: await k
          .selectFrom('competition_players')
          .selectAll()
          .orderBy('competition_id')
          .orderBy('user_id')
          .execute(),
        tournaments: await k.selectFrom('tournaments').selectAll().orderBy('id').execute(),
        tournament_registrations: await k
          .selectFrom('tournament_registrations')
          .selectAll()
          .orderBy('tournament_id')
          .orderBy('user_id')
          .execute(),
        audit_log: await k.selectFrom('audit_log').selectAll().orderBy('id').execute(),
        news: await k.selectFrom('news').selectAll().orderBy('id').execute(),
      };
    },
    async close() {
      await app.close();
      await db.close();
      await database.drop();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
