import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { userOverviewSchema } from './user-page-contract.ts';

/**
 * The dashboard's own routes as the browser calls them (TypedCall), checked against the app by
 * tests/api/platform/endpoint-maps.test.ts. The browser imports this map as a type only.
 */
export const dashboardApi = {
  'GET /admin/users/:id': { response: userOverviewSchema },
} satisfies EndpointMap;
export type DashboardApi = typeof dashboardApi;
