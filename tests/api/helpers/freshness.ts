import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';
import type { AppConfig } from '../../../src/platform/http/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { accounts, type Account } from './rewards.ts';

/**
 * Two API processes' worth of apps on one database, each with its own micro-cache, for the cache
 * broadcast tests (src/platform/http/cache-broadcast.ts). The TTL is a minute, so only an
 * invalidation can explain a fresh answer.
 */
export interface Pair {
  a: TestApp;
  b: TestApp;
  admin: Account;
  close(): Promise<void>;
}

export async function twoApps(overrides: Partial<AppConfig> = {}): Promise<Pair> {
  const config = { rateLimits: false, responseCacheMs: 60_000, ...overrides };
  const a = await createTestApp(config);
  const b = await createTestApp({ ...config, databaseUrl: a.config.databaseUrl });
  const [admin] = await accounts(a, 1, { admin: true });
  return {
    a,
    b,
    admin,
    async close() {
      // b first: a drops the database they share
      await b?.close();
      await a?.close();
    },
  };
}

export async function publishArticle(t: TestApp, token: string, it: string): Promise<string> {
  const r = await t.call('POST', '/api/news', { token, body: { title: { it, en: `${it} (en)` }, published: true } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data.id;
}

/** An admin's rename through `t`; resolves with how long the save took. */
export async function renameArticle(t: TestApp, token: string, id: string, it: string): Promise<number> {
  const started = performance.now();
  const r = await t.call('PUT', `/api/news/${id}`, { token, body: { title: { it, en: `${it} (en)` } } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return performance.now() - started;
}

/**
 * What an anonymous reader gets through `t`: the article's Italian title, the list's first one, and how long the read
 * took.
 */
export async function readTitles(t: TestApp, id: string) {
  const started = performance.now();
  const one = await t.call('GET', `/api/news/${id}`);
  const list = await t.call('GET', '/api/news');
  expect(one.status).toBe(200);
  expect(list.status).toBe(200);
  return {
    article: one.json.data.title.it as string,
    list: list.json.data[0].title.it as string,
    ms: performance.now() - started,
  };
}

/**
 * A rename behind the API's back (no process hears of it): a reader still served the old title proves the copy is
 * cached.
 */
export const renameInDatabase = (t: TestApp, id: string, it: string) =>
  t.db.kysely.updateTable('news').set({ title_it: it }).where('id', '=', id).execute();

/** Polls `check` every 20 ms until it is true or `ms` have passed; returns the time it took, or null. */
export async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > ms) return null;
    await new Promise((r) => setTimeout(r, 20));
  }
}
