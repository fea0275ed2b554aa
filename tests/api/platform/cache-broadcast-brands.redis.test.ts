import { afterAll, beforeAll, expect, test } from 'vitest';
import { channels, savesStayInTheirBrand, twoBrands, type Brands } from '../helpers/brand-caches.ts';

/** Brands sharing one Redis server (and one database) do not empty each other's micro-caches. */
let brands: Brands;
beforeAll(async () => {
  brands = await twoBrands({ redisUrl: process.env.TEST_REDIS_URL! });
});
afterAll(() => brands?.close());

test("an admin's save empties its own brand's caches, not another brand's on the same Redis", async () => {
  expect(channels(brands)).toEqual(Array(3).fill(['redis', 'up']));
  await savesStayInTheirBrand(brands, true);
});
