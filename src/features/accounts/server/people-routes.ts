import type { FastifyInstance } from 'fastify';
import { ok } from '../../../platform/http/envelope.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { accountsApi } from '../endpoints.ts';
import { actorOf } from '../../../platform/http/plugins/auth.ts';
import { roleParamsSchema, userParamsSchema } from '../people-contract.ts';
import * as PeopleService from './people-service.ts';
import { serviceContext } from '../../../platform/context.ts';

/**
 * The admin's user page's writes: roles and blocks (its read is the dashboard's, which joins the other
 * domains' parts). Admins only, checked before anything is read.
 */
export default async function peopleRoutes(root: FastifyInstance) {
  const ctx = serviceContext(root);
  const route = declaredRoutes(root, accountsApi, ['accounts']);
  const errors = [400, 401, 403, 404, 409] as const;

  for (const [method, granted] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    route(`${method} /admin/users/:id/roles/:role`, {
      summary: granted
        ? 'Grant SiteAdmin or the agency admin role (SiteAdmin only; audited)'
        : 'Revoke SiteAdmin or the agency admin role (SiteAdmin only; ' +
          'the last active SiteAdmin keeps it: 409 LAST_SITE_ADMIN; audited)',
      auth: 'admin',
      params: roleParamsSchema,
      errors,
      handler: async (req) =>
        ok(await PeopleService.setRole(ctx, actorOf(req), req.params.id, req.params.role, granted)),
    });
    route(`${method} /admin/users/:id/block`, {
      summary: granted
        ? 'Block an account: it cannot log in and every session of it is revoked ' +
          '(a SiteAdmin blocks anyone else, the agency admin only players; audited)'
        : 'Unblock an account: it may log in again (audited)',
      auth: 'admin',
      params: userParamsSchema,
      errors,
      handler: async (req) => ok(await PeopleService.setBlocked(ctx, actorOf(req), req.params.id, granted)),
    });
  }
}
