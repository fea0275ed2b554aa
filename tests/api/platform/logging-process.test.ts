import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createDatabase, engine } from '../helpers/test-app.ts';
import { anyFreePort, httpCall, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { demoPrivateTournamentPassword } from '../../../src/app/seed.ts';
import { demoGiveawayCodes } from '../../../src/features/rewards/server/seed.ts';

/**
 * Everything a real server process writes (src/platform/http/logging.ts, main.ts, shutdown.ts) is
 * one JSON object a line, with a level, and names no one: a start with the demo, a sign-up, a
 * password reset written to the outbox, an on-demand page whose data read fails, a page whose render
 * throws, a 404, then SIGTERM. The built site is a small stand-in for Astro's node adapter that
 * reads the real data (Astro.locals) and logs through the console exactly as the adapter does.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const demoPasswords = ['demo-admin-2026', 'demo-player-2026'];
let tmp: string;
let drop: () => Promise<void>;
let databaseUrl: string;
let s: ServerProcess;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arena-logs-'));
  ({ url: databaseUrl, drop } = await createDatabase(tmp));
  const dist = path.join(tmp, 'dist');
  await fs.mkdir(path.join(dist, 'client'), { recursive: true });
  await fs.mkdir(path.join(dist, 'server'), { recursive: true });
  await fs.writeFile(path.join(dist, 'client', '404.html'), '<!doctype html><title>not found</title>');
  // What @astrojs/node does: a page that catches its failed read logs it with console.error and
  // answers 503; a render that throws is logged as "HH:MM:SS [ERROR] Could not render …" and its stack.
  await fs.writeFile(
    path.join(dist, 'server', 'entry.mjs'),
    `export const handler = async (req, res, next, locals) => {
      const [, page, id] = req.url.split('?')[0].split('/');
      if (page === 'tournament') {
        try {
          const found = await locals.data.tournament(id, null);
          res.writeHead(found ? 200 : 404, { 'content-type': 'text/html' }).end('<title>tournament</title>');
        } catch (e) {
          console.error('tournament page: could not read tournament', id, e);
          res.writeHead(503, { 'content-type': 'text/html' }).end('<title>error</title>');
        }
        return;
      }
      if (page === 'broken') {
        const err = new Error('Cannot read properties of undefined (reading "name")');
        console.error('\\u001b[31m12:00:00 [ERROR]\\u001b[39m Could not render ' + req.url + '\\n' + err.stack);
        res.writeHead(500).end('Internal Server Error');
        return;
      }
      next();
    };`,
  );
  s = await startServer({
    databaseUrl,
    dataDir: tmp,
    port: await anyFreePort(),
    distDir: dist,
    env: { SEED_DEMO: 'true' },
  });
});
afterAll(async () => {
  await s?.crash();
  await drop?.();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Renames the tournaments table under the running server, so its next read of one fails. */
async function breakTournaments() {
  const statement = 'alter table tournaments rename to tournaments_gone';
  if (engine === 'sqlite') {
    const db = new SQLite(databaseUrl.replace(/^sqlite:/, ''));
    db.exec(statement);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

// and the lines tell the process's stop
test('every line of a real process is JSON with a level and carries no secret or address', async () => {
  const email = `log.${Date.now()}@example.com`;
  const password = 'Sentinel-Pa55word!';
  const body = {
    username: `log_${Date.now()}`,
    email,
    password,
    nickname: 'Logger',
    gender: 'female',
    birth_date: '2000-05-17',
    language: 'it',
  };
  const signup = await httpCall(s.url, 'POST', '/api/users/pp', { body });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  expect((await httpCall(s.url, 'POST', '/api/users/sendReset', { body: { email } })).status).toBe(200);
  // the reset mail's own line: the demo's reminders write mail of their own to the outbox at start
  const resetMailed = () =>
    s
      .output()
      .split('\n')
      .some((l) => l.includes('"mail written to the outbox"') && l.includes('"l***@example.com"'));
  await expect.poll(resetMailed, { timeout: 10_000 }).toBe(true);

  const tournaments = await httpCall(s.url, 'GET', '/api/tournaments?limit=1');
  const id = tournaments.json.data[0].id as string;
  await breakTournaments();
  const failed = await fetch(`${s.url}/tournament/${id}`);
  expect(failed.status).toBe(503);
  const broken = await fetch(`${s.url}/broken/page`);
  expect(broken.status).toBe(500);
  expect((await fetch(`${s.url}/no-such-page`)).status).toBe(404);
  await s.stop();
  expect(s.child.exitCode).toBe(0);

  const text = s.output();
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const parsed = lines.map((l) => {
    let line: Record<string, any> | undefined;
    expect(() => (line = JSON.parse(l)), l).not.toThrow();
    expect(typeof line!.level, l).toBe('number');
    return line!;
  });

  // no full address (the sign-up's, the demo's, the reminders'), no demo secret, no password
  expect(text).not.toMatch(/[a-z0-9._%+-]{2,}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/i);
  for (const secret of [password, ...demoPasswords, demoPrivateTournamentPassword, ...Object.values(demoGiveawayCodes)])
    expect(text).not.toContain(secret);

  const demo = parsed.find((l) => l.msg === 'demo content seeded; demo accounts: see README');
  expect(demo?.demoAccounts).toContainEqual({ role: 'SiteAdmin', email: 'a***@demo.arena' });
  expect(parsed.find((l) => l.msg === 'mail written to the outbox' && l.to === 'l***@example.com')).toBeDefined();

  // the page's failed read: the console line and the 503's request line, both with the request's id
  // the last: a warm-up at start may have rendered the same page before the table was gone
  const requestLine = (url: string) => parsed.findLast((l) => l.msg === 'request completed' && l.req.url === url);
  const pageLine = requestLine(`/tournament/${id}`);
  expect(pageLine).toMatchObject({ level: 50, route: 'page', res: { statusCode: 503 } });
  expect(pageLine!.reqId).toEqual(expect.any(String));
  const ofPage = parsed.filter((l) => l.reqId === pageLine!.reqId);
  expect(ofPage.find((l) => l.source === 'console')).toMatchObject({
    level: 50,
    msg: `tournament page: could not read tournament ${id}`,
  });
  expect(pageLine!.err.stack).toMatch(/tournaments/);

  // Astro's own "[ERROR] Could not render" with its stack, without colours or its own prefix
  const renderId = requestLine('/broken/page')?.reqId;
  expect(renderId).toEqual(expect.any(String));
  const render = parsed.find((l) => l.reqId === renderId && l.source === 'console');
  expect(render).toMatchObject({
    level: 50,
    msg: 'Could not render /broken/page',
    err: { message: 'Error: Cannot read properties of undefined (reading "name")' },
  });
  expect(render!.err.stack).toContain('entry.mjs');
  expect(parsed.find((l) => l.reqId === renderId && l.msg === 'request completed')).toMatchObject({
    level: 50,
    err: { stack: render!.err.stack },
  });

  expect(parsed.find((l) => l.msg === 'request completed' && l.res.statusCode === 404)).toMatchObject({
    level: 30,
    route: 'unmatched',
  });
  expect(parsed.find((l) => l.msg === 'request completed' && l.req.url === '/api/users/pp')).toMatchObject({
    route: '/api/users/pp',
  });

  const stop = ['SIGTERM received: stopping', 'drain started', 'drain finished', 'process exiting'].map((msg) =>
    parsed.findIndex((l) => l.msg === msg),
  );
  for (const at of stop) expect(at, JSON.stringify(stop)).toBeGreaterThan(-1);
  // in order of their time (lines of the process's logger and of the app's may reach the pipe in
  // either order within one write turn)
  const times = stop.map((at) => parsed[at].time as number);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  expect(parsed[stop[1]]).toMatchObject({ requestsInFlight: 0 });
  expect(parsed[stop[3]]).toMatchObject({ exitCode: 0, reason: 'stopped' });
});
