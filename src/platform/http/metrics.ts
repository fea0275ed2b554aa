import cluster, { type Worker } from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { AppConfig } from './config.ts';
import { pageCache } from './response-cache.ts';
import { AppError } from './errors.ts';
import { failureLimit } from './plugins/failure-limit.ts';
import { handleError } from './plugins/error-handler.ts';
import { passwordWork } from '../passwords.ts';
import { buildInfo } from '../build-info.ts';
import { dependencyStates, failedDependencies, type DependencyStates } from './health-routes.ts';
import { warmingUp } from './readiness.ts';

/**
 * Prometheus metrics at GET /metrics (outside /api, not in the OpenAPI document), on when
 * METRICS_TOKEN is set and then only for `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * The request path pays for one Map lookup and a few additions per answer (RouteSeries below):
 * prom-client's own `observe(labels, value)` builds a label key per call, about 0.5 µs, which
 * the static pages, served at nginx's pace, would feel. Everything else is counted where it happens
 * as a plain number (the micro-cache's hits, the mail queue's deliveries, the rate limiters'
 * rejections) or read at scrape time (the database pool, the work queues), and turned into metrics
 * only when Prometheus asks.
 *
 * Each app has its own registry, so the tests' many apps in one process never collide. Under
 * `start:cluster` each worker answers /metrics with its own counts; the primary can serve the whole
 * cluster's on METRICS_PORT (serveClusterMetrics).
 */

/** Per-app counters bumped where things happen; read at scrape time. */
export class AppMetrics {
  /**
   * Counts a built file answered at the socket, ahead of Fastify and its hooks (site.ts): set when
   * metrics are on, so those answers join the `static` series; a no-op otherwise.
   */
  staticAnswer: (method: string, status: number, ms: number) => void = () => {};
  /** 429s by limiter: a route's path for a route limit, the limiter's name for a failure limit */
  readonly rejections = new Map<string, number>();
  rateLimited(limiter: string) {
    this.rejections.set(limiter, (this.rejections.get(limiter) ?? 0) + 1);
  }
}

/** Wrong metrics tokens one client address may send in the window before every scrape from it is 429. */
export const METRICS_TOKEN_FAILURES = 10;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds; the first buckets are for the static files and micro-cached answers (well under 5 ms). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route labels of the answers no route pattern names (src/app/site.ts). */
export const routeLabels = {
  /** files and prerendered pages of dist/client */
  static: 'static',
  /** pages rendered on demand by Astro, or their micro-cached copy */
  page: 'page',
  /** no route, no file, no page: every 404 of an unknown address, so scanners make one series */
  unmatched: 'unmatched',
};

/**
 * An answer of the site outside the API's route patterns: an on-demand page, a static file or page, or nothing found.
 */
function siteLabel(req: FastifyRequest, status: number): string {
  if (status === 404) return routeLabels.unmatched;
  if (pageCache.answered(req)) return routeLabels.page;
  return status < 400 ? routeLabels.static : routeLabels.unmatched;
}

interface Series {
  labels: { method: string; route: string; status_class: string };
  count: number;
  sum: number;
  /** per bucket, not cumulative (made cumulative when scraped) */
  buckets: number[];
}

/** Request counts and latencies per method, route and status class. */
class RouteSeries {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, ms: number) {
    const statusClass = STATUS_CLASSES[(status / 100) | 0] ?? '5xx';
    const key = `${method} ${statusClass} ${route}`;
    let s = this.series.get(key);
    if (!s)
      this.series.set(
        key,
        (s = { labels: { method, route, status_class: statusClass }, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }),
      );
    const seconds = ms / 1000;
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++)
      if (seconds <= BUCKETS[i]) {
        s.buckets[i]++;
        break;
      }
  }

  /**
   * prom-client's shape of a metric (what Registry.metrics() prints and AggregatorRegistry sums), read when scraped.
   */
  metrics(): Metric[] {
    const all = () => [...this.series.values()];
    const counter = {
      name: 'arena_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      type: 'counter',
      aggregator: 'sum',
      get: () => ({ ...counter, values: all().map((s) => ({ labels: s.labels, value: s.count })) }),
    };
    const name = 'arena_http_request_duration_seconds';
    const histogram = {
      name,
      help: 'Time from the request to the end of its answer, by method, route pattern and status class',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({
        ...histogram,
        values: all().flatMap((s) => {
          let cumulative = 0;
          return [
            ...BUCKETS.map((le, i) => ({
              metricName: `${name}_bucket`,
              labels: { ...s.labels, le },
              value: (cumulative += s.buckets[i]),
            })),
            { metricName: `${name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count },
            { metricName: `${name}_sum`, labels: s.labels, value: s.sum },
            { metricName: `${name}_count`, labels: s.labels, value: s.count },
          ];
        }),
      }),
    };
    return [counter, histogram] as unknown as Metric[];
  }
}

/** prom-client's gauges whose names end in the counters' suffix (removed in registerMetrics). */
const ACTIVE_TOTALS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** arena_build_info, arena_ready and arena_dependency_up: what runs here and whether it can serve. */
function registerStateGauges(app: FastifyInstance, registry: Registry, config: AppConfig) {
  const build = buildInfo(config.distDir);
  new Gauge({
    name: 'arena_build_info',
    help: 'Always 1; the labels name the code this process runs (package version and commit)',
    labelNames: ['version', 'commit'],
    registers: [registry],
    collect() {
      this.set(build, 1);
    },
  });
  // the readiness check's own checks (health-routes.ts), so these gauges and /api/health never
  // disagree; run once per scrape and shared by the two gauges that read them
  let checking: Promise<DependencyStates> | null = null;
  const check = () => (checking ??= dependencyStates(app).finally(() => (checking = null)));
  new Gauge({
    name: 'arena_ready',
    help: '1 when this process passes its readiness check (/api/health), else 0',
    registers: [registry],
    async collect() {
      const failed = failedDependencies(await check());
      this.set(failed.length === 0 && !app.draining && !warmingUp(app) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'arena_dependency_up',
    help: 'Whether a dependency answered its check at scrape time (1) or not (0); absent when not configured',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      this.reset();
      const { cacheChannel, ...states } = await check();
      const named: [string, string | undefined][] = [...Object.entries(states), ['cache_channel', cacheChannel]];
      // a cache channel is 'local' where there is none to depend on (one process, or no cache)
      for (const [dependency, state] of named) {
        if (state === 'up' || state === 'down') this.set({ dependency }, state === 'up' ? 1 : 0);
      }
    },
  });
}

/** The cluster primary asks a worker for its metrics, and the worker answers, over the IPC channel. */
const ASK = 'arena:metrics-ask';
const ANSWER = 'arena:metrics-answer';
/** A metric as prom-client's getMetricsAsJSON gives it: a histogram's samples name their series. */
interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}
interface Family {
  name: string;
  help: string;
  type: string;
  values: Sample[];
}
interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  metrics: Family[] | null;
}

function answerPrimary(registry: Registry) {
  process.on('message', (message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    const send = (metrics: Family[] | null) => process.send?.({ type: ANSWER, id, metrics } satisfies Answer);
    registry.getMetricsAsJSON().then(
      (metrics) => send(metrics as unknown as Family[]),
      () => send(null),
    );
  });
}

/** `Authorization: Bearer <token>` against the configured token, in constant time (both sides hashed to one length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

const unauthorized = { status: 'ERROR', error: { code: 'UNAUTHORIZED', message: 'A valid metrics token is required' } };
const tooManyWrongTokens = {
  status: 'ERROR',
  error: { code: 'RATE_LIMITED', message: 'Too many wrong metrics tokens' },
};
const wrongToken = () => new AppError('unauthenticated', 'UNAUTHORIZED', unauthorized.error.message);

/**
 * Decorates the app with its counters and, when METRICS_TOKEN is set, adds /metrics and the
 * per-request observation. Call before any route is added: the observation is attached to each
 * route as it is registered (onRoute), so it knows the route's pattern without reading
 * `req.routeOptions` (an object built per access) on every request.
 */
export function registerMetrics(app: FastifyInstance, config: AppConfig) {
  const counters = new AppMetrics();
  app.decorate('metrics', counters);
  const token = config.metricsToken;
  if (!token) return;

  const registry = new Registry();
  // a cluster worker answers the primary's request for its metrics (serveClusterMetrics) from this registry
  if (cluster.isWorker) answerPrimary(registry);
  collectDefaultMetrics({ register: registry });
  // prom-client names three gauges `…_total`, the suffix Prometheus keeps for counters (promtool
  // rejects them, and a rate() over them would be nonsense); each equals the sum of the gauge
  // beside it by `type` (nodejs_active_handles and so on), so they go rather than being renamed
  for (const name of ACTIVE_TOTALS) registry.removeSingleMetric(name);

  const routes = new RouteSeries();
  for (const metric of routes.metrics()) registry.registerMetric(metric);
  counters.staticAnswer = (method, status, ms) => routes.observe(method, routeLabels.static, status, ms);
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    const observe = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      routes.observe(req.method, url, reply.statusCode, reply.elapsedTime);
      done();
    };
    // a new array: the options' own may be shared with the HEAD route Fastify derives from a GET
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), observe];
  });
  // no route matched: a built file or page answered by site.ts's hook (before the socket path takes
  // over, and under app.inject), an on-demand page, or an unknown address
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404)
      routes.observe(
        METHODS.has(req.method) ? req.method : 'other',
        siteLabel(req, reply.statusCode),
        reply.statusCode,
        reply.elapsedTime,
      );
    done();
  });

  const dbLabels = { engine: app.db.dialect };
  const poolGauge = (name: string, help: string, read: (p: ReturnType<FastifyInstance['db']['pool']>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'],
      registers: [registry],
      collect() {
        this.set(dbLabels, read(app.db.pool()));
      },
    });
  poolGauge('arena_db_pool_max', 'Database connections the pool may open (SQLite: its one connection)', (p) => p.max);
  poolGauge('arena_db_pool_connections', 'Database connections open', (p) => p.total);
  poolGauge('arena_db_pool_in_use', 'Database connections lent to a query or transaction', (p) => p.total - p.idle);
  poolGauge('arena_db_pool_idle', 'Database connections open and free', (p) => p.idle);
  poolGauge('arena_db_pool_waiting', 'Queries and transactions waiting for a database connection', (p) => p.waiting);

  // after the pool's gauges: a scrape reads the pool before its own database check takes a connection
  registerStateGauges(app, registry, config);

  const gates = () => ({ password: passwordWork, image: app.imageGate });
  new Gauge({
    name: 'arena_work_running',
    help: 'CPU-heavy jobs running now (argon2 password hashes, image decoding)',
    labelNames: ['gate'],
    registers: [registry],
    collect() {
      for (const [gate, work] of Object.entries(gates())) this.set({ gate }, work.running);
    },
  });
  new Gauge({
    name: 'arena_work_waiting',
    help: 'CPU-heavy jobs waiting for a slot (beyond the queue they are refused with 503)',
    labelNames: ['gate'],
    registers: [registry],
    collect() {
      for (const [gate, work] of Object.entries(gates())) this.set({ gate }, work.queued);
    },
  });

  /** A counter whose values are copied from plain numbers at scrape time. */
  const countedCounter = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: () => [Partial<Record<L, string>>, number][],
  ) =>
    new Counter({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels, value);
      },
    });
  const cacheCounts = () => app.responseCache?.counts ?? { api: { hits: 0, misses: 0 }, page: { hits: 0, misses: 0 } };
  countedCounter(
    'arena_cache_hits_total',
    'Micro-cache answers served without building them ' +
      '(a kept copy, or the build another request had under way), by cache',
    ['cache'],
    () => Object.entries(cacheCounts()).map(([cache, c]) => [{ cache }, c.hits]),
  );
  countedCounter(
    'arena_cache_misses_total',
    'Micro-cache answers built because no copy was fresh, by cache',
    ['cache'],
    () => Object.entries(cacheCounts()).map(([cache, c]) => [{ cache }, c.misses]),
  );
  countedCounter(
    'arena_rate_limit_rejections_total',
    'Requests refused with 429, by limiter (a route pattern, or a failure limit by name)',
    ['limiter'],
    () => [...counters.rejections].map(([limiter, n]) => [{ limiter }, n]),
  );
  countedCounter(
    'arena_mail_sent_total',
    'E-mails handed to the mail server (or written to the outbox) by this process',
    [],
    () => [[{}, app.mailQueue.counts.sent]],
  );
  countedCounter(
    'arena_mail_failed_total',
    'E-mail delivery attempts that failed (each is retried with backoff, up to 15 attempts)',
    [],
    () => [[{}, app.mailQueue.counts.failed]],
  );

  // Wrong tokens are limited per client address, as failed logins are: the token is all that stands
  // between the internet and these numbers, and unlimited it could be guessed at the server's full
  // speed. The counters live in this process's memory (a rate-limit plugin of this route's own):
  // a scrape must not wait on the database or Redis, whose trouble it is there to show. A scrape
  // without any Authorization header guesses nothing and is not counted.
  void app.register(async (scope) => {
    if (config.rateLimits) await scope.register(rateLimit, { global: false });
    const limit = { name: 'metrics-token', max: METRICS_TOKEN_FAILURES, timeWindow: '15 minutes' };
    const guard = failureLimit(scope, { ...limit, failures: ['UNAUTHORIZED'] });
    scope.get('/metrics', { schema: { hide: true } }, (req, reply) => scrape(req, reply, guard));
  });
  const scrape = async (req: FastifyRequest, reply: FastifyReply, guard: ReturnType<typeof failureLimit>) => {
    // a scrape is personal to its token: no shared cache may keep it
    reply.header('cache-control', 'no-store');
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    if (req.headers.authorization === undefined) return reply.code(401).send(unauthorized);
    try {
      return await guard(req, async () => {
        if (!bearerMatches(req.headers.authorization, token)) throw wrongToken();
        reply.removeHeader('www-authenticate');
        return reply.type(registry.contentType).send(await exposition(registry));
      });
    } catch (err) {
      // this route is added before the app's error handler is set, so it answers its refusals itself
      if (err instanceof AppError) return handleError(err as AppError & FastifyError, req, reply);
      throw err;
    }
  };
}

/** How long the primary waits for a worker's metrics; one that has not answered by then is left out of the scrape. */
export const WORKER_ANSWER_MS = 1000;

type Labels = Sample['labels'];
/** One summed sample: a counter's value, or a histogram's bucket, sum or count. */
interface Kept extends Sample {
  family: string;
}
function keyOf(family: string, metricName: string | undefined, labels: Labels) {
  const sorted = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${family}\0${metricName ?? ''}\0${JSON.stringify(sorted)}`;
}
const summed = (type: string) => type === 'counter' || type === 'histogram';
const pidOf = (worker: Worker) => String(worker.process.pid);

/**
 * The cluster's metrics as the primary serves them.
 *
 * Counters and histograms are summed over the workers, without a `worker` label: a request counts
 * the same whichever worker took it. The sum never goes backwards while the primary runs, so
 * Prometheus never sees a reset it would turn into a false spike: each worker's last answer is
 * kept, a worker that does not answer a scrape (starting, stopping, busy) counts with its last
 * answer, and when a worker exits its last answer moves into `retired`, which is added to every sum
 * from then on. What a worker counted after its last answer is lost with it (the sum stays where
 * it was). Gauges are a process's state now (heap, event-loop lag, pool, readiness, start time,
 * build), so each is served per worker with a `worker` label (its pid), and only for the workers
 * that answered this scrape: sum or max them in PromQL where a cluster-wide figure makes sense.
 */
class ClusterMetrics {
  /** the last answer of each worker still running, by pid: its summed samples by key */
  private readonly latest = new Map<number, Map<string, Kept>>();
  private readonly retired = new Map<string, Kept>();
  /** name, help and type of every family seen, in the order first seen */
  private readonly families = new Map<string, { help: string; type: string }>();
  /** workers that have listened: a worker still starting has no answer to give yet */
  private readonly listening = new Set<number>();
  private readonly waiting = new Map<number, (answer: Family[] | null) => void>();
  private nextId = 0;

  constructor() {
    // the workers forked before this was built are asked too (at worst one timeout each)
    for (const worker of Object.values(cluster.workers ?? {})) if (worker) this.listening.add(worker.id);
    cluster.on('listening', (worker) => this.listening.add(worker.id));
    cluster.on('exit', (worker) => {
      this.listening.delete(worker.id);
      const last = this.latest.get(worker.process.pid!);
      this.latest.delete(worker.process.pid!);
      for (const [key, kept] of last ?? []) {
        const sum = this.retired.get(key);
        if (sum) sum.value += kept.value;
        else this.retired.set(key, { ...kept });
      }
    });
    cluster.on('message', (worker, message: Partial<Answer>) => {
      if (message?.type !== ANSWER || typeof message.id !== 'number') return;
      // a late answer still updates the worker's last known counts
      if (message.metrics) this.keep(worker.process.pid!, message.metrics);
      this.waiting.get(message.id)?.(message.metrics ?? null);
    });
  }

  private keep(pid: number, metrics: Family[]) {
    const samples = new Map<string, Kept>();
    for (const family of metrics) {
      if (!this.families.has(family.name)) this.families.set(family.name, { help: family.help, type: family.type });
      if (!summed(family.type)) continue;
      for (const v of family.values) {
        const sample = { family: family.name, metricName: v.metricName, labels: v.labels, value: v.value };
        samples.set(keyOf(family.name, v.metricName, sample.labels), sample);
      }
    }
    this.latest.set(pid, samples);
  }

  private ask(worker: Worker): Promise<Family[] | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const done = (answer: Family[] | null) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      };
      const timer = setTimeout(() => done(null), WORKER_ANSWER_MS);
      this.waiting.set(id, done);
      try {
        worker.send({ type: ASK, id } satisfies Ask);
      } catch {
        done(null);
      }
    });
  }

  /** Asks every listening worker at once and serves what came back within WORKER_ANSWER_MS. */
  async scrape(): Promise<string> {
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    const askable = (w: Worker) => w.isConnected() && this.listening.has(w.id);
    const answers = await Promise.all(alive.map((w) => (askable(w) ? this.ask(w) : null)));

    const sums = new Map<string, Kept>();
    for (const samples of [this.retired, ...this.latest.values()])
      for (const [key, kept] of samples) {
        const sum = sums.get(key);
        if (sum) sum.value += kept.value;
        else sums.set(key, { ...kept });
      }
    const values = new Map<string, Sample[]>([...this.families.keys()].map((name) => [name, []]));
    for (const { family, ...sample } of sums.values()) values.get(family)?.push(sample);
    answers.forEach((answer, i) => {
      const worker = pidOf(alive[i]);
      for (const family of answer ?? []) {
        if (summed(family.type)) continue;
        for (const v of family.values) values.get(family.name)?.push({ ...v, labels: { ...v.labels, worker } });
      }
    });

    const registry = new Registry();
    const add = (name: string, help: string, type: string, samples: Sample[]) => {
      const metric = { name, help, type, aggregator: 'sum', values: samples };
      registry.registerMetric({ ...metric, get: () => metric } as unknown as Metric);
    };
    for (const [name, { help, type }] of this.families) add(name, help, type, values.get(name) ?? []);
    const up = answers.map((answer, i) => ({ labels: { worker: pidOf(alive[i]) }, value: answer ? 1 : 0 }));
    const one = (value: number) => [{ labels: {}, value }];
    add('arena_cluster_workers', 'Worker processes running (started and not yet exited)', 'gauge', one(alive.length));
    const reporting = up.filter((u) => u.value).length;
    add('arena_cluster_workers_reporting', 'Workers whose metrics are in this scrape', 'gauge', one(reporting));
    const upHelp = '1 for a worker whose metrics are in this scrape, 0 for one starting, stopping or too slow; by pid';
    add('arena_cluster_worker_up', upHelp, 'gauge', up);
    return exposition(registry);
  }
}

/**
 * A registry's scrape in the text exposition format. prom-client spells a value that is not a number `Nan` (the
 * event loop's mean lag is one until its first sample is taken); the format spells it `NaN`. Prometheus' own parser
 * forgives the other spelling, stricter readers of the format do not.
 */
export async function exposition(registry: Registry): Promise<string> {
  return (await registry.metrics()).replace(/ Nan$/gm, ' NaN');
}

/**
 * `start:cluster`'s primary: with METRICS_PORT and METRICS_TOKEN set, serves at
 * http://HOST:METRICS_PORT/metrics the whole cluster's metrics (ClusterMetrics: counters summed,
 * gauges per worker), asking each worker over the cluster channel, so one scrape sees every worker
 * instead of whichever one the shared port hands it to.
 */
export function serveClusterMetrics(
  config: Pick<AppConfig, 'host' | 'metricsPort' | 'metricsToken'>,
): http.Server | null {
  const token = config.metricsToken;
  if (!config.metricsPort || !token) return null;
  const metrics = new ClusterMetrics();
  // the primary has no Fastify and no shared store: its wrong-token count is a window in memory,
  // keyed like every per-address limit (an IPv6 client by its /64)
  const wrong = new Map<string, { n: number; until: number }>();
  const windowMs = 15 * 60_000;
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(body);
    };
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return send(404, 'text/plain', 'Not found');
    const key = normalizeIP(req.socket.remoteAddress ?? '');
    const now = Date.now();
    const seen = wrong.get(key);
    const count = seen && seen.until > now ? seen : undefined;
    if (count && count.n >= METRICS_TOKEN_FAILURES) {
      const retryAfter = String(Math.ceil((count.until - now) / 1000));
      return send(429, 'application/json', JSON.stringify(tooManyWrongTokens), { 'retry-after': retryAfter });
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      if (req.headers.authorization !== undefined)
        wrong.set(key, { n: (count?.n ?? 0) + 1, until: count?.until ?? now + windowMs });
      return send(401, 'application/json', JSON.stringify(unauthorized), {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    metrics.scrape().then(
      (body) => send(200, Registry.PROMETHEUS_CONTENT_TYPE, body),
      (err: Error) => send(500, 'text/plain', `metrics failed: ${err.message}`),
    );
  });
  // a port already taken must not end the primary and its workers: the API goes on without the sum
  server.on('error', (err) =>
    console.error(`cluster metrics not served on ${config.host}:${config.metricsPort}: ${err.message}`),
  );
  server.listen(config.metricsPort, config.host);
  return server;
}
