import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { anyFreePort } from '../api/helpers/server-process.ts';

/**
 * nginx as the yardstick of the static pages (tests/bench/run.ts): one worker, `gzip_static on`,
 * serving dist/client with the URL mapping of src/platform/http/static-site.ts, on a free loopback
 * port, in the foreground, with its pid, logs and temporary files in `dir`. Installed from Debian
 * (nginx-light) when missing; null when that fails too.
 */
const binary = '/usr/sbin/nginx';

function ensureNginx(): boolean {
  if (fs.existsSync(binary)) return true;
  console.log('› nginx missing: apt-get install -y nginx-light');
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    return false;
  }
  return fs.existsSync(binary);
}

export async function startNginx(
  root: string,
  dir: string,
): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (!ensureNginx()) return null;
  fs.mkdirSync(dir, { recursive: true });
  const port = await anyFreePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = `
worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${path.join(dir, 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    # '/x/' is x.html or x/index.html; '/x' is the file x, x/index.html or x.html
    location ~ ^(?<page>.+)/$ { try_files $page.html $page/index.html =404; }
    location = / { try_files /index.html =404; }
    location / { try_files $uri $uri/index.html $uri.html =404; }
    error_page 404 /404.html;
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const child = spawn(binary, ['-c', confFile, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx ended at start: ${errors}`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 10 s: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      // SIGQUIT: nginx's graceful stop; its worker ends with it
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
