import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';

// The on-demand pages are the same for every visitor: a browser keeps the tournament and news pages
// 10 s at most, a CDN a little longer and serving its last copy while it fetches the next
// (src/platform/http-cache-policy.ts); the API says the same for its public reads.
test('the tournament detail page and the news pages: 10 s in a browser, longer at a CDN, a failure never', async ({
  request,
}) => {
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  const id = list.data[0].id as string;
  const news = await (await request.get('/api/news?limit=1')).json();
  const article = news.data[0].id as string;
  const seconds = (value: string, directive: string) =>
    Number(new RegExp(`(?:^|, )${directive}=(\\d+)`).exec(value)?.[1]);
  for (const path of [
    `/tournament/${id}`,
    `/en/tournament/${id}`,
    '/news',
    '/en/news',
    `/news/${article}`,
    `/en/news/${article}`,
  ]) {
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
// sends the one the browser accepts, also for page paths without their .html (src/app/site.ts).
test('built pages, scripts and styles are sent compressed when the browser accepts it, plain otherwise', async ({
  request,
  page,
}) => {
  await page.goto('/en/competitions');
  const assets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet]')].map(
      (e) => ('src' in e && e.src) || (e as HTMLLinkElement).href,
    ),
  );
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
      expect(res.headers()['content-encoding'], `${path} ${encoding}`).toBe(
        encoding === 'identity' ? undefined : encoding,
      );
      expect(res.headers()['vary'], path).toMatch(/accept-encoding/i);
      // decoded by the client: a whole page
      expect(await res.text(), `${path} ${encoding}`).toMatch(/<\/html>\s*$/);
    }
  }
});

// The prerendered pages and assets are answered from memory (src/platform/http/static-site.ts),
// URL to file as the site always did (build.format 'file'); pages may be kept by an edge, browsers
// revalidate them; hashed bundles are immutable.
test('built files: every URL gets its file, pages edge-cacheable, bundles immutable, 304 on a matching ETag', async ({
  request,
}) => {
  const client = path.resolve(process.env.DIST_DIR || 'dist', 'client');
  const bundles = fs
    .readdirSync(path.join(client, '_astro'))
    .filter((f) => !/\.(br|gz)$/.test(f))
    .slice(0, 8);
  const cases: [string, string][] = [
    ['/', 'index.html'],
    ['/index.html', 'index.html'],
    ['/competitions', 'competitions.html'],
    ['/competitions/', 'competitions.html'],
    ['/competitions?utm_source=ad', 'competitions.html'],
    ['/en', 'en.html'],
    ['/en/', 'en.html'],
    ['/en/competitions', 'en/competitions.html'],
    ['/dashboard', 'dashboard.html'],
    ['/dashboard/', 'dashboard.html'],
    ['/dashboard/products/new', 'dashboard/products/new.html'],
    ['/en/dashboard/users/view', 'en/dashboard/users/view.html'],
    ['/marketplace/redeem', 'marketplace/redeem.html'],
    ['/favicon.svg', 'favicon.svg'],
    ['/robots.txt', 'robots.txt'],
    ['/cortina/og.png', 'cortina/og.png'],
    ['/tournaments/hero.svg', 'tournaments/hero.svg'],
    ...bundles.map((f): [string, string] => [`/_astro/${f}`, `_astro/${f}`]),
  ];
  for (const [url, file] of cases) {
    const res = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status(), url).toBe(200);
    expect((await res.body()).equals(fs.readFileSync(path.join(client, file))), url).toBe(true);
    const policy = res.headers()['cache-control'];
    if (file.startsWith('_astro/')) expect(policy, url).toBe('public, max-age=31536000, immutable');
    else if (file.endsWith('.html'))
      expect(policy, url).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    else expect(policy, url).toMatch(/^public, max-age=\d+/);
    const etag = res.headers()['etag'];
    expect(etag, url).toMatch(/^"[^"]+"$/);
    expect(
      (await request.get(url, { headers: { 'accept-encoding': 'identity', 'if-none-match': etag } })).status(),
      url,
    ).toBe(304);
  }
  for (const [url, file] of [
    ['/no-such-page', '404.html'],
    ['/en/no-such-page', 'en/404.html'],
    ['/../package.json', '404.html'],
  ]) {
    const res = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status(), url).toBe(404);
    expect((await res.body()).equals(fs.readFileSync(path.join(client, file))), url).toBe(true);
  }
  // a bundle no release has is a short, uncacheable 404: a CDN must not keep it for a page of a
  // release whose bundles are still arriving on another server
  const missing = await request.get('/_astro/no-such-bundle.js', { headers: { 'accept-encoding': 'identity' } });
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-store');
  expect(missing.headers()['content-type']).toMatch(/^text\/plain/);
});
