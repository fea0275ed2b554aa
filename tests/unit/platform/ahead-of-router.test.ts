import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { answerAheadOfRouter } from '../../../src/platform/http/ahead-of-router.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server whose one listener (standing in for Fastify's router) answers "router". */
async function serve(setup: (server: http.Server) => void) {
  const server = http.createServer((_req, res) => res.end('router'));
  servers.push(server);
  setup(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string) => fetch(base + path).then((r) => r.text());
}

test('what the first answerer takes never reaches the router; what it declines does', async () => {
  const seen: string[] = [];
  let installed = false;
  const get = await serve((server) => {
    installed = answerAheadOfRouter(server, (req, res) => {
      seen.push(req.url!);
      if (req.url !== '/file.css') return false;
      res.end('file');
      return true;
    });
  });
  expect(installed).toBe(true);
  expect(await get('/file.css')).toBe('file');
  expect(await get('/api/tournaments')).toBe('router');
  expect(seen).toEqual(['/file.css', '/api/tournaments']);
});

test('a server with another request listener besides the router is left as it is', async () => {
  let installed = true;
  let firstCalled = false;
  const get = await serve((server) => {
    server.on('request', () => {});
    installed = answerAheadOfRouter(server, () => (firstCalled = true));
  });
  expect(installed).toBe(false);
  expect(await get('/file.css')).toBe('router');
  expect(firstCalled).toBe(false);
});
