import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import * as TournamentService from '../../features/tournaments/server/service.ts';
import * as NewsService from '../../features/news/server/service.ts';
import { pageCache } from './response-cache.ts';
import { keepOwnPolicy } from './security-headers.ts';
import * as CampaignService from '../../features/campaign/server/service.ts';
import * as BracketService from '../../features/brackets/server/service.ts';
import * as ResultsService from '../../features/results/server/service.ts';

/**
 * Serves the Astro build: prerendered pages and assets from dist/client, and every other path
 * through Astro's middleware handler (on-demand pages, and the prerendered 404 for the rest).
 */
export async function registerSite(app: FastifyInstance, distDir: string) {
  const clientDir = path.join(distDir, 'client');
  await app.register(fastifyStatic, {
    root: clientDir,
    // '/login' is dist/client/login.html (build.format 'file'); a missing file falls through to notFound
    // no `extensions: ['html']`: with it, /competitions would be sent from competitions.html but
    // never from its compressed copy (the plugin looks for competitions.br); such paths fall through
    // to the not-found handler below, whose sendFile of the .html file does pick the .br or .gz
    index: ['index.html'],
    redirect: false,
    // the build writes x.js.br and x.js.gz next to scripts, styles and images (astro.config.mjs)
    preCompressed: true,
    // hashed bundles never change; pages must revalidate so a deploy is seen at once
    setHeaders(res: FastifyReply, file: string) {
      if (file.includes(`${path.sep}_astro${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=0, must-revalidate');
    },
  });
  const entry = path.join(distDir, 'server', 'entry.mjs');
  const astro = fs.existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as { handler: (req: unknown, res: unknown, next: () => void, locals: unknown) => unknown }).handler : null;
  const notFoundPage = path.join(clientDir, '404.html');
  const enNotFoundPage = path.join(clientDir, 'en', '404.html');

  // Astro `locals` for on-demand pages (App.Locals in src/env.d.ts): the same services as the API,
  // on the same connection, no HTTP hop.
  const locals: App.Locals = {
    data: {
      tournament: (id, viewerToken) => TournamentService.getForViewer(app, id, viewerToken),
      news: ({ limit, offset }) =>
        NewsService.list(app, {
          limit: Math.min(Math.max(1, Math.trunc(limit) || 10), 100),
          offset: Math.max(0, Math.trunc(offset) || 0),
          includeDrafts: false,
        }),
      newsArticle: (id) => NewsService.findPublished(app, id),
      campaign: () => CampaignService.getCampaign(app, app.config.ownerId),
      campaignStandings: (phase, { limit, offset }) => CampaignService.getStandings(app, app.config.ownerId, phase, { limit: clamp(limit, 1, 500, 100), offset: clamp(offset, 0, 1_000_000, 0) }),
      // what an anonymous reader of /api/tournaments sees: a competition's, else those not yet ended
      tournaments: ({ competitionId, limit }) => TournamentService.list(app, { competitionId: competitionId ?? undefined, showAllTournament: competitionId ? undefined : false, limit: clamp(limit, 1, 100, 10), offset: 0 }, null),
      bracket: (tournamentId) => BracketService.findBracket(app, tournamentId),
      standings: (tournamentId) => ResultsService.standings(app, tournamentId),
    },
  };

  // a fresh copy of an on-demand page answers before the static-file lookup (several stat and
  // readdir calls per request) and the render (src/platform/http/response-cache.ts)
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') && (await pageCache.serve(app, req, reply))) return reply;
  });

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ status: 'ERROR', error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    // '/dashboard' is both dashboard.html and the folder of /dashboard/products (likewise '/en' and
    // en.html): @fastify/static resolves the folder, finds no index.html and 404s, so the page file
    // is tried here. A trailing slash ('/en/', what localizePath gives for home) is the same page.
    if (req.method === 'GET' || req.method === 'HEAD') {
      const page = pageFile(clientDir, url);
      if (page) return reply.sendFile(page);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && astro) {
      pageCache.render(app, req, reply);
      keepOwnPolicy(reply.raw);
      reply.hijack();
      await astro(
        req.raw,
        reply.raw,
        () => {
          const file = url.startsWith('/en/') && fs.existsSync(enNotFoundPage) ? enNotFoundPage : notFoundPage;
          reply.raw.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(fs.existsSync(file) ? fs.readFileSync(file) : 'Not found');
        },
        locals,
      );
      return;
    }
    return reply
      .code(404)
      .type('text/html')
      .send(fs.existsSync(notFoundPage) ? fs.readFileSync(notFoundPage) : 'Not found');
  });
}

/** The prerendered `<path>.html` under clientDir for a URL path, relative to clientDir, if it exists. */
function pageFile(clientDir: string, url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url).replace(/\/+$/, '');
  } catch {
    return null;
  }
  if (!decoded || decoded.includes('\0')) return null;
  const root = path.resolve(clientDir);
  const file = path.resolve(root, `.${decoded}.html`);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return path.relative(root, file);
}

/** A whole number within [min, max], or the fallback when it is not a number. */
function clamp(n: number, min: number, max: number, fallback: number): number {
  const v = Math.trunc(n);
  return Number.isFinite(v) ? Math.min(Math.max(min, v), max) : fallback;
}
