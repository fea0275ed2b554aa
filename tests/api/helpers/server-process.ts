import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Real server processes (`node src/app/main.ts`) for the tests and benchmarks that need more
 * than `app.inject`: several processes on one database, a `kill -9`, real sockets under load.
 * Every process started here is killed when the test process ends, even if a test forgot.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Whether a listener could bind 127.0.0.1:`port` right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The first port the kernel hands out on its own (`ip_local_port_range`), to every outgoing connection and to a
 * listener on port 0; 32768 where the range cannot be read.
 */
function ephemeralStart(): number {
  try {
    const start = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 0 ? start : 32768;
  } catch {
    return 32768;
  }
}
const below = ephemeralStart();

/**
 * A port nothing listens on now, for a server a test starts a moment later. It is drawn at random from the
 * 10,000 ports below the kernel's own range: a port from that range (the kernel's pick for port 0) can be
 * handed to any outgoing connection, a load test's beside it say, in the second before the new server binds
 * it, and the server then fails with EADDRINUSE. A port below the range is taken only by a listener naming it.
 */
export async function anyFreePort(): Promise<number> {
  const low = Math.max(1024, below - 10_000);
  for (let tries = 0; tries < 100; tries++) {
    const port = low + Math.floor(Math.random() * (below - low));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in [${low}, ${below})`);
}

/**
 * The environment a test's child process starts from: PATH and HOME, and Node's compile cache where the runner
 * keeps one (scripts/run.sh), so a child reuses the code earlier processes compiled. Nothing else of the test
 * process leaks in: each test names the configuration its child runs under.
 */
export function childEnv(): Record<string, string> {
  const { PATH = '', HOME = '', NODE_COMPILE_CACHE } = process.env;
  return { PATH, HOME, ...(NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE } : {}) };
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** what the process wrote so far (stdout and stderr), for failure messages */
  output(): string;
  /** kill -9: no shutdown hook runs, a transaction in flight is cut where it stands */
  crash(): Promise<void>;
  /** SIGTERM, the orderly stop; SIGKILL if it lingers */
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** the built site to serve; by default none (API only) */
  distDir?: string;
  env?: Record<string, string>;
  /** the entry to run; `src/app/main.ts` unless a benchmark compares another */
  entry?: string;
  /** how long it may take to answer `/api/health` 200 (30 s): longer for one that waits for another's setup */
  readyWithinMs?: number;
}

export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [opts.entry ?? path.join(root, 'src/app/main.ts')], {
    cwd: root,
    env: {
      ...childEnv(),
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      DIST_DIR: opts.distDir ?? path.join(opts.dataDir, 'no-dist'),
      SEED_DEMO: 'false',
      // every test signs up from one address; the limit itself is tested in abuse-limits.test.ts
      SIGNUP_RATE_LIMIT: '100000',
      PASSWORD_HASH_QUEUE: '10000',
      PASSWORD_HASH_WAIT_MS: '60000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  const url = `http://127.0.0.1:${opts.port}`;
  const readyWithinMs = opts.readyWithinMs ?? 30_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server on ${opts.port} ended before answering:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${opts.port} did not answer within ${readyWithinMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { port: opts.port, url, child, output: () => log, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** A JSON call over HTTP; a refused or cut connection is status 0 (the process died). */
export async function httpCall(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(base + url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  } catch {
    return { status: 0, json: undefined };
  }
}
