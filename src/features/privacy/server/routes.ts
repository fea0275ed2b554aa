import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { currentPasswordLimit } from '../../../platform/http/current-password-limit.ts';
import { actorOf } from '../../../platform/http/plugins/auth.ts';
import { userParamsSchema } from '../../accounts/people-contract.ts';
import { privacyApi } from '../endpoints.ts';
import * as PrivacyService from './service.ts';

/** The player's own data, whole (/settings, "Your data"), and the closing of their account. */
export default async function privacyRoutes(root: FastifyInstance) {
  const ctx = serviceContext(root);
  const route = declaredRoutes(root, privacyApi, ['privacy']);

  route('GET /users/me/export', {
    summary: 'Everything the platform holds about the logged-in player, as one JSON document',
    auth: 'user',
    errors: [401],
    handler: async (req) => ok(await PrivacyService.exportFor(ctx, req.user!.id)),
  });

  route('POST /users/me/delete', {
    summary: "Closes the logged-in player's account for good, confirmed by the current password",
    auth: 'user',
    errors: [400, 401, 403, 409, 429],
    config: { rateLimit: currentPasswordLimit },
    handler: async (req) => ok(await PrivacyService.deleteAccount(ctx, req.user!.id, req.body.currentPassword)),
  });

  route('POST /admin/users/:id/delete', {
    summary: "Closes a player's account on their request (admin): the same rules as the player's own; audited",
    auth: 'admin',
    params: userParamsSchema,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) => ok(await PrivacyService.deleteFor(ctx, actorOf(req), req.params.id)),
  });
}
