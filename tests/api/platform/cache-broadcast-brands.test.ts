import { afterAll, beforeAll, expect, test } from 'vitest';
import { engine } from '../helpers/test-app.ts';
import { savesStayInTheirBrand, twoBrands, type Brands } from '../helpers/brand-caches.ts';

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

test("an admin's save empties the caches of its own brand's processes, not another brand's on the same database", async () => {
  const channels = [brands.a1, brands.a2, brands.b].map((t) => [t.app.cacheInvalidator.channel, t.app.cacheInvalidator.state]);
  expect(channels).toEqual(Array(3).fill(engine === 'postgres' ? ['postgres', 'up'] : ['local', 'local']));
  await savesStayInTheirBrand(brands, engine === 'postgres');
});
