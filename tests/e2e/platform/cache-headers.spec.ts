import { expect, test } from '@playwright/test';

// The on-demand pages are the same for every visitor: a browser keeps the tournament and news pages
// 10 s at most, a CDN a little longer and serving its last copy while it fetches the next
// (src/platform/http-cache-policy.ts); the API says the same for its public reads.
test('the tournament detail page and the news pages: 10 s in a browser, longer at a CDN, a failure never', async ({ request }) => {
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  const id = list.data[0].id as string;
  const news = await (await request.get('/api/news?limit=1')).json();
  const article = news.data[0].id as string;
  const seconds = (value: string, directive: string) => Number(new RegExp(`(?:^|, )${directive}=(\\d+)`).exec(value)?.[1]);
  for (const path of [`/tournament/${id}`, `/en/tournament/${id}`, '/news', '/en/news', `/news/${article}`, `/en/news/${article}`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const browser = res.headers()['cache-control'];
    const cdn = res.headers()['cdn-cache-control'];
    expect(browser, path).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    expect(seconds(browser, 'max-age'), path).toBeLessThanOrEqual(10);
    expect(cdn, path).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
    expect(seconds(cdn, 'max-age'), path).toBe(seconds(browser, 's-maxage'));
  }
  // a second answer within the second comes from the server's micro-cache, byte for byte
  const a = await request.get(`/tournament/${id}`);
  const b = await request.get(`/tournament/${id}`);
  expect(await b.text()).toBe(await a.text());
  expect(b.headers()['content-type']).toMatch(/text\/html/);
  const unknown = await request.get('/tournament/no-such-tournament');
  expect(unknown.status()).toBe(404);
});

// The build writes .br and .gz copies of pages, scripts and styles (astro.config.mjs); the server
// sends the one the browser accepts, also for page paths without their .html (src/platform/http/site.ts).
test('built pages, scripts and styles are sent compressed when the browser accepts it, plain otherwise', async ({ request, page }) => {
  await page.goto('/en/competitions');
  const assets = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet]')].map((e) => ('src' in e && e.src) || (e as HTMLLinkElement).href));
  expect(assets.length).toBeGreaterThan(0);
  for (const path of ['/', '/competitions', '/en/competitions', '/en/login', '/dashboard', ...assets]) {
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status(), path).toBe(200);
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
    const body = await plain.body();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(res.status(), path).toBe(200);
      // files under 1 KB are not worth a round of decoding and stay plain
      expect(res.headers()['content-encoding'], `${path} ${encoding}`).toBe(body.length < 1024 ? undefined : encoding);
      expect(res.headers()['vary'], path).toMatch(/accept-encoding/i);
      // decoded, the same bytes whichever copy was sent
      expect((await res.body()).equals(body), `${path} ${encoding}`).toBe(true);
    }
  }
});

// On-demand pages are compressed as they are sent (src/platform/http/response-cache.ts writePage).
test('on-demand pages are sent compressed when the browser accepts it, plain otherwise', async ({ request }) => {
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  for (const path of [`/tournament/${list.data[0].id}`, '/en/cortina', '/news', '/tournament/no-such-tournament']) {
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const res = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect([200, 404], path).toContain(res.status());
      expect(res.headers()['content-encoding'], `${path} ${encoding}`).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers()['vary'], path).toMatch(/accept-encoding/i);
      // decoded by the client: a whole page
      expect(await res.text(), `${path} ${encoding}`).toMatch(/<\/html>\s*$/);
    }
  }
});
