import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { notificationPreferencesSchema } from './contract.ts';

/** The reminder routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const remindersApi = {
  'GET /users/me/notifications': { response: notificationPreferencesSchema },
  'PUT /users/me/notifications': { body: notificationPreferencesSchema, response: notificationPreferencesSchema },
} satisfies EndpointMap;
export type RemindersApi = typeof remindersApi;
