import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { channels, savesStayInTheirBrand, twoBrands, type Brands } from '../helpers/brand-caches.ts';

/** Brands sharing one Redis server (and one database) do not empty each other's micro-caches. */
let brands: Brands;
let sameChannel: Brands;
beforeAll(async () => {
  brands = await twoBrands({ redisUrl: process.env.TEST_REDIS_URL! });
  // operators of both brands chose the same CACHE_CHANNEL: the brand still keeps them apart
  sameChannel = await twoBrands({ redisUrl: process.env.TEST_REDIS_URL!, cacheChannel: `shared-${randomUUID()}` });
});
afterAll(async () => {
  await brands?.close();
  await sameChannel?.close();
});

test("an admin's save empties its own brand's caches, not another brand's on the same Redis", async () => {
  expect(channels(brands)).toEqual(Array(3).fill(['redis', 'up']));
  await savesStayInTheirBrand(brands, true);
});

test('brands given the same CACHE_CHANNEL still empty only their own caches', async () => {
  await savesStayInTheirBrand(sameChannel, true);
});
