import cluster from 'node:cluster';
import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/**
 * Listening on one port through several sockets (SO_REUSEPORT, Linux). Node accepts at most one
 * new connection per listening socket and turn of the event loop, so while the turns are long (a
 * check-in rush: each turn answers dozens of requests) a burst of new connections waits in the
 * kernel's queue, one turn per connection. With 200 players connecting at once to check in, the
 * last connections were accepted up to a second after they arrived, and their requests answered
 * as late, while the server took about 120 ms per request (measured with strace and a timeline of
 * each request: accept4 once per epoll_wait). The kernel spreads new connections over `sockets`
 * sockets of the port, each accepted on the same turn and handed to the one HTTP server.
 *
 * In a cluster worker the primary accepts and hands connections over (its loop does nothing else),
 * and on other systems SO_REUSEPORT is missing or means something else: one socket there.
 */
export interface ListenOptions {
  port: number;
  host: string;
  /** Listening sockets on the port (ACCEPT_SOCKETS); 1 is Fastify's own listen. */
  sockets: number;
}

const acceptorsOf = new WeakMap<net.Server, { acceptors: net.Server[]; closed: Promise<unknown> | null }>();

export async function listen(app: FastifyInstance, opts: ListenOptions): Promise<void> {
  // (a host name such as localhost may stand for several addresses: Fastify binds each itself)
  const extra =
    cluster.isWorker || process.platform !== 'linux' || !net.isIP(opts.host) ? 0 : Math.max(0, opts.sockets - 1);
  if (!extra) {
    await app.listen({ port: opts.port, host: opts.host });
    return;
  }
  const state = { acceptors: [] as net.Server[], closed: null as Promise<unknown> | null };
  acceptorsOf.set(app.server, state);
  // Fastify's own close waits only for the connections of its socket: those of the others are
  // waited for before the pools close (onClose hooks run last-registered first, after the server's)
  app.addHook('preClose', async () => void stopAccepting(app.server));
  app.addHook('onClose', async () => {
    await stopAccepting(app.server);
  });
  // Sockets with SO_REUSEPORT share a port with any other process of the same user that sets it
  // too: a second server started on a port in use must fail as it does with one socket, so the
  // port is first taken alone (and PORT=0 gets its free port this way).
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: opts.port, host: opts.host }, () => {
      const { port: taken } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(taken));
    });
  });
  // Fastify hands the options to net.Server#listen, which knows reusePort (Fastify's types do not)
  const options: FastifyListenOptions = { port, host: opts.host };
  await app.listen(Object.assign(options, { reusePort: true }));
  for (let i = 0; i < extra; i++) {
    // the options http.Server gives its own socket
    const acceptor = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
      app.server.emit('connection', socket),
    );
    await new Promise<void>((resolve, reject) => {
      acceptor.once('error', reject);
      acceptor.listen({ port, host: opts.host, reusePort: true }, () => {
        acceptor.off('error', reject);
        resolve();
      });
    });
    state.acceptors.push(acceptor);
  }
}

/**
 * Stops taking new connections on every socket of the port; resolves once the connections the
 * extra sockets accepted have ended (the HTTP server's own close waits for those of its socket).
 */
export function stopAccepting(server: net.Server): Promise<unknown> {
  // net.Server's close only stops accepting; http.Server's would also close idle keep-alive
  // connections at once (see shutdown.ts)
  if (server.listening) net.Server.prototype.close.call(server);
  const state = acceptorsOf.get(server);
  if (!state) return Promise.resolve();
  state.closed ??= Promise.all(
    state.acceptors.map((a) => new Promise<void>((resolve) => (a.listening ? a.close(() => resolve()) : resolve()))),
  );
  return state.closed;
}
