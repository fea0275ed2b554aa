import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configOrExit, logSettings } from '../platform/http/config.ts';
import { processLogger, routeConsole } from '../platform/http/logging.ts';

/**
 * `npm run start:cluster`: N API processes (CLUSTER_WORKERS, default one per core) behind one
 * port, the way a deployment runs several behind a load balancer. node:cluster's primary accepts
 * the connections and hands them to the workers in turn; each worker is an ordinary
 * `src/app/main.ts` sharing nothing but the database (and Redis when REDIS_URL is set).
 * Each keeps its own micro-cache; an admin's save empties all of them through Redis pub/sub or
 * PostgreSQL LISTEN/NOTIFY (src/platform/http/cache-broadcast.ts).
 *
 * PostgreSQL only: a SQLite file has one writer and lives on one host, so several processes on it
 * queue on its lock (busy_timeout) and buy nothing, and a deployment of several hosts cannot share
 * the file at all. CLUSTER_ALLOW_SQLITE=true runs it anyway, for a local experiment (without
 * REDIS_URL its workers' caches do not hear each other's saves: a change shows within RESPONSE_CACHE_MS).
 */
// the primary's lines are JSON like its workers' (each worker makes its own logger in main.ts)
const log = processLogger(logSettings(process.env), { role: 'primary' });
routeConsole(log);
const config = configOrExit();
const workers = Math.max(1, Number(process.env.CLUSTER_WORKERS) || os.availableParallelism());

if (cluster.isPrimary) {
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl) && process.env.CLUSTER_ALLOW_SQLITE !== 'true') {
    log.fatal(
      'start:cluster needs DATABASE_URL=postgres://…: SQLite allows one writer on one host, so several API ' +
        'processes would only queue on its lock. Use `npm start` ' +
        'for SQLite (or CLUSTER_ALLOW_SQLITE=true to experiment).',
    );
    process.exit(1);
  }
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts') });
  let stopping = false;

  // The first worker migrates, seeds the demo and ensures the admin account alone; the others start
  // after it listens, with seeding off, so N processes never race to seed an empty database.
  // (Migrations would be safe anyway: Kysely's migrator takes a database lock.)
  // argon2 is bounded per process (src/platform/passwords.ts): share the cores among the workers
  const hashing = {
    PASSWORD_HASH_CONCURRENCY:
      process.env.PASSWORD_HASH_CONCURRENCY || String(Math.max(1, Math.round(os.availableParallelism() / workers))),
  };
  const fork = (first: boolean) =>
    cluster.fork(first ? hashing : { ...hashing, SEED_DEMO: 'false', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const firstWorker = fork(true);
  firstWorker.once('listening', () => {
    for (let i = 1; i < workers; i++) fork(false);
    log.info({ workers, url: `http://${config.host}:${config.port}` }, 'Arena cluster running');
  });
  // Workers being replaced on purpose (a rolling restart): their exit is expected, not replaced again.
  const retiring = new Set<number>();
  // a worker that dies is replaced, the way a supervisor or a load balancer's health check would
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || retiring.delete(worker.id)) return;
    log.warn({ workerPid: worker.process.pid, exitCode: code, signal }, 'worker ended; starting another');
    fork(false);
  });

  /**
   * SIGHUP (after a deploy): every worker in turn is replaced by one running the code now on disk.
   * The replacement starts first and the old one is asked to stop only once the new one listens,
   * so the port always has as many workers as before; the old one drains (SIGTERM: it finishes its
   * requests, src/platform/http/shutdown.ts) and the next is replaced once it has exited.
   */
  let rolling: Promise<void> | null = null;
  let again = false;
  const rollingRestart = async () => {
    const started = Date.now();
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) break;
      const fresh = fork(false);
      const up = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      // a replacement that cannot start (a broken deploy) leaves the old workers serving
      if (!up) {
        if (stopping) return;
        log.error(
          { workerPid: fresh.process.pid },
          'rolling restart stopped: the new worker ended before listening; the others keep running the previous code',
        );
        return;
      }
      if (stopping) break;
      if (old.isDead()) continue;
      retiring.add(old.id);
      const gone = new Promise((resolve) => old.once('exit', resolve));
      old.process.kill('SIGTERM');
      await gone;
    }
    log.info({ ms: Date.now() - started, workers: Object.keys(cluster.workers ?? {}).length }, 'rolling restart done');
  };
  process.on('SIGHUP', () => {
    if (stopping) return;
    // a SIGHUP during a restart (a second deploy) restarts once more after it, with the newest code
    if (rolling) {
      again = true;
      return;
    }
    log.info(
      { signal: 'SIGHUP', workers: Object.keys(cluster.workers ?? {}).length },
      'SIGHUP received: restarting the workers one by one',
    );
    rolling = (async () => {
      do {
        again = false;
        await rollingRestart();
      } while (again && !stopping);
      rolling = null;
    })();
  });

  // SIGTERM or Ctrl-C: every worker drains (finishes its requests) and the primary exits after the last
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const left = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead()).length;
      log.info({ signal, workers: left() }, `${signal} received: stopping every worker`);
      const exit = () => {
        log.info({ exitCode: 0 }, 'stopped: every worker has exited');
        log.flush();
        process.exit(0);
      };
      cluster.on('exit', (worker, code, how) => {
        log.info({ workerPid: worker.process.pid, exitCode: code, signal: how, left: left() }, 'worker exited');
        if (left() === 0) exit();
      });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      if (left() === 0) exit();
    });
}

/**
 * METRICS_PORT (with METRICS_TOKEN): the shared port hands a scrape of /metrics to whichever worker
 * is next, so the primary serves every worker's metrics on a port of its own: counters summed,
 * gauges per worker (src/platform/http/metrics.ts, serveClusterMetrics).
 */
async function serveMetrics() {
  if (!config.metricsPort || !config.metricsToken) return;
  const { serveClusterMetrics } = await import('../platform/http/metrics.ts');
  serveClusterMetrics(config)?.once('listening', () =>
    log.info(
      { url: `http://${config.host}:${config.metricsPort}/metrics` },
      'cluster metrics served (counters summed, gauges per worker)',
    ),
  );
}
if (cluster.isPrimary) void serveMetrics();
