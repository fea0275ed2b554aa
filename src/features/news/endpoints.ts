import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { deletedSchema } from '../../platform/schemas.ts';
import { newsArticleSchema, newsInputSchema, newsListQuerySchema, newsUpdateSchema } from './contract.ts';

/** The news routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const newsApi = {
  'GET /news': { query: newsListQuerySchema, response: newsArticleSchema.array() },
  'GET /news/:id': { response: newsArticleSchema },
  'POST /news': { body: newsInputSchema, response: newsArticleSchema },
  'PUT /news/:id': { body: newsUpdateSchema, response: newsArticleSchema },
  'DELETE /news/:id': { response: deletedSchema('id') },
} satisfies EndpointMap;
export type NewsApi = typeof newsApi;
