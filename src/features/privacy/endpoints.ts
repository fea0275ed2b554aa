import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { dataExportSchema } from './contract.ts';

/** The privacy routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const privacyApi = {
  'GET /users/me/export': { response: dataExportSchema },
} satisfies EndpointMap;
export type PrivacyApi = typeof privacyApi;
