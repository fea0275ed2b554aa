import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../platform/http/plugins/auth.ts';
import { accountStandingSchema, roleParamsSchema, userParamsSchema } from '../people-contract.ts';
import * as PeopleService from './people-service.ts';
import { serviceContext } from '../../../platform/context.ts';

/**
 * The admin's user page's writes: roles and blocks (its read is the dashboard's, which joins the other
 * domains' parts). Admins only, checked before anything is read.
 */
export default async function peopleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const tags = ['accounts'];
  const security = [{ bearer: [] }];
  const standing = { 200: envelope(accountStandingSchema), ...errorResponses(400, 401, 403, 404, 409) };

  for (const [method, granted] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/admin/users/:id/roles/:role',
      schema: {
        tags,
        summary: granted
          ? 'Grant SiteAdmin or the agency admin role (SiteAdmin only; audited)'
          : 'Revoke SiteAdmin or the agency admin role (SiteAdmin only; the last active SiteAdmin keeps it: 409 LAST_SITE_ADMIN; audited)',
        security,
        params: roleParamsSchema,
        response: standing,
      },
      onRequest: app.requireAdmin,
      handler: async (req) =>
        ok(await PeopleService.setRole(ctx, actorOf(req), req.params.id, req.params.role, granted)),
    });
    app.route({
      method,
      url: '/admin/users/:id/block',
      schema: {
        tags,
        summary: granted
          ? 'Block an account: it cannot log in and every session of it is revoked (a SiteAdmin blocks anyone else, the agency admin only players; audited)'
          : 'Unblock an account: it may log in again (audited)',
        security,
        params: userParamsSchema,
        response: standing,
      },
      onRequest: app.requireAdmin,
      handler: async (req) => ok(await PeopleService.setBlocked(ctx, actorOf(req), req.params.id, granted)),
    });
  }
}
