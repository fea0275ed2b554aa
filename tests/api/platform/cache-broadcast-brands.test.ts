import { afterAll, beforeAll, expect, test } from 'vitest';
import { engine } from '../helpers/test-app.ts';
import { channels, savesStayInTheirBrand, twoBrands, type Brands } from '../helpers/brand-caches.ts';

/**
 * Brands sharing one database do not empty each other's micro-caches: each brand's processes
 * broadcast on a channel of their own (on PostgreSQL a LISTEN channel, which belongs to the
 * database every brand is on). The same over a shared Redis: cache-broadcast-brands.redis.test.ts.
 */
let brands: Brands;
beforeAll(async () => {
  brands = await twoBrands();
});
afterAll(() => brands?.close());

test("an admin's save empties its own brand's caches, not another brand's on the same database", async () => {
  expect(channels(brands)).toEqual(Array(3).fill(engine === 'postgres' ? ['postgres', 'up'] : ['local', 'local']));
  await savesStayInTheirBrand(brands, engine === 'postgres');
});
