import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { phaseNumberSchema, submissionSchema } from '../contract.ts';
import { idSchema } from '../../../platform/schemas.ts';
import { envelope, errorResponseSchema, errorResponses, ok, okPage } from '../../../platform/http/envelope.ts';
import { cachePublic } from '../../../platform/http/response-headers.ts';
import { acceptMultipart, readMultipart } from '../../../platform/http/multipart.ts';
import * as CampaignService from './service.ts';
import { ownerOf } from '../../../platform/owner.ts';
import { actorOf, callerOf } from '../../../platform/http/plugins/auth.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { campaignApi } from '../endpoints.ts';

const slugParams = z.object({ slug: z.string().min(1).max(64) });
const phaseParams = slugParams.extend({ phase: phaseNumberSchema });
const idParams = z.object({ id: idSchema });
const bearer = [{ bearer: [] }];

/** The winter campaign (/cortina): dates, screenshot submissions, moderation, standings (docs/campaign-api.md). */
export default async function campaignRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  // scoped to this plugin, like the media upload's: only the submission route reads it
  await acceptMultipart(app);
  const owner = (requested?: string) => ownerOf(app, requested);
  /** The brand a call on `/campaigns/:slug` names, once the slug is the campaign's (any other is a 404). */
  const campaignOwner = (req: { params: { slug: string }; query: { owner?: string } }) => {
    CampaignService.assertSlug(req.params.slug);
    return owner(req.query.owner);
  };
  const tags = ['campaign'];
  const route = declaredRoutes(root, campaignApi, tags);
  // unlimited resubmits, but not a flood of image decoding from one account; counted in the app's
  // shared rate-limit store, so several processes share one quota
  const submitLimit = {
    max: 20,
    timeWindow: '10 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `submission|${req.user?.id ?? req.ip}`,
  };

  route('GET /campaigns/:slug', {
    summary: 'The campaign: deadline, phases with their state now, the open phase, the server clock',
    params: slugParams,
    errors: [400, 404],
    handler: async (req, reply) => {
      const campaign = await CampaignService.getCampaign(ctx, campaignOwner(req));
      // the same for everyone; phase states move on the hour, a few seconds stale is fine
      cachePublic(reply);
      return ok(campaign);
    },
  });
  route('PUT /campaigns/:slug', {
    summary: 'Change the deadline, the competition or all four windows (admin); audited',
    auth: 'admin',
    params: slugParams,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await CampaignService.update(ctx, actorOf(req), campaignOwner(req), req.body)),
  });
  route('GET /campaigns/:slug/phases/:phase/standings', {
    summary: "Each player's best approved score in the phase; the top 50 win",
    params: phaseParams,
    errors: [400, 404],
    handler: async (req, reply) => {
      const standings = await CampaignService.getStandings(ctx, campaignOwner(req), req.params.phase, req.query);
      cachePublic(reply, standings.frozen ? 'frozen' : 'editorial');
      return ok(standings);
    },
  });

  app.post('/marketplace/submissions', {
    schema: {
      tags,
      summary:
        'Send a screenshot (multipart: email, note, owner, then the image in "file") to the phase open now; ' +
        "it is stored under the caller's own username (a sent username is ignored)",
      security: bearer,
      consumes: ['multipart/form-data'],
      response: {
        201: envelope(submissionSchema),
        ...errorResponses(400, 401, 404, 409, 429),
        413: errorResponseSchema,
        415: errorResponseSchema,
      },
    },
    config: { rateLimit: submitLimit },
    onRequest: app.requireUser,
    handler: async (req, reply) =>
      reply.code(201).send(ok(await CampaignService.submit(ctx, actorOf(req), await readMultipart(req)))),
  });
  route('GET /marketplace/submissions/mine', {
    summary: "The caller's own submissions, newest first",
    auth: 'user',
    answer: 'list',
    errors: [400, 401, 404],
    handler: async (req) =>
      okPage(await CampaignService.listMine(ctx, callerOf(req), owner(req.query.owner), req.query.note)),
  });
  route('GET /marketplace/submissions', {
    summary: 'The moderation queue, oldest first, with duplicates of each image (admin)',
    auth: 'admin',
    // the admin queue names its count totalCount too, like the giveaway list
    answer: 'counted',
    errors: [400, 401, 403, 404],
    handler: async (req) => okPage(await CampaignService.listQueue(ctx, owner(req.query.owner), req.query)),
  });
  route('POST /marketplace/submissions/:id/review', {
    summary: 'Approve with a score or reject with a reason (admin), until the phase closes; audited',
    auth: 'admin',
    params: idParams,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) =>
      ok(await CampaignService.review(ctx, actorOf(req), owner(req.query.owner), req.params.id, req.body)),
  });
}
