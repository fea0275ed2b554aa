import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { dashboardOverviewSchema, dashboardQuerySchema, timeseriesQuerySchema, timeseriesSchema } from './contract.ts';
import { userOverviewSchema } from './user-page-contract.ts';

/**
 * The dashboard's own routes as the browser calls them (TypedCall), checked against the app by
 * tests/api/platform/endpoint-maps.test.ts. The browser imports this map as a type only.
 */
export const dashboardApi = {
  'GET /marketplace/dashboard/overview': { query: dashboardQuerySchema, response: dashboardOverviewSchema },
  'GET /marketplace/dashboard/timeseries': { query: timeseriesQuerySchema, response: timeseriesSchema },
  'GET /admin/users/:id': { response: userOverviewSchema },
} satisfies EndpointMap;
export type DashboardApi = typeof dashboardApi;
