import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every document (pages, API answers): @fastify/helmet for the fixed ones, and
 * a Content-Security-Policy chosen by path. Built files that are not documents (scripts, styles,
 * images, fonts) keep only assetSecurityHeaders (src/platform/http/static-site.ts).
 *
 * Pages allow only this origin's scripts and styles plus the inline ones of the build, by hash:
 * Astro (`security.csp` in astro.config.mjs) writes a CSP meta tag with those hashes into every
 * page; the server reads them once from the built pages and mirrors them into the header, which
 * also carries what a meta tag cannot (frame-ancestors). Images may come from https (admin-set
 * banners and thumbnails), data: and blob: (upload previews). Nothing may frame a page but the site
 * itself, so /login cannot be put under another site's overlay; the tournament iframe page alone
 * may frame the configured TOURNAMENT_IFRAME_URL's origin. API answers are data, never documents:
 * they allow nothing. /api/docs (Swagger UI) needs inline styles and data: images.
 */
export interface InlineHashes {
  script: string[];
  style: string[];
}

export interface SecurityHeaderOptions {
  publicOrigin: string;
  /** API bases the pages call (PUBLIC_API_BASE…); an absolute one joins connect-src */
  apiBases: string[];
  inlineHashes: InlineHashes;
}

/** The hashes of the CSP meta tags Astro wrote into the built pages, in dist/client. */
export function readInlineHashes(clientDir: string): InlineHashes {
  const script = new Set<string>();
  const style = new Set<string>();
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory()
              ? e.name.startsWith('_')
                ? []
                : walk(path.join(dir, e.name))
              : e.name.endsWith('.html')
                ? [path.join(dir, e.name)]
                : [],
          )
      : [];
  for (const file of walk(clientDir)) {
    const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(fs.readFileSync(file, 'utf8'));
    if (!meta) continue;
    for (const directive of meta[1].split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const target = name === 'script-src' ? script : name === 'style-src' ? style : null;
      for (const source of sources)
        if (target && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(source)) target.add(source);
    }
  }
  return { script: [...script].sort(), style: [...style].sort() };
}

const originOf = (url: string | undefined): string | null => {
  if (!url || !/^https?:\/\/[^\s"'<>]+$/.test(url.trim())) return null;
  try {
    return new URL(url.trim().replaceAll('{id}', 'id')).origin;
  } catch {
    return null;
  }
};

const serialize = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** The policy of a page; `frameOrigin` is the one origin the tournament iframe page may frame. */
export function pagePolicy(opts: SecurityHeaderOptions, frameOrigin: string | null = null): string {
  const https = opts.publicOrigin.startsWith('https://');
  const apiOrigins = [...new Set(opts.apiBases.map(originOf).filter((o): o is string => !!o))];
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...opts.inlineHashes.script],
    'style-src': ["'self'", ...opts.inlineHashes.style],
    'img-src': ["'self'", 'https:', 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...apiOrigins],
    'frame-src': frameOrigin ? [frameOrigin] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/** API answers are JSON, calendars and images: a document built from one may do nothing. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Swagger UI at /api/docs: its own scripts, inline styles and data: icons. */
export const docsPolicy = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
});

/**
 * What a built file that is not a document (a script, a style sheet, an image, a font, a public/
 * file) keeps of the security headers: no MIME sniffing, and no loading by other sites. The rest
 * (the CSP, framing, referrer, permissions, cross-origin isolation…) rules what a document does,
 * and the browser reads it from the page, never from its scripts or images: sent with each of a
 * page's files it was about 1.5 KB a file, twice the weight of the page's JavaScript.
 */
export const assetSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The headers the onRequest hooks below (helmet's and the CSP's) set that only a document needs. */
const documentOnly = new Set([
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** Takes the document-only security headers off a response about to send a file that is not a document. */
export function dropDocumentHeaders(res: ServerResponse) {
  for (const name of res.getHeaderNames()) if (documentOnly.has(name)) res.removeHeader(name);
}

/** Powerful features no page uses; fullscreen and clipboard stay at their defaults for the tournament iframe. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

const iframePage = /^(?:\/en)?\/tournament\/[^/?#]+\/iframe\/?(?:[?#]|$)/;

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const https = opts.publicOrigin.startsWith('https://');
  await app.register(helmet, {
    // set per path below; helmet's own would be one policy for pages, API and docs alike
    contentSecurityPolicy: false,
    // only where the site is served over https: HSTS on an http origin would lock browsers out
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  const page = pagePolicy(opts);
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    // on the raw response, like helmet's: on-demand pages are written by Astro straight to it
    // uploaded images (/media) are data like API answers: the short policy that allows nothing
    const data = url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
    const iframe = () => pagePolicy(opts, originOf(process.env.TOURNAMENT_IFRAME_URL));
    const policy = url.startsWith('/api/docs') ? docsPolicy : data ? apiPolicy : iframePage.test(url) ? iframe() : page;
    reply.raw.setHeader('content-security-policy', policy);
    reply.raw.setHeader('permissions-policy', permissionsPolicy);
  });
}

/**
 * Astro writes its own Content-Security-Policy header on on-demand pages (only the script and style
 * hashes, the same ones this server mirrors). Ours, set on the raw response in onRequest, holds
 * those and the rest (frame-ancestors, frame-src…), so it replaces Astro's in the head it writes.
 */
export function keepOwnPolicy(res: ServerResponse) {
  const own = res.getHeader('content-security-policy');
  if (own === undefined) return;
  const writeHead = res.writeHead;
  // a typed adapter over Node's overloaded writeHead: the headers object is found at run time
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((h): h is Record<string, unknown> => !!h && typeof h === 'object' && !Array.isArray(h));
    if (headers)
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === 'content-security-policy') headers[name] = own;
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}
