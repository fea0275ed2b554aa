import net from 'node:net';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { stopAccepting } from './listen.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a stop began (SIGTERM): the readiness check answers 503 so a balancer routes elsewhere. */
    readonly draining: boolean;
    /** The orderly stop below; resolves 'forced' if connections had to be cut at the deadline. */
    shutdown(opts?: { graceMs?: number }): Promise<'drained' | 'forced'>;
  }
}

/** How long a connection idle when the stop began may still bring one more request. */
const IDLE_GRACE_MS = 1000;

/**
 * An orderly stop that drops no request (src/app/main.ts on SIGTERM). Closing a keep-alive
 * connection that looks idle races with the client, whose next request may already be on the
 * wire: it would see a reset. So the stop goes in steps:
 *
 * 1. the listening sockets close (new connections are refused, or in a cluster go to the other
 *    workers), and every answer from now on, including those of requests already in flight,
 *    carries `Connection: close`, so each client finishes its request and reconnects elsewhere;
 * 2. connections idle at that moment get IDLE_GRACE_MS to bring a request, answered the same way;
 * 3. app.close(): idle connections still open are closed, requests in flight finish, then the
 *    onClose hooks stop timers, queues, Redis and the cache channel.
 *
 * Past `graceMs` from the start, the connections left are cut and the result is 'forced'.
 * Fastify's own return503OnClosing is turned off in app.ts: during the stop a request that reaches
 * this process is answered normally (with `Connection: close`), not refused.
 */
export function registerShutdown(app: FastifyInstance) {
  let draining = false;
  const connections = new Set<net.Socket>();
  app.decorate('draining', {
    getter: () => draining,
  });
  // per connection, not per request: nothing is added to the request path until a stop begins
  app.server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // the answer being written on a socket: Node's own field (http-terminator reads it the same way)
  const current = (socket: net.Socket) =>
    (socket as net.Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;

  app.decorate('shutdown', async function shutdown({ graceMs = 10_000 }: { graceMs?: number } = {}): Promise<
    'drained' | 'forced'
  > {
    if (draining) throw new Error('shutdown already started');
    draining = true;
    const started = Date.now();
    const deadline = started + graceMs;
    const inFlight = () => [...connections].filter((s) => current(s) !== null).length;
    const openAtStart = inFlight();
    app.log.info({ graceMs, connections: connections.size, requestsInFlight: openAtStart }, 'drain started');
    // added only now, and ahead of Fastify's own listener, so it costs nothing until a stop and
    // runs before any answer can be written
    app.server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
    for (const socket of connections) {
      const res = current(socket);
      if (res && !res.headersSent) res.setHeader('connection', 'close');
    }
    // only the accepting stops (http.Server's close would also close idle keep-alive connections
    // at once, the race described above); Fastify's close, later, tolerates it
    void stopAccepting(app.server);

    const idleUntil = Math.min(deadline, Date.now() + IDLE_GRACE_MS);
    while (Date.now() < idleUntil && [...connections].some((s) => current(s) === null)) await sleep(20);

    // app.close() closes idle connections once; an answer streamed before the stop began leaves its
    // connection idle later, so the sweep repeats until the server has closed
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const closed = app.close().then(() => 'drained' as const);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'forced'>(
      (resolve) => (timer = setTimeout(() => resolve('forced'), Math.max(0, deadline - Date.now()))),
    );
    try {
      const outcome = await Promise.race([closed, expired]);
      if (outcome === 'forced') {
        app.log.warn(
          { graceMs, connections: connections.size, requestsInFlight: inFlight() },
          'drain deadline passed: connections cut',
        );
        app.server.closeAllConnections();
        // the onClose hooks still get a moment to release what they hold
        await Promise.race([closed, sleep(1000)]);
      }
      app.log.info({ outcome, ms: Date.now() - started, requestsInFlightAtStart: openAtStart }, 'drain finished');
      return outcome;
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
