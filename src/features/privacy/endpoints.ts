import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { accountDeletedSchema, accountDeletionSchema, dataExportSchema } from './contract.ts';

/** The privacy routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const privacyApi = {
  'GET /users/me/export': { response: dataExportSchema },
  'POST /users/me/delete': { body: accountDeletionSchema, response: accountDeletedSchema },
  'POST /admin/users/:id/delete': { response: accountDeletedSchema },
} satisfies EndpointMap;
export type PrivacyApi = typeof privacyApi;
