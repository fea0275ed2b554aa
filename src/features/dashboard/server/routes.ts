import type { FastifyInstance } from 'fastify';
import { ok } from '../../../platform/http/envelope.ts';
import * as AdminService from './activity-service.ts';
import * as DashboardService from './service.ts';
import * as UserPageService from './user-page-service.ts';
import { userParamsSchema } from '../../accounts/people-contract.ts';
import { ownerOf } from '../../../platform/owner.ts';
import { serviceContext } from '../../../platform/context.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { dashboardApi } from '../endpoints.ts';

/** The admin dashboard's overview (the stat cards and the activity charts) and the user page's read. */
export default async function dashboardRoutes(root: FastifyInstance) {
  const ctx = serviceContext(root);
  const route = declaredRoutes(root, dashboardApi, ['dashboard']);
  // the user page is filed with the accounts in the API's documentation
  const accountsRoute = declaredRoutes(root, dashboardApi, ['accounts']);

  route('GET /marketplace/dashboard/timeseries', {
    summary: 'Daily activity of the last N UTC days, zeros included (admin)',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    handler: async (req) => {
      ownerOf(root, req.query.owner);
      return ok({ days: await AdminService.timeseries(ctx, req.query.days) });
    },
  });

  route('GET /marketplace/dashboard/overview', {
    summary: 'Stat cards of the admin dashboard, compared with the period before, and the wallets reconciled (admin)',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await DashboardService.overview(ctx, ownerOf(root, req.query.owner), req.query.days)),
  });

  accountsRoute('GET /admin/users/:id', {
    summary:
      "A user's page (admin): profile, block, live sessions, badges, " +
      'wallet with its latest transactions, latest purchases, tournament registrations',
    auth: 'admin',
    params: userParamsSchema,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await UserPageService.overview(ctx, req.params.id)),
  });
}
