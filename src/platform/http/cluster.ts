import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';

/**
 * `npm run start:cluster`: N API processes (CLUSTER_WORKERS, default one per core) behind one
 * port, the way a deployment runs several behind a load balancer. node:cluster's primary accepts
 * the connections and hands them to the workers in turn; each worker is an ordinary
 * `src/platform/http/main.ts` sharing nothing but the database (and Redis when REDIS_URL is set).
 * Each keeps its own micro-cache; an admin's save empties all of them through Redis pub/sub or
 * PostgreSQL LISTEN/NOTIFY (src/platform/http/cache-broadcast.ts).
 *
 * PostgreSQL only: a SQLite file has one writer and lives on one host, so several processes on it
 * queue on its lock (busy_timeout) and buy nothing, and a deployment of several hosts cannot share
 * the file at all. CLUSTER_ALLOW_SQLITE=true runs it anyway, for a local experiment (without
 * REDIS_URL its workers' caches do not hear each other's saves: a change shows within RESPONSE_CACHE_MS).
 */
const config = loadConfig();
const workers = Math.max(1, Number(process.env.CLUSTER_WORKERS) || os.availableParallelism());

if (cluster.isPrimary) {
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl) && process.env.CLUSTER_ALLOW_SQLITE !== 'true') {
    console.error('start:cluster needs DATABASE_URL=postgres://…: SQLite allows one writer on one host, so several API ' + 'processes would only queue on its lock. Use `npm start` for SQLite (or CLUSTER_ALLOW_SQLITE=true to experiment).');
    process.exit(1);
  }
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts') });
  let stopping = false;

  // The first worker migrates, seeds the demo and ensures the admin account alone; the others start
  // after it listens, with seeding off, so N processes never race to seed an empty database.
  // (Migrations would be safe anyway: Kysely's migrator takes a database lock.)
  // argon2 is bounded per process (src/platform/passwords.ts): share the cores among the workers
  const hashing = { PASSWORD_HASH_CONCURRENCY: process.env.PASSWORD_HASH_CONCURRENCY || String(Math.max(1, Math.round(os.availableParallelism() / workers))) };
  const fork = (first: boolean) => cluster.fork(first ? hashing : { ...hashing, SEED_DEMO: 'false', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const firstWorker = fork(true);
  firstWorker.once('listening', () => {
    for (let i = 1; i < workers; i++) fork(false);
    console.log(`Arena cluster: ${workers} API processes on http://${config.host}:${config.port} (pid ${process.pid})`);
  });
  // a worker that dies is replaced, the way a supervisor or a load balancer's health check would
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.warn(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(false);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
}

/**
 * METRICS_PORT (with METRICS_TOKEN): the shared port hands a scrape of /metrics to whichever worker
 * is next, so the primary serves the sum of every worker's metrics on a port of its own
 * (src/platform/http/metrics.ts, serveClusterMetrics).
 */
async function serveMetrics() {
  if (!config.metricsPort || !config.metricsToken) return;
  const { serveClusterMetrics } = await import('./metrics.ts');
  serveClusterMetrics(config)?.once('listening', () => console.log(`Arena cluster metrics: http://${config.host}:${config.metricsPort}/metrics (every worker's, summed)`));
}
if (cluster.isPrimary) void serveMetrics();
