import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaUploadResultSchema } from './media-contract.ts';
import { envelope, errorResponseSchema, errorResponses, ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { acceptMultipart, readUpload } from '../http/multipart.ts';
import * as MediaService from './media-service.ts';
import { BUCKET_PATTERN, NAME_PATTERN } from './media-storage.ts';
import { actorOf } from '../http/plugins/auth.ts';
import { serviceContext } from '../context.ts';

/** POST /api/media/{agency} (admin): an image in, {bucket, name} of its cleaned copy out; `record` audits it. */
export default async function mediaRoutes(root: FastifyInstance, { record }: { record: MediaService.RecordUpload }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  // scoped to this plugin: only it and the screenshot submissions accept multipart bodies
  await acceptMultipart(app);

  app.post('/media/:agency', {
    schema: {
      tags: ['media'],
      summary: 'Upload an image (admin): PNG, JPEG, WebP or GIF by content, at most 2 MB, re-encoded without metadata',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      params: z.object({ agency: z.string().regex(BUCKET_PATTERN, 'agency') }),
      response: {
        201: envelope(mediaUploadResultSchema),
        ...errorResponses(400, 401, 403, 404),
        413: errorResponseSchema,
        415: errorResponseSchema,
      },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) => {
      // uploads go to /media/{AGENCY_NAME}; other buckets do not exist
      if (req.params.agency !== app.config.agencyName) throw notFound();
      const data = await readUpload(req);
      return reply.code(201).send(ok(await MediaService.upload(ctx, record, actorOf(req), req.params.agency, data)));
    },
  });
}

/**
 * GET /media/{agency}/{name} at the site root: the stored image, cached for good (a name is derived from its bytes, so
 * it never holds other ones).
 */
export async function mediaFileRoutes(app: FastifyInstance) {
  app.get<{ Params: { agency: string; name: string } }>(
    '/media/:agency/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const { agency, name } = req.params;
      if (!BUCKET_PATTERN.test(agency) || !NAME_PATTERN.test(name)) throw notFound();
      const data = await app.mediaStorage.get(agency, name);
      if (!data) throw notFound();
      return reply
        .header('content-type', MediaService.contentTypeOf[name.split('.').pop()!])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
}
