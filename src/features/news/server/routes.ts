import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import { newsArticleSchema, newsInputSchema, newsListQuerySchema, newsUpdateSchema } from '../contract.ts';
import { envelope, errorResponses, listEnvelope, ok, okList } from '../../../platform/http/envelope.ts';
import * as NewsService from './service.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { actorOf } from '../../../platform/http/plugins/auth.ts';

const idParams = z.object({ id: idSchema });
const security = [{ bearer: [] }];

// anonymous reads are shared by caches; a reader with a token may see drafts
const cacheFor = (req: FastifyRequest, reply: FastifyReply) => cacheForViewer(req, reply, 'editorial');

/** News articles: public reads of the published ones, admin writes (and drafts). */
export default async function newsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];

  app.get('/news', {
    schema: {
      tags,
      summary: 'Published news, newest first; an admin with ?all=true also gets drafts, newest updated first',
      querystring: newsListQuerySchema,
      response: { 200: listEnvelope(newsArticleSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (req, reply) => {
      if (req.query.all === 'true') await app.requireAdmin(req);
      cacheFor(req, reply);
      const { data, total } = await NewsService.list(app, { limit: req.query.limit, offset: req.query.offset, includeDrafts: req.query.all === 'true' });
      return okList(data, total);
    },
  });

  app.get('/news/:id', {
    schema: {
      tags,
      summary: 'One article (a draft only for admins)',
      params: idParams,
      response: { 200: envelope(newsArticleSchema), ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      cacheFor(req, reply);
      return ok(await NewsService.get(app, req.params.id, !!req.user?.isAdmin));
    },
  });

  app.post('/news', {
    schema: {
      tags,
      summary: 'Write an article (admin); the body HTML is sanitised',
      security,
      body: newsInputSchema,
      response: { 201: envelope(newsArticleSchema), ...errorResponses(400, 401, 403) },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) => reply.code(201).send(ok(await NewsService.create(app, actorOf(req), req.body))),
  });

  app.put('/news/:id', {
    schema: {
      tags,
      summary: 'Edit an article (admin); omitted fields stay; published=false clears publishedAt',
      security,
      params: idParams,
      body: newsUpdateSchema,
      response: { 200: envelope(newsArticleSchema), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await NewsService.update(app, actorOf(req), req.params.id, req.body)),
  });

  app.delete('/news/:id', {
    schema: {
      tags,
      summary: 'Delete an article (admin)',
      security,
      params: idParams,
      response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      await NewsService.remove(app, actorOf(req), req.params.id);
      return ok({ id: req.params.id, deleted: true as const });
    },
  });
}
