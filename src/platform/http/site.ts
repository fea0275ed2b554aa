import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import * as TournamentService from '../../features/tournaments/server/service.ts';
import * as NewsService from '../../features/news/server/service.ts';
import { pageCache } from './response-cache.ts';
import { keepOwnPolicy } from './security-headers.ts';
import { isAsset, socketResponder, StaticSite, writeFile, writeMissingAsset } from './static-site.ts';
import { realDir, useRelease } from './releases.ts';
import { releaseAssets } from './release-assets.ts';
import { inRequestScope, markPage, requestIdOptions } from './logging.ts';
import * as CampaignService from '../../features/campaign/server/service.ts';
import * as BracketService from '../../features/brackets/server/service.ts';
import * as ResultsService from '../../features/results/server/service.ts';

/**
 * Serves the Astro build: prerendered pages and assets from memory (src/platform/http/static-site.ts),
 * and every other path through Astro's middleware handler (on-demand pages, and the prerendered
 * 404 for the rest).
 */
export async function registerSite(app: FastifyInstance, distDir: string) {
  // the release `dist` links to now, for the life of the process (src/platform/http/releases.ts)
  const release = realDir(distDir) ?? distDir;
  useRelease(release);
  const site = StaticSite.load(path.join(release, 'client'), releaseAssets(distDir, release));
  app.log.debug({ files: site.fileCount, bytes: site.bytes, release }, 'static site loaded');
  const entry = path.join(release, 'server', 'entry.mjs');
  const astro = fs.existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as { handler: (req: unknown, res: unknown, next: () => void, locals: unknown) => unknown }).handler : null;

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

  // A built file answers at the socket, before Fastify's routing and hooks (socketResponder), with
  // the security headers the hooks give a page, taken from the first file answered by the hook
  // below. Until then, and for `app.inject`, the hook answers it: one map lookup, headers computed
  // at start, the security headers set by the earlier hooks. Then a fresh copy of an on-demand
  // page (src/platform/http/response-cache.ts), before its render.
  let respond: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  let closing = false;
  const server = app.server as Server;
  const [fastify, ...others] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (fastify && others.length === 0) {
    server.removeListener('request', fastify);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const started = performance.now();
      if (respond?.(req, res)) app.metrics.staticAnswer(req.method!, res.statusCode, performance.now() - started);
      else fastify(req, res);
    });
  }
  // while closing, Fastify answers (it closes kept-alive connections as it does so)
  app.addHook('preClose', async () => {
    closing = true;
    respond = null;
  });
  const { genReqId } = requestIdOptions();
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') || url === '/api') return;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const file = site.lookup(url);
      if (file) {
        if (!respond && !closing) respond = socketResponder(site, { ...reply.raw.getHeaders() }, (raw) => genReqId!(raw));
        reply.hijack();
        writeFile(reply.raw, req.method, req.headers, file, 200, { 'x-request-id': req.id });
        return reply;
      }
      if (isAsset(url)) {
        reply.hijack();
        writeMissingAsset(reply.raw, req.method, { 'x-request-id': req.id });
        return reply;
      }
    }
    if (await pageCache.serve(app, req, reply)) {
      markPage(req);
      return reply;
    }
  });

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ status: 'ERROR', error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    const notFound = site.notFoundPage(url);
    if ((req.method === 'GET' || req.method === 'HEAD') && astro) {
      const passThrough = pageCache.render(app, req, reply);
      keepOwnPolicy(reply.raw);
      reply.hijack();
      markPage(req);
      // Astro's renderer and the pages log through the console: within this scope their lines
      // (a render's error and its stack) carry this request's id (routeConsole in logging.ts)
      await inRequestScope(req, () =>
        astro(
          req.raw,
          reply.raw,
          () => {
            // no on-demand page has this path: the prerendered 404, already compressed
            markPage(req, false);
            passThrough();
            if (notFound) writeFile(reply.raw, req.method, req.headers, notFound, 404);
            else reply.raw.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
          },
          locals,
        ),
      );
      return;
    }
    if (!notFound) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply.hijack();
    writeFile(reply.raw, req.method, req.headers, notFound, 404, { 'x-request-id': req.id });
  });
}

/** A whole number within [min, max], or the fallback when it is not a number. */
function clamp(n: number, min: number, max: number, fallback: number): number {
  const v = Math.trunc(n);
  return Number.isFinite(v) ? Math.min(Math.max(min, v), max) : fallback;
}
