import { createHash, randomUUID } from 'node:crypto';

/**
 * Empties the micro-cache (src/platform/http/response-cache.ts) of every API process when an admin
 * saves, not only of the process that handled the save. One channel per deployment:
 *
 * - Redis pub/sub when REDIS_URL is set (preferred over the database when both are there: it takes
 *   no database connection per process): the processes already share it for rate limits, and a
 *   publish reaches every subscriber whatever the database;
 * - else PostgreSQL LISTEN/NOTIFY on one dedicated connection per process (a notification belongs
 *   to the database, so every process on it hears it, nothing else to run);
 * - else (SQLite, one process) in-process only: there is no other process to tell.
 *
 * The sender waits (BROADCAST_WAIT_MS at most) until its own message has come back through the
 * channel and every process heard from lately has acknowledged it, before the admin's answer
 * leaves: the next read on any process is fresh. A channel that drops never fails or holds a save: the
 * local cache is still emptied, the listener reconnects by itself, and while the channel is down
 * (or not yet up) the cache keeps a copy only RESPONSE_CACHE_FALLBACK_MS (ResponseCache.degrade), so
 * a save made elsewhere shows within that. A heartbeat round trip every HEARTBEAT_MS notices a
 * channel that went silent without closing (a frozen server, a dropped network).
 */

/** What a channel does; both implementations below deliver a message to its sender too. */
export interface BroadcastTransport {
  readonly name: 'redis' | 'postgres';
  /** Sends one message to every listening process, this one included. */
  send(message: string): Promise<void>;
  /** Connects the listening side (and keeps reconnecting it until `close`). */
  start(events: TransportEvents): void;
  /** Drops the connections and reconnects (after a missed heartbeat: a silent connection is dead). */
  restart(): void;
  close(): Promise<void>;
}

export interface TransportEvents {
  message(text: string): void;
  /** listening: messages sent from now on will arrive */
  up(): void;
  down(err?: unknown): void;
}

export interface BroadcastLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/**
 * Longest wait of an admin's save for the acknowledgements: a busy process gets half a second to
 * answer; one that stopped is forgotten after three missed heartbeats, so it delays saves a few
 * seconds at most.
 */
export const BROADCAST_WAIT_MS = 500;
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 1000;

export type BroadcastState = 'local' | 'up' | 'down';

/** The part of the micro-cache the invalidator drives (ResponseCache). */
interface Cache {
  /** empties what `scopes` name, or everything */
  clear(scopes?: readonly string[]): void;
  degrade(on: boolean): void;
}

export class CacheInvalidator {
  private readonly id = randomUUID();
  private seq = 0;
  /** a message sent and who has still to answer it (this process's own copy, the peers' acks) */
  private readonly waiting = new Map<string, { pending: Set<string>; done(): void }>();
  /** the other processes on the channel and when each was last heard (their heartbeats) */
  private readonly peers = new Map<string, number>();
  private listening = false;
  /** the last round trip came back (a heartbeat or a save's own message) */
  private healthy = true;
  private wasUp = false;
  private timer?: NodeJS.Timeout;

  private readonly cache: Cache | null;
  private readonly transport: BroadcastTransport | null;
  private readonly log: BroadcastLog;

  constructor(cache: Cache | null, transport: BroadcastTransport | null, log: BroadcastLog) {
    this.cache = cache;
    this.transport = transport;
    this.log = log;
    if (!transport) return;
    // until the listener is up, a save elsewhere would go unheard: short lifetime meanwhile
    cache?.degrade(true);
    transport.start({
      message: (text) => this.received(text),
      up: () => {
        this.listening = true;
        this.healthy = true;
        this.settle();
        // announce this process at once, so the others wait for its acknowledgement from now on
        void this.heartbeat();
      },
      down: (err) => {
        this.listening = false;
        this.settle(err);
      },
    });
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Resolves once the channel is up, or after `ms` (a process starts even with the channel down;
   * its cache keeps the fallback lifetime until the channel comes up).
   */
  async ready(ms: number): Promise<BroadcastState> {
    for (const until = performance.now() + ms; this.state === 'down' && performance.now() < until;)
      await new Promise((r) => setTimeout(r, 10));
    return this.state;
  }

  /** 'local' without a channel (one process); else whether other processes' saves reach this one. */
  get state(): BroadcastState {
    if (!this.transport) return 'local';
    return this.listening && this.healthy ? 'up' : 'down';
  }

  get channel(): BroadcastTransport['name'] | 'local' {
    return this.transport?.name ?? 'local';
  }

  /**
   * Empties this process's cache and tells the others, and resolves once every process heard from
   * lately has acknowledged (it has emptied its cache), so the admin's answer leaves after every
   * copy is gone. Never throws and never waits longer than BROADCAST_WAIT_MS; with the channel down
   * it only sends (another process may still be listening).
   */
  async invalidate(scopes?: readonly string[]): Promise<void> {
    this.cache?.clear(scopes);
    if (!this.transport) return;
    // the scopes ride in the fourth field (an ack's addressee): `*` or none empties everything
    const what = scopes ? scopes.join(',') : '*';
    if (this.state !== 'up') {
      this.transport.send(`clear:${this.id}:-:${what}`).catch(() => {});
      return;
    }
    if (!(await this.roundTrip('clear', BROADCAST_WAIT_MS, this.livePeers(), what))) {
      this.healthy = false;
      this.settle(new Error(`an invalidation did not come back within ${BROADCAST_WAIT_MS} ms`));
    }
  }

  async close() {
    clearInterval(this.timer);
    for (const { done } of this.waiting.values()) done();
    await this.transport?.close();
  }

  /** Messages are `kind:sender:seq`, and `ack:sender:seq:addressee` for an acknowledgement. */
  private received(text: string) {
    const [kind, sender, seq, addressee] = text.split(':');
    if (sender === this.id) return this.answered(seq, sender);
    this.peers.set(sender, performance.now());
    if (kind === 'clear') {
      this.cache?.clear(addressee && addressee !== '*' ? addressee.split(',') : undefined);
      if (seq !== '-') this.transport!.send(`ack:${this.id}:${seq}:${sender}`).catch(() => {});
    } else if (kind === 'ack' && addressee === this.id) this.answered(seq, sender);
  }

  private answered(seq: string, who: string) {
    const entry = this.waiting.get(seq);
    entry?.pending.delete(who);
    if (entry?.pending.size === 0) entry.done();
  }

  /** The processes heard within the last three heartbeats (one that stopped is forgotten). */
  private livePeers(): string[] {
    const since = performance.now() - 3 * HEARTBEAT_MS;
    for (const [peer, at] of this.peers) if (at < since) this.peers.delete(peer);
    return [...this.peers.keys()];
  }

  /**
   * Sends `kind` and waits, `ms` at most, for its own copy to come back through the channel and for
   * each of `peers` to acknowledge it; resolves whether its own copy came back.
   */
  private roundTrip(kind: 'clear' | 'ping', ms: number, peers: string[] = [], scopes?: string): Promise<boolean> {
    const seq = String(++this.seq);
    const pending = new Set([this.id, ...peers]);
    return new Promise<boolean>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(seq);
        resolve(!pending.has(this.id));
      };
      const timer = setTimeout(finish, ms);
      this.waiting.set(seq, { pending, done: finish });
      this.transport!.send(`${kind}:${this.id}:${seq}${scopes ? `:${scopes}` : ''}`).catch(finish);
    });
  }

  private async heartbeat() {
    // a listener that is down is reconnecting on its own
    if (!this.listening) return;
    const ok = await this.roundTrip('ping', HEARTBEAT_TIMEOUT_MS);
    this.healthy = ok;
    this.settle(ok ? undefined : new Error(`no heartbeat within ${HEARTBEAT_TIMEOUT_MS} ms`));
    if (!ok) this.transport!.restart();
  }

  /** Applies a change of state: one log line per outage, the short lifetime while down. */
  private settle(err?: unknown) {
    const up = this.state === 'up';
    if (up === this.wasUp) return;
    this.wasUp = up;
    this.cache?.degrade(!up);
    if (up) {
      // saves made elsewhere while this process was not listening were not heard
      this.cache?.clear();
      this.log.info(`cache broadcast: listening on ${this.channel}, every process's saves empty this cache`);
    } else
      this.log.warn(
        { err },
        `cache broadcast: ${this.channel} channel down; ` +
          `public answers kept at most the fallback lifetime until it is back`,
      );
  }
}

/** Redis pub/sub: one connection subscribed, one to publish (a subscribed connection can do nothing else). */
export async function redisTransport(url: string, channel: string): Promise<BroadcastTransport> {
  const { Redis } = await import('ioredis');
  const options = {
    connectTimeout: 500,
    // fail fast while disconnected: a save must not queue behind a reconnect
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    retryStrategy: (attempt: number) => Math.min(100 * attempt, 2000),
  };
  const subscriber = new Redis(url, { ...options, autoResubscribe: false, lazyConnect: true });
  const publisher = new Redis(url, { ...options, lazyConnect: true });
  // connection errors repeat on every reconnect attempt; the invalidator logs the outage once
  subscriber.on('error', () => {});
  publisher.on('error', () => {});
  return {
    name: 'redis',
    send: async (message) => void (await publisher.publish(channel, message)),
    start(events) {
      subscriber.on('message', (from: string, text: string) => from === channel && events.message(text));
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).then(
          () => events.up(),
          (err) => events.down(err),
        );
      });
      subscriber.on('close', () => events.down());
      subscriber.connect().catch(() => {});
      publisher.connect().catch(() => {});
    },
    restart() {
      subscriber.disconnect(true);
      publisher.disconnect(true);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** PostgreSQL's limit on a channel name; a longer one is replaced by its hash. */
const PG_NAME_BYTES = 63;

/**
 * LISTEN/NOTIFY on one connection of its own (LISTEN belongs to a session, so not a pooled one);
 * NOTIFY goes out on the same connection, which keeps the pool out of it and delivers the
 * sender's own copy on the connection it tests.
 */
export async function postgresTransport(
  url: string,
  channel: string,
  connectTimeoutMs: number,
): Promise<BroadcastTransport> {
  const { default: pg } = await import('pg');
  const name =
    Buffer.byteLength(channel) <= PG_NAME_BYTES
      ? channel
      : `cache:${createHash('sha256').update(channel).digest('hex').slice(0, 40)}`;
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let events: TransportEvents;

  const drop = (c: InstanceType<typeof pg.Client>, err?: unknown) => {
    if (c !== client) return;
    client = null;
    events.down(err);
    // not awaited: ending a connection that went silent may never finish
    c.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, Math.min(100 * ++attempt, 2000));
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: 2000,
      keepAlive: true,
      application_name: 'arena-cache-broadcast',
    });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', (n) => n.channel === name && events.message(n.payload ?? ''));
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(name)}`);
      if (c !== client) return;
      attempt = 0;
      events.up();
    } catch (err) {
      drop(c, err);
    }
  };
  return {
    name: 'postgres',
    send: async (message) => {
      if (!client) throw new Error('the cache broadcast connection is down');
      await client.query('select pg_notify($1, $2)', [name, message]);
    },
    start(handlers) {
      events = handlers;
      void connect();
    },
    restart() {
      if (client) drop(client, new Error('restarted after a missed heartbeat'));
    },
    async close() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await Promise.race([c.end().catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
    },
  };
}
