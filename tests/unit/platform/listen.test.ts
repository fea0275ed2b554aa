import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { listen, stopAccepting } from '../../../src/platform/http/listen.ts';
import { loadConfig } from '../../../src/platform/http/config.ts';
import { registerShutdown } from '../../../src/platform/http/shutdown.ts';

/**
 * src/platform/http/listen.ts: one port, several listening sockets. Real sockets on loopback; the
 * burst test blocks this process's event loop while a child process connects, the way a long turn
 * of a busy server does, and counts the turns the accepting then takes.
 */
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => (a.server.listening ? a.close() : undefined)));
});

function app() {
  const a = Fastify();
  // which socket accepted the connection this request came on (the HTTP server sets `server` to
  // itself on every connection it is handed; `_server` stays the one that accepted it)
  a.get('/which', async (req) => ({
    extra: (req.socket as net.Socket & { _server?: net.Server })._server !== a.server,
  }));
  apps.push(a);
  return a;
}

const portOf = (a: FastifyInstance) => (a.server.address() as net.AddressInfo).port;

/** One request, by default on a new connection (no keep-alive agent). */
function get(port: number, path: string, agent: http.Agent | false = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('listen on several sockets', () => {
  test('every socket of the port hands its connections to the one server', async () => {
    const a = app();
    await listen(a, { port: 0, host: '127.0.0.1', sockets: 4 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => get(portOf(a), '/which')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const extra = answers.filter((r) => JSON.parse(r.body).extra).length;
    // the kernel spreads new connections over the four sockets: 60 all on one would be (1/4)^59
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThan(60);
  });

  test('a port in use is refused, as with one socket, though the sockets share it among themselves', async () => {
    const a = app();
    await listen(a, { port: 0, host: '127.0.0.1', sockets: 4 });
    const second = app();
    await expect(listen(second, { port: portOf(a), host: '127.0.0.1', sockets: 4 })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    const plain = net.createServer();
    await expect(
      new Promise((resolve, reject) => plain.once('error', reject).listen(portOf(a), '127.0.0.1', () => resolve(null))),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  // the request in flight is on an extra socket
  test('a shutdown refuses new connections on every socket, and waits for a request in flight', async () => {
    const a = app();
    registerShutdown(a);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    a.get('/slow', async () => {
      started();
      await released;
      return { done: true };
    });
    // registered before listen, like the pools' hooks: it must run after the answer is written
    const events: string[] = [];
    a.addHook('onResponse', async (req) => void (req.url === '/slow' && events.push('answered')));
    a.addHook('onClose', async () => void events.push('pools closed'));
    await listen(a, { port: 0, host: '127.0.0.1', sockets: 8 });
    const port = portOf(a);

    // a keep-alive connection that an extra socket accepted (7 in 8 are)
    let agent: http.Agent;
    for (;;) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      if (JSON.parse((await get(port, '/which', agent)).body).extra) break;
      agent.destroy();
    }
    const slow = get(port, '/slow', agent);
    await inFlight;
    const closing = a.shutdown({ graceMs: 5000 }).then((outcome) => events.push(outcome));
    expect(await connects(port)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    release();
    expect((await slow).status).toBe(200);
    await closing;
    expect(events).toEqual(['answered', 'pools closed', 'drained']);
    agent.destroy();
  });

  test('a burst of new connections during a long turn is accepted in a few turns, not one turn each', async () => {
    const a = app();
    await listen(a, { port: 0, host: '127.0.0.1', sockets: 8 });
    const count = 64;
    // a child connects `count` sockets when told, writes `marker` once all are connected, and
    // keeps them open until killed
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'listen-')), 'connected');
    const script =
      `process.stdin.once('data', () => { let n = 0; for (let i = 0; i < ${count}; i++) ` +
      `require('net').connect(${portOf(a)}, '127.0.0.1', () => ++n === ${count} && ` +
      `require('fs').writeFileSync(${JSON.stringify(marker)}, '')); });`;
    const client = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'inherit', 'inherit'] });
    try {
      let turn = 0;
      const turns: number[] = [];
      a.server.on('connection', () => turns.push(turn));
      client.stdin!.write('go\n');
      // a long turn, held until the child has seen every handshake complete (the kernel queues the
      // connections meanwhile), then a little longer
      const deadline = Date.now() + 20_000;
      while (!fs.existsSync(marker) && Date.now() < deadline);
      const until = Date.now() + 100;
      while (Date.now() < until);
      expect(fs.existsSync(marker)).toBe(true);
      // count turns of the event loop until all are accepted
      const counted = new Promise<void>((resolve) => {
        const next = () => {
          turn++;
          if (turns.length >= count || turn > 10 * count) resolve();
          else setImmediate(next);
        };
        setImmediate(next);
      });
      await counted;
      expect(turns).toHaveLength(count);
      const lastTurn = Math.max(...turns);
      // one socket takes one turn per connection; eight take about count / 8 (as the kernel spreads them)
      expect(lastTurn).toBeLessThan(count / 2);
      expect(turns.filter((t) => t === turns[0]).length).toBeGreaterThan(1);
    } finally {
      client.kill();
      fs.rmSync(path.dirname(marker), { recursive: true, force: true });
    }
  }, 30_000);

  test('one socket asked for is a plain listen', async () => {
    const a = app();
    await listen(a, { port: 0, host: '127.0.0.1', sockets: 1 });
    const port = portOf(a);
    expect(JSON.parse((await get(port, '/which')).body).extra).toBe(false);
    await stopAccepting(a.server);
    expect(await connects(port)).toBe(false);
  });

  test('by default another process of the same user cannot share the port, even with SO_REUSEPORT', async () => {
    const a = app();
    await listen(a, { port: 0, host: '127.0.0.1', sockets: loadConfig({}).acceptSockets });
    // another program run by the same user, asking the kernel to share the port
    const script = [
      "const server = require('net').createServer();",
      "server.once('error', (e) => { console.log(e.code); process.exit(0); });",
      `server.listen({ port: ${portOf(a)}, host: '127.0.0.1', reusePort: true }, () => {`,
      "  console.log('bound'); process.exit(0);",
      '});',
    ].join('\n');
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    await new Promise((resolve) => child.once('exit', resolve));
    expect(out.trim()).toBe('EADDRINUSE');
  });
});
