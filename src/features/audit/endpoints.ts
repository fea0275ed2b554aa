import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { auditEntrySchema, auditQuerySchema } from './contract.ts';

/** The audit routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const auditApi = {
  'GET /admin/audit': { query: auditQuerySchema, response: auditEntrySchema.array() },
} satisfies EndpointMap;
export type AuditApi = typeof auditApi;
