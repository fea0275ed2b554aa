import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardOverviewSchema, dashboardQuerySchema, timeseriesQuerySchema, timeseriesSchema } from '../contract.ts';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import * as AdminService from './activity-service.ts';
import * as DashboardService from './service.ts';
import * as UserPageService from './user-page-service.ts';
import { userParamsSchema } from '../../accounts/people-contract.ts';
import { userOverviewSchema } from '../user-page-contract.ts';
import { ownerOf } from '../../../platform/owner.ts';
import { serviceContext } from '../../../platform/context.ts';

const security = [{ bearer: [] }];

/** The admin dashboard's overview (the stat cards and the activity charts) and the user page's read. */
export default async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);

  app.get('/marketplace/dashboard/timeseries', {
    schema: {
      tags: ['dashboard'],
      summary: 'Daily activity of the last N UTC days, zeros included (admin)',
      security,
      querystring: timeseriesQuerySchema,
      response: { 200: envelope(timeseriesSchema), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => {
      ownerOf(app, req.query.owner);
      return ok({ days: await AdminService.timeseries(ctx, req.query.days) });
    },
  });

  app.get('/marketplace/dashboard/overview', {
    schema: {
      tags: ['dashboard'],
      summary: 'Stat cards of the admin dashboard, compared with the period before, and the wallets reconciled (admin)',
      security,
      querystring: dashboardQuerySchema,
      response: { 200: envelope(dashboardOverviewSchema), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await DashboardService.overview(ctx, ownerOf(app, req.query.owner), req.query.days)),
  });

  app.get('/admin/users/:id', {
    schema: {
      tags: ['accounts'],
      summary:
        "A user's page (admin): profile, block, live sessions, badges, wallet with its latest transactions, latest purchases, tournament registrations",
      security,
      params: userParamsSchema,
      response: { 200: envelope(userOverviewSchema), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await UserPageService.overview(ctx, req.params.id)),
  });
}
