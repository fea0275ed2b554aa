import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../../src/platform/http/config.ts';
import { anyFreePort, childEnv, startServer } from '../helpers/server-process.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The client address every per-address limit counts by comes from
// X-Forwarded-For only as far as TRUST_PROXY says; a client-sent header never picks it.
// The signup limit (10 an hour per address) is the probe: the 11th signup counted for one
// address is 429.
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
const limitedApp = async (trustProxy: false | number | string[]) => {
  const t = await createTestApp({ signupRateLimit: 10, trustProxy });
  apps.push(t);
  return t;
};
const signup = (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
  const id = randomBytes(5).toString('hex');
  return t.call('POST', '/api/users/pp', {
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    body: {
      username: `p_${id}`,
      email: `p_${id}@example.com`,
      password: 'correct-horse-battery',
      nickname: `P ${id}`,
      gender: 'male',
      birth_date: '2000-05-17',
      language: 'en',
    },
  });
};

describe('parsing TRUST_PROXY', () => {
  test('unset, empty or false trusts nobody; a number is a hop count; a list holds addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  test('"true" and anything that is not a count or an address list are refused with the way to fix it', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1.*X-Forwarded-For/s);
    for (const bad of ['TRUE', 'yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/9'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });

  test('a range of every address (/0) is refused as "true" is, with the way to fix it', () => {
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 1.2.3.4/00']) {
      expect(() => parseTrustProxy(everyone), everyone).toThrow(/TRUST_PROXY=.* trusts every address.*TRUST_PROXY=1/s);
    }
    expect(parseTrustProxy('0.0.0.0/1,10.0.0.0/8')).toEqual(['0.0.0.0/1', '10.0.0.0/8']);
  });

  test('a server started with TRUST_PROXY=0.0.0.0/0 exits 1 with one line saying why, not a TypeError', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-trust-'));
    try {
      const main = path.resolve(import.meta.dirname, '../../../src/app/main.ts');
      const env = {
        ...childEnv(),
        HOST: '127.0.0.1',
        PORT: String(await anyFreePort()),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        TRUST_PROXY: '0.0.0.0/0',
      };
      const run = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 30_000 });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).toBe(1);
      // one structured log line, at error level, that says why and how to fix it
      const lines = output.trim().split('\n');
      expect(lines, output).toHaveLength(1);
      const line = JSON.parse(lines[0]);
      expect(line.level).toBeGreaterThanOrEqual(50);
      expect(line.msg).toMatch(/^configuration refused: TRUST_PROXY="0\.0\.0\.0\/0" is not accepted: .*TRUST_PROXY=1/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a server started with TRUST_PROXY=true stops before listening and says why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-trust-'));
    try {
      const port = await anyFreePort();
      const started = startServer({
        databaseUrl: `sqlite:${path.join(dataDir, 'app.db')}`,
        dataDir,
        port,
        env: { TRUST_PROXY: 'true' },
      });
      await expect(started).rejects.toThrow(/ended before answering[\s\S]*TRUST_PROXY=1/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the address the limits count', () => {
  test('TRUST_PROXY unset: a spoofed X-Forwarded-For is ignored, requests count for the socket address', async () => {
    const t = await limitedApp(false);
    for (let i = 0; i < 10; i++) expect((await signup(t, '198.51.100.30', `203.0.113.${i}`)).status).toBe(201);
    expect((await signup(t, '198.51.100.30', '203.0.113.200')).status).toBe(429);
    expect((await signup(t, '198.51.100.31', '198.51.100.30')).status).toBe(201);
  });

  // what the client wrote before it is ignored
  test('TRUST_PROXY=1: the address the one proxy saw is the client', async () => {
    const t = await limitedApp(1);
    // the load balancer (10.0.0.1) appends the address it saw; the client may prepend anything
    for (let i = 0; i < 10; i++) expect((await signup(t, '10.0.0.1', `6.6.6.${i}, 198.51.100.40`)).status).toBe(201);
    expect((await signup(t, '10.0.0.1', '7.7.7.7, 198.51.100.40')).status).toBe(429);
    expect((await signup(t, '10.0.0.1', '198.51.100.41')).status).toBe(201);
  });

  // a client that is not one of them keeps its own address
  test('TRUST_PROXY as a list: only those proxies are believed', async () => {
    const t = await limitedApp(['10.0.0.0/8']);
    for (let i = 0; i < 10; i++) expect((await signup(t, `10.0.0.${i + 1}`, '198.51.100.50')).status).toBe(201);
    expect((await signup(t, '10.9.9.9', '198.51.100.50')).status).toBe(429);
    // a direct client (not a listed proxy) cannot borrow another address with the header
    for (let i = 0; i < 10; i++) expect((await signup(t, '203.0.113.60', `198.51.100.${70 + i}`)).status).toBe(201);
    expect((await signup(t, '203.0.113.60', '198.51.100.99')).status).toBe(429);
  });
});
