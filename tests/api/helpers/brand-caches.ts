import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AppConfig } from '../../../src/platform/http/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { accounts, type Account } from './rewards.ts';
import { publishArticle, readTitles, renameArticle, renameInDatabase } from './freshness.ts';

/**
 * Two brands (OWNER_ID) on one database, each with two processes' worth of apps, every app with
 * its own micro-cache and its brand's default broadcast channel (no CACHE_CHANNEL): for the tests
 * that one brand's saves empty that brand's caches only. The owner ids are new on every run, since
 * a Redis server is shared by every test run on the machine.
 */
export interface Brands {
  a1: TestApp;
  a2: TestApp;
  b: TestApp;
  adminA: Account;
  adminB: Account;
  close(): Promise<void>;
}

/** Each app's broadcast channel and its state. */
export function channels({ a1, a2, b }: Brands) {
  return [a1, a2, b].map(({ app: { cacheInvalidator: c } }) => [c.channel, c.state]);
}

export async function twoBrands(overrides: Partial<AppConfig> = {}): Promise<Brands> {
  const run = randomUUID().slice(0, 8);
  const config = { rateLimits: false, responseCacheMs: 60_000, ...overrides };
  const a1 = await createTestApp({ ...config, ownerId: `brand-a-${run}` });
  const shared = { ...config, databaseUrl: a1.config.databaseUrl };
  const a2 = await createTestApp({ ...shared, ownerId: `brand-a-${run}` });
  const b = await createTestApp({ ...shared, ownerId: `brand-b-${run}` });
  const [adminA] = await accounts(a1, 1, { admin: true });
  const [adminB] = await accounts(b, 1, { admin: true });
  return {
    a1,
    a2,
    b,
    adminA,
    adminB,
    async close() {
      // a1 last: it drops the database they share
      await b?.close();
      await a2?.close();
      await a1?.close();
    },
  };
}

/**
 * B's admin saves while A's second process holds a copy changed behind its back: A's copy stays
 * (B's save is not A's business); with a channel (`broadcast`), A's own save through A's first
 * process empties it, so the channel works and only the brand decides who hears it. Then the other
 * way: A's save leaves B's copy.
 */
export async function savesStayInTheirBrand({ a1, a2, b, adminA, adminB }: Brands, broadcast: boolean) {
  const idA = await publishArticle(a1, adminA.token, 'Notizia di A');
  const idB = await publishArticle(b, adminB.token, 'Notizia di B');
  expect((await readTitles(a2, idA)).article).toBe('Notizia di A');
  expect((await readTitles(b, idB)).article).toBe('Notizia di B');

  await renameInDatabase(a1, idA, 'A changed behind the API');
  await renameArticle(b, adminB.token, idB, 'B, saved by its admin');
  expect(await readTitles(a2, idA)).toMatchObject({ article: 'Notizia di A', list: 'Notizia di A' });
  if (broadcast) {
    const title = 'A, saved by its admin';
    await renameArticle(a1, adminA.token, idA, title);
    expect(await readTitles(a2, idA)).toMatchObject({ article: title, list: title });
  }

  // B's own save emptied B's cache: it keeps a copy again, then changed behind its back
  expect((await readTitles(b, idB)).article).toBe('B, saved by its admin');
  await renameInDatabase(b, idB, 'B changed behind the API');
  expect((await readTitles(b, idB)).article).toBe('B, saved by its admin');
  await renameArticle(a1, adminA.token, idA, 'A, saved again');
  expect((await readTitles(b, idB)).article).toBe('B, saved by its admin');
}
