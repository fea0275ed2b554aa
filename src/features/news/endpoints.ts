import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { adminWriteEndpoints } from '../../platform/schemas.ts';
import { newsArticleSchema, newsInputSchema, newsListQuerySchema, newsUpdateSchema } from './contract.ts';

/** The news routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const newsApi = {
  'GET /news': { query: newsListQuerySchema, response: newsArticleSchema.array() },
  'GET /news/:id': { response: newsArticleSchema },
  ...adminWriteEndpoints('/news', { item: newsArticleSchema, input: newsInputSchema, update: newsUpdateSchema }),
} satisfies EndpointMap;
export type NewsApi = typeof newsApi;
