import { afterAll, beforeAll, expect, test } from 'vitest';
import { savesStayInTheirBrand, twoBrands, type Brands } from '../helpers/brand-caches.ts';

/** Brands sharing one Redis server (and one database) do not empty each other's micro-caches. */
let brands: Brands;
beforeAll(async () => {
  brands = await twoBrands({ redisUrl: process.env.TEST_REDIS_URL! });
});
afterAll(() => brands?.close());

test("an admin's save empties the caches of its own brand's processes, not another brand's on the same Redis", async () => {
  const channels = [brands.a1, brands.a2, brands.b].map((t) => [t.app.cacheInvalidator.channel, t.app.cacheInvalidator.state]);
  expect(channels).toEqual(Array(3).fill(['redis', 'up']));
  await savesStayInTheirBrand(brands, true);
});
