import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL, Redis), to inject the faults a
 * network gives: `blackhole()` keeps accepting connections and reading bytes but forwards nothing
 * either way, like a database host that froze or a firewall that drops packets; `recover()`
 * forwards again. Connections opened during the blackhole stay dead (their bytes are gone), as
 * they would in production; `recover()` closes them so clients reconnect.
 */
export interface TcpProxy {
  port: number;
  /** Rewrites a URL's host and port to the proxy's. */
  url(target: string): string;
  blackhole(): void;
  recover(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let dropping = false;
  const sockets = new Set<net.Socket>();
  const dead = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => {
      sockets.delete(client);
      dead.delete(client);
    });
    client.on('error', () => {});
    if (dropping) {
      // accept, read and discard: the client sees a connection that never answers
      dead.add(client);
      client.resume();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (dropping) dead.add(client);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!dropping) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    blackhole() {
      dropping = true;
      // bytes already in flight on open connections are dropped from now on, so every open
      // connection is as dead as a new one
      for (const s of sockets) dead.add(s);
    },
    recover() {
      dropping = false;
      for (const s of dead) s.destroy();
      dead.clear();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
