import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import * as TournamentService from '../features/tournaments/server/service.ts';
import * as NewsService from '../features/news/server/service.ts';
import { pageCache } from '../platform/http/response-cache.ts';
import { keepOwnPolicy } from '../platform/http/security-headers.ts';
import { isAsset, socketResponder, StaticSite, writeFile, writeMissingAsset } from '../platform/http/static-site.ts';
import { realDir, holdRelease } from '../platform/http/releases.ts';
import { releaseAssets } from '../platform/http/release-assets.ts';
import { inRequestScope, markPage, requestIdOptions } from '../platform/http/logging.ts';
import { answerAheadOfRouter, type RawAnswer } from '../platform/http/ahead-of-router.ts';
import * as CampaignService from '../features/campaign/server/service.ts';
import * as BracketService from '../features/brackets/server/service.ts';
import * as ResultsService from '../features/results/server/service.ts';
import * as PlayerService from '../features/players/server/service.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { defaultLocaleAddress } from '../platform/i18n/i18n.ts';

/**
 * Serves the Astro build: prerendered pages and assets from memory (src/platform/http/static-site.ts),
 * and every other path through Astro's middleware handler (on-demand pages, and the prerendered
 * 404 for the rest).
 */
export async function registerSite(app: FastifyInstance, distDir: string) {
  // the release `dist` links to now, for the life of the process (src/platform/http/releases.ts)
  const release = realDir(distDir) ?? distDir;
  holdRelease(release);
  const site = StaticSite.load(path.join(release, 'client'), releaseAssets(distDir, release));
  app.log.debug({ files: site.fileCount, bytes: site.bytes, release }, 'static site loaded');
  const entry = path.join(release, 'server', 'entry.mjs');
  const astro = fs.existsSync(entry)
    ? (
        (await import(pathToFileURL(entry).href)) as {
          handler: (req: unknown, res: unknown, next: () => void, locals: unknown) => unknown;
        }
      ).handler
    : null;
  if (astro) await importPages(entry);

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
      campaignStandings: (phase, { limit, offset }) =>
        CampaignService.getStandings(app, app.config.ownerId, phase, {
          limit: clamp(limit, 1, 500, 100),
          offset: clamp(offset, 0, 1_000_000, 0),
        }),
      // what an anonymous reader of /api/tournaments sees: a competition's, else those not yet ended
      tournaments: ({ competitionId, limit }) =>
        TournamentService.list(
          app,
          {
            competitionId: competitionId ?? undefined,
            showAllTournament: competitionId ? undefined : false,
            limit: clamp(limit, 1, 100, 10),
            offset: 0,
          },
          null,
        ),
      bracket: (tournamentId) => BracketService.findBracket(app, tournamentId),
      standings: (tournamentId) => ResultsService.standings(app, tournamentId),
      // what an anonymous reader of /api/players/{username} sees: a hidden player is not found
      player: (username, offset) =>
        PlayerService.profile(app, username, clamp(offset, 0, 10_000, 0), null).catch((e: unknown) => {
          if (e instanceof AppError && e.code === 'PLAYER_NOT_FOUND') return null;
          throw e;
        }),
    },
  };

  // A built file answers at the socket, before Fastify's routing and hooks (socketResponder), with
  // the security headers the hooks give a page, taken from the first file answered by the hook
  // below. Until then, and for `app.inject`, the hook answers it: one map lookup, headers computed
  // at start, the security headers set by the earlier hooks. Then a fresh copy of an on-demand
  // page (src/platform/http/response-cache.ts), before its render.
  let respond: RawAnswer | null = null;
  let closing = false;
  answerAheadOfRouter(app.server as Server, (req, res) => {
    const started = performance.now();
    if (!respond?.(req, res)) return false;
    app.metrics.staticAnswer(req.method!, res.statusCode, performance.now() - started);
    return true;
  });
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
        if (!respond && !closing)
          respond = socketResponder(site, { ...reply.raw.getHeaders() }, (raw) => genReqId!(raw));
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
    const italian = req.method === 'GET' || req.method === 'HEAD' ? defaultLocaleAddress(req.url) : null;
    if (italian) return reply.redirect(italian, 301);
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

  if (astro) warmers.set(app, () => renderEachPage(app, locals));
}

/**
 * Every on-demand page (`prerender = false` under src/pages), as the warm-up renders it in both
 * languages; {tournament} and {article} become a published one's id when there is one, {player} a
 * name no player has.
 */
const tournamentPages = ['', '/standings', '/bracket', '/iframe'].map((tail) => `/tournament/{tournament}${tail}`);
export const warmPages = [
  '/cortina',
  '/cortina/standings/1',
  '/news',
  '/news/{article}',
  ...tournamentPages,
  '/player/{player}',
];

const warmers = new WeakMap<FastifyInstance, () => Promise<number>>();

/**
 * Imports the modules of the on-demand pages that the server entry loads lazily (`_pageN = () =>
 * import("./chunks/…")` in Astro's build), at start, before the port opens: evaluating a module is
 * synchronous, so on a page's first request it would hold every other answer, liveness included.
 */
async function importPages(entry: string) {
  const source = fs.readFileSync(entry, 'utf8');
  const lazy = /\b_page\d+ = \(\) => import\("(\.\/[^"]+)"\)/g;
  const pages = [...source.matchAll(lazy)].map((m) => new URL(m[1], pathToFileURL(entry)).href);
  await Promise.all(pages.map((page) => import(page)));
}

/**
 * Renders every on-demand page once through the app itself, so what a page's first render loads
 * (its server chunk and the modules that chunk imports, the renderer's first compilation) is loaded
 * before the process reports ready rather than while its first visitor waits. main.ts holds
 * readiness until this resolves; it resolves even when a render fails (logged). Nothing to do
 * without on-demand pages.
 */
export async function warmSite(app: FastifyInstance): Promise<void> {
  const warm = warmers.get(app);
  if (!warm) return;
  const started = performance.now();
  try {
    const pages = await warm();
    const ms = Math.round(performance.now() - started);
    app.log.info({ pages, ms }, 'site warmed: each on-demand page rendered once');
  } catch (err) {
    app.log.warn({ err }, 'site warm-up failed: the first visitors load what it did not');
  }
}

async function renderEachPage(app: FastifyInstance, locals: App.Locals): Promise<number> {
  const data = locals.data;
  const [tournaments, news] = await Promise.all([data?.tournaments({ limit: 1 }), data?.news({ limit: 1, offset: 0 })]);
  const id = (value: string | undefined) => encodeURIComponent(value ?? 'warm-up');
  const tournament = id(tournaments?.data[0]?.id);
  const article = id(news?.data[0]?.id);
  // an unknown player's page renders the same modules as a known one's
  const fill = (p: string) =>
    p.replace('{tournament}', tournament).replace('{article}', article).replace('{player}', 'warm-up');
  const urls = warmPages.map(fill).flatMap((url) => [url, `/en${url}`]);
  // one after another, each a few awaits: between two renders the loop answers liveness probes
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    if (res.statusCode >= 500) app.log.warn({ url, status: res.statusCode }, 'site warm-up: the page failed to render');
  }
  return urls.length;
}

/** A whole number within [min, max], or the fallback when it is not a number. */
function clamp(n: number, min: number, max: number, fallback: number): number {
  const v = Math.trunc(n);
  return Number.isFinite(v) ? Math.min(Math.max(min, v), max) : fallback;
}
