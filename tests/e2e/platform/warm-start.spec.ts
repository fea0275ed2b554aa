import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// the suite's own test: it runs in a worker of the pool (whose own server it leaves alone), not last in one of its own
import { expect, test } from '../fixtures.ts';
import { anyFreePort } from '../../api/helpers/server-process.ts';
import { warmPages } from '../../../src/app/site.ts';

/**
 * A fresh process on the built site (DIST_DIR, as the suite's servers use) says it is ready only
 * once it has rendered each on-demand page once: the log line of the finished warm-up, and the
 * request line of every warmed page, were written before the first 200 of /api/health reached us.
 * Order, not timing: both clocks are this machine's.
 */
interface LogLine {
  time: number;
  msg: string;
  pages?: number;
  req?: { url: string };
  res?: { statusCode: number };
}

test('readiness answers 200 only after the warm-up rendered every on-demand page', async () => {
  const port = await anyFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-warm-start-'));
  const child = spawn(process.execPath, ['src/app/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      LOG_PRETTY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  try {
    let readyAt = 0;
    const held: unknown[] = [];
    for (const deadline = Date.now() + 90_000; !readyAt;) {
      expect(child.exitCode, `the server ended:\n${log}`).toBeNull();
      expect(Date.now() < deadline, `not ready within 90 s:\n${log}`).toBe(true);
      const res = await fetch(`${url}/api/health`).catch(() => null);
      if (res?.status === 200) readyAt = Date.now();
      else if (res) held.push((await res.json()).error);
      else await new Promise((r) => setTimeout(r, 20));
    }
    // every 503 before it was the warm-up's (the database is a local file and answers)
    for (const error of held) expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', warming: true });

    await expect.poll(() => log.includes('site warmed')).toBe(true);
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    const warmed = lines.find((l) => l.msg.startsWith('site warmed'));
    expect(warmed, log).toBeDefined();
    expect(warmed!.pages).toBe(warmPages.length * 2);
    expect(warmed!.time).toBeLessThanOrEqual(readyAt);
    const before = (l: LogLine) => l.time <= warmed!.time;
    const rendered = lines.filter((l) => l.msg === 'request completed' && before(l) && !l.req!.url.startsWith('/api/'));
    const expected = warmPages.map((p) => p.replace(/\{\w+\}/g, 'warm-up')).flatMap((p) => [p, `/en${p}`]);
    expect(rendered.map((l) => l.req!.url).sort()).toEqual(expected.sort());
    for (const l of rendered) expect(l.res!.statusCode, l.req!.url).toBeLessThan(500);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
