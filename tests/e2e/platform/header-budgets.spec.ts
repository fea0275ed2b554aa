import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { pageHeaderWeight } from '../../../scripts/lib/header-weight.ts';
import { en } from '../site-pages.ts';

/**
 * The bytes of response headers a page costs on the wire (scripts/lib/header-weight.ts): its
 * document and each file it loads before any interaction, in both languages, on the built site.
 * Only documents carry the CSP and the other document headers; a script or an image carries a few
 * (src/platform/http/security-headers.ts assetSecurityHeaders). With the page's headers on every
 * file, the home page moved about 49 KB of headers for its 27 KB of files.
 */
const FILE_HEADER_BUDGET = 512;
const PAGE_HEADER_BUDGET = 16 * 1024;
const clientDir = path.resolve(process.env.DIST_DIR || 'dist', 'client');

test('each file a page loads has a few headers, a page stays within its budget', async ({ request, arenaServer }) => {
  const list = await (await request.get('/api/tournaments?limit=1')).json();
  const tournament = encodeURIComponent(list.data[0].id);
  for (const page of ['/', '/tournaments', `/tournament/${tournament}`, '/cortina'].flatMap((p) => [p, en(p)])) {
    const weight = await pageHeaderWeight(arenaServer.url, page, clientDir);
    expect(weight.assets.length, `${page} loads files`).toBeGreaterThan(0);
    for (const file of weight.assets) {
      expect(file.status, `${page}: ${file.url}`).toBe(200);
      const what = `${page}: ${file.url} has ${file.headerBytes} bytes of headers`;
      expect(file.headerBytes, what).toBeLessThanOrEqual(FILE_HEADER_BUDGET);
    }
    const what = `${page}: ${weight.total} bytes of headers for the page and its ${weight.assets.length} files`;
    expect(weight.total, what).toBeLessThanOrEqual(PAGE_HEADER_BUDGET);
  }
});
