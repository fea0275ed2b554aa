import { expect, test } from '@playwright/test';

// The on-demand pages are the same for every visitor, so a CDN may keep them for seconds
// (src/lib/http-cache.ts); the API says the same for its public reads.
test('the tournament detail page and the news pages are public for a few seconds, a failure never', async ({ request }) => {
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  const id = list.data[0].id as string;
  for (const path of [`/tournament/${id}`, `/en/tournament/${id}`, '/news', '/en/news']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  }
  // a second answer within the second comes from the server's micro-cache, byte for byte
  const a = await request.get(`/tournament/${id}`);
  const b = await request.get(`/tournament/${id}`);
  expect(await b.text()).toBe(await a.text());
  expect(b.headers()['content-type']).toMatch(/text\/html/);
  const unknown = await request.get('/tournament/no-such-tournament');
  expect(unknown.status()).toBe(404);
});
