/**
 * What response headers weigh on the wire, shared by tests/bench/header-weight.ts (a report) and
 * tests/e2e/platform/header-budgets.spec.ts (the budgets): a page's document and the same-origin
 * files it loads before any interaction, each asked once as a browser would (br, gzip accepted).
 */
import { request } from 'node:http';
import { diskReader, pageWeight } from './page-weight.ts';

export interface Answer {
  status: number;
  /** the status line and every header as sent, with the blank line that ends them (HTTP/1.1) */
  headerBytes: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET over HTTP/1.1, measured as it crossed the socket. */
export function getMeasured(base: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(base + url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const raw = res.rawHeaders;
      let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < raw.length; i += 2) headerBytes += Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`);
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = { status: res.statusCode!, headerBytes, headers: res.headers };
        resolve({ ...answer, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** The same-origin files a page loads at once: scripts with their static imports, style sheets, icons, images. */
export function pageAssets(html: string, clientDir: string): string[] {
  const urls = new Set(pageWeight(html, diskReader(clientDir)).files.keys());
  const links = html.matchAll(/<link[^>]*\shref="(\/[^"/][^"]*)"/g);
  for (const m of links) if (!/rel="(?:alternate|canonical)"/.test(m[0])) urls.add(m[1]);
  for (const m of html.matchAll(/<img[^>]*\ssrc="(\/[^"/][^"]*)"/g)) urls.add(m[1]);
  return [...urls].map((u) => u.replaceAll('&amp;', '&'));
}

export interface PageHeaders {
  document: number;
  assets: { url: string; headerBytes: number; status: number }[];
  total: number;
}

/** The header bytes of a page's document and of each file it loads (each asked once). */
export async function pageHeaderWeight(base: string, page: string, clientDir: string): Promise<PageHeaders> {
  const doc = await getMeasured(base, page);
  const html = (await fetch(base + page)).text();
  const assets = [];
  for (const url of pageAssets(await html, clientDir)) {
    const res = await getMeasured(base, url);
    assets.push({ url, headerBytes: res.headerBytes, status: res.status });
  }
  const total = doc.headerBytes + assets.reduce((sum, a) => sum + a.headerBytes, 0);
  return { document: doc.headerBytes, assets, total };
}
