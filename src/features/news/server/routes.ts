import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import { ok, okList } from '../../../platform/http/envelope.ts';
import * as NewsService from './service.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { adminWrites } from '../../../platform/http/admin-writes.ts';
import { cachedJson } from '../../../platform/http/response-cache.ts';
import { serviceContext } from '../../../platform/context.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { newsApi } from '../endpoints.ts';

const idParams = z.object({ id: idSchema });

// anonymous reads are shared by caches; a reader with a token may see drafts
const cacheFor = (req: FastifyRequest, reply: FastifyReply) => cacheForViewer(req, reply, 'editorial');

/** News articles: public reads of the published ones, admin writes (and drafts). */
export default async function newsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const tags = ['news'];
  const route = declaredRoutes(root, newsApi, tags);

  route('GET /news', {
    summary:
      'Published news, newest first; an admin with ?all=true also gets drafts, newest updated first; ' +
      '?sort=title|date (-key descending) orders by the ?lang title or the shown date',
    answer: 'list',
    errors: [400, 401, 403],
    handler: async (req, reply) => {
      if (req.query.all === 'true') await app.requireAdmin(req);
      cacheFor(req, reply);
      // an anonymous reader's copy comes from the micro-cache, emptied in every process by an admin's save
      return cachedJson(app, req, reply, async () => {
        const { data, total } = await NewsService.list(ctx, {
          limit: req.query.limit,
          offset: req.query.offset,
          includeDrafts: req.query.all === 'true',
          sort: req.query.sort,
          lang: req.query.lang,
        });
        return okList(data, total);
      });
    },
  });

  route('GET /news/:id', {
    summary: 'One article (a draft only for admins)',
    params: idParams,
    errors: [400, 404],
    shared: 'editorial',
    handler: async (req) => ok(await NewsService.get(ctx, req.params.id, !!req.user?.isAdmin)),
  });

  adminWrites(root, newsApi, {
    path: '/news',
    tags,
    create: {
      summary: 'Write an article (admin); the body HTML is sanitised',
      run: ({ actor, body }) => NewsService.create(ctx, actor, body),
    },
    edit: {
      summary: 'Edit an article (admin); omitted fields stay; published=false clears publishedAt',
      run: ({ actor, id, body }) => NewsService.update(ctx, actor, id, body),
    },
    remove: { summary: 'Delete an article (admin)', run: ({ actor, id }) => NewsService.remove(ctx, actor, id) },
  });
}
