import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { anyFreePort, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * The files an operator installs (deploy/): the systemd unit passes systemd's own check, and the
 * nginx site, run by a real nginx on loopback in front of a real server, terminates TLS, redirects
 * plain http, passes the client's address and its own request id, keeps client-sent addresses out,
 * bounds uploads and hides /metrics.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const deploy = (name: string) => path.join(root, 'deploy', name);

describe('the systemd unit', () => {
  const verify = (file: string) => spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });

  test('passes systemd-analyze verify with nothing to say', () => {
    const res = verify(deploy('arena.service'));
    expect(res.error).toBeUndefined();
    expect(`${res.stdout}${res.stderr}`.trim()).toBe('');
    expect(res.status).toBe(0);
  });

  test('a unit with a mistake in it does not (the check is real)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-unit-'));
    const broken = path.join(dir, 'arena.service');
    fs.writeFileSync(broken, fs.readFileSync(deploy('arena.service'), 'utf8').replace('ExecReload=', 'ExecRelaod='));
    expect(`${verify(broken).stderr}`).toMatch(/Unknown key 'ExecRelaod'/);
  });

  test('the environment file names only variables the server reads', () => {
    const names = fs
      .readFileSync(deploy('arena.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0]);
    const documented = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    for (const name of names) expect(documented, name).toContain(`\`${name}\``);
  });
});

// nginx runs on 127.0.0.2 and the test's client connects from 127.0.0.3, so the address the server
// logs tells nginx's X-Forwarded-For (127.0.0.3) from nginx's own address and from a forged header
const nginxHost = '127.0.0.2';
const clientAddress = '127.0.0.3';

describe('the nginx site in front of a real server', () => {
  let t: TestApp;
  let server: ServerProcess;
  let nginx: ChildProcess;
  let dir: string;
  let httpsPort: number;
  let httpPort: number;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    server = await startServer({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
      port: await anyFreePort(),
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-nginx-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=arena.example.com',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    httpsPort = await anyFreePort();
    httpPort = await anyFreePort();
    // the site as shipped, with only the addresses, ports and certificate paths of this machine
    const site = fs
      .readFileSync(deploy('nginx-arena.conf'), 'utf8')
      .replace('server 127.0.0.1:4321;', `server 127.0.0.1:${server.port};`)
      .replace(/ *listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 80;', `listen ${nginxHost}:${httpPort};`)
      .replace('listen 443 ssl http2;', `listen ${nginxHost}:${httpsPort} ssl http2;`)
      .replace('/etc/letsencrypt/live/arena.example.com/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/arena.example.com/privkey.pem', path.join(dir, 'key.pem'));
    expect(site).toContain(`server 127.0.0.1:${server.port};`);
    expect(site).toContain(`${nginxHost}:${httpsPort} ssl`);
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    // nginx's workers run as an unprivileged user: they write large request bodies to these folders
    fs.chmodSync(dir, 0o755);
    for (const name of ['client_body', 'proxy']) {
      fs.mkdirSync(path.join(dir, name));
      fs.chmodSync(path.join(dir, name), 0o777);
    }
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}
`,
    );
    nginx = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    for (
      let waited = 0;
      (await get('/api/health/live').then(
        (r) => r.status,
        () => 0,
      )) !== 200;
      waited += 50
    ) {
      if (waited > 10_000)
        throw new Error(`nginx did not answer: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await server?.stop();
    await t?.close();
  });

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }
  function get(
    urlPath: string,
    opts: { headers?: Record<string, string>; method?: string; body?: Buffer; plain?: boolean } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const options = {
        host: nginxHost,
        port: opts.plain ? httpPort : httpsPort,
        path: urlPath,
        method: opts.method ?? 'GET',
        headers: { host: 'arena.example.com', ...opts.headers },
        localAddress: clientAddress,
        rejectUnauthorized: false,
      };
      const req = (opts.plain ? http : https).request(options, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end(opts.body);
    });
  }
  const requestLine = (id: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(id))
      .map((line) => JSON.parse(line))
      .find((line) => line.req?.remoteAddress !== undefined);

  test('plain http is sent to https', async () => {
    const res = await get('/tournaments', { plain: true });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://arena.example.com/tournaments');
  });

  test('over TLS the server answers with the client address nginx saw and the id nginx gave the request', async () => {
    const res = await get('/api/tournaments', {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-request-id': 'forged-id' },
    });
    expect(res.status).toBe(200);
    const id = String(res.headers['x-request-id']);
    // nginx's $request_id (32 hex digits) replaced the client's
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => requestLine(id)?.req.remoteAddress, { timeout: 5_000 }).toBe(clientAddress);
  });

  test('an upload of the largest allowed size passes nginx, and a larger body is refused at the edge', async () => {
    const fits = await get('/api/media/Nexus', {
      method: 'POST',
      body: Buffer.alloc(2.5 * 1024 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
    });
    // the server's own answer (no token), not nginx's 413
    expect(fits.status).toBe(401);
    const tooBig = await get('/api/media/Nexus', {
      method: 'POST',
      body: Buffer.alloc(4 * 1024 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(tooBig.status).toBe(413);
  });

  test('/metrics is not served through the public site', async () => {
    expect((await get('/metrics', { headers: { authorization: 'Bearer anything' } })).status).toBe(404);
  });
});
