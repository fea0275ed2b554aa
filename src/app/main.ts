import '../platform/http/production-env.ts';
import cluster from 'node:cluster';
import path from 'node:path';
import { configOrExit, logSettings } from '../platform/http/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { lockSchema, prepareSchema, SchemaRefused } from '../platform/db/migrate.ts';
import { releaseMigrations } from '../../migrations/index.ts';
import { seedDemo } from './seed.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { buildApp } from './app.ts';
import { listen } from '../platform/http/listen.ts';
import { holdReadiness } from '../platform/http/readiness.ts';
import { warmSite } from './site.ts';
import { sweeps } from './sessions.ts';
import { maskEmail, processLogger, routeConsole } from '../platform/http/logging.ts';
import { schedulePruning } from '../platform/http/maintenance.ts';
import { ensureAdmin } from '../features/accounts/server/service.ts';
import { scheduleReminders } from '../features/reminders/server/scheduler.ts';
import { scheduleMediaSweep } from '../platform/storage/media-sweep.ts';
import { mediaReaders } from './media.ts';

// One logger for every line of this process, made before anything can write: whatever still uses
// the console (a refused configuration, Astro's renderer, a library) becomes a JSON line of it too.
const log = processLogger(logSettings(process.env), cluster.isWorker ? { worker: cluster.worker!.id } : {});
routeConsole(log);
const config = configOrExit();
// Migrations may rightly run longer than a request's statement timeout (an index on a big table),
// and waiting for another process's setup as long. The lock is held until the admin and the demo
// are written: a process started beside this one serves nothing before they are complete.
const migrating = await openDatabase(config.databaseUrl, { ...config, dbStatementTimeoutMs: 3_600_000 });
const setupLock = await lockSchema(migrating, config.databaseUrl);
try {
  const notice = await prepareSchema(migrating, { migrate: config.migrateOnStart, migrations: releaseMigrations });
  if (notice) console.warn(notice);
} catch (err) {
  if (!(err instanceof SchemaRefused)) throw err;
  console.error(err.message);
  process.exit(1);
}
const db = await openDatabase(config.databaseUrl, config);
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  outboxDir: path.join(config.dataDir, 'outbox'),
  from: process.env.MAIL_FROM || `no-reply@${config.brandSlug}.example`,
  log: (fields, msg) => log.info(fields, msg),
});
const app = await buildApp({ config, db, mailer, logger: log });

if (config.adminEmail && config.adminPassword) await ensureAdmin(app, config.adminEmail, config.adminPassword);
if (config.seedDemo) {
  const accounts = await seedDemo(app);
  // the passwords, the private tournament's password and the giveaway codes are in the README:
  // a log is kept and shipped, so it names the accounts only by role and masked e-mail
  if (accounts.length)
    log.info(
      { demoAccounts: accounts.map((a) => ({ role: a.role, email: maskEmail(a.email) })) },
      'demo content seeded; demo accounts: see README',
    );
}
await setupLock.release();
await migrating.close();

schedulePruning(app, sweeps);
if (config.mediaSweep)
  app.addHook(
    'onClose',
    scheduleMediaSweep(app, { readers: mediaReaders, graceMs: config.mediaSweepGraceHours * 3600_000 }),
  );
// after the seed: the first tick already finds the demo's open check-in
app.addHook('onClose', scheduleReminders(app, config.reminderPollMs));
// readiness answers 503 until each on-demand page has rendered once (warmSite), liveness at once
const warming = holdReadiness(app);
await listen(app, { port: config.port, host: config.host, sockets: config.acceptSockets });
log.info({ url: `http://${config.host}:${config.port}`, database: db.dialect, docs: '/api/docs' }, 'Arena is running');

// SIGTERM (a deploy, systemd, Kubernetes, the cluster's rolling restart) or Ctrl-C: stop accepting,
// let the requests in flight finish within SHUTDOWN_GRACE_MS, close the pools and exit 0; 1 when
// connections had to be cut at the deadline. A second Ctrl-C stops at once; a second SIGTERM is
// ignored (systemd's default KillMode signals every process of the unit, and the cluster's
// primary forwards its own: a worker may well get two).
let stopping = false;
// A cluster worker (src/app/cluster.ts) takes its orders from the primary, which turns
// Ctrl-C into a SIGTERM for each worker and SIGHUP into a rolling restart: the terminal's own
// SIGINT and SIGHUP, sent to the whole process group, must not stop the worker at once.
if (cluster.isWorker) for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});
for (const signal of cluster.isWorker ? (['SIGTERM'] as const) : (['SIGINT', 'SIGTERM'] as const))
  process.on(signal, async () => {
    if (stopping) {
      if (signal === 'SIGTERM') return log.info({ signal }, `${signal} again: already stopping`);
      exit(1, `${signal} again: stopping now`);
    }
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, `${signal} received: stopping`);
    try {
      const outcome = await app.shutdown({ graceMs: config.shutdownGraceMs });
      mailer.close?.();
      // after a forced stop a query may still hold its pool connection; exiting ends it (the
      // database rolls its transaction back), so the pool gets a moment, not a wait
      await Promise.race([
        db.close(),
        new Promise((resolve) => setTimeout(resolve, outcome === 'drained' ? 5000 : 500)),
      ]);
      exit(
        outcome === 'drained' ? 0 : 1,
        outcome === 'drained' ? 'stopped' : 'stopped with connections cut at the deadline',
      );
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      exit(1, 'stopped after a failed shutdown');
    }
  });

/** The last line of the process, then its end (pino writes stdout synchronously, so the line is out). */
function exit(code: number, reason: string): never {
  log[code === 0 ? 'info' : 'warn']({ exitCode: code, reason }, 'process exiting');
  log.flush();
  process.exit(code);
}

// after the signal handlers: a SIGTERM during the warm-up stops the process as at any other time
await warmSite(app);
warming();
