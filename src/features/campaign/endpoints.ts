import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import {
  adminSubmissionSchema,
  campaignOwnerQuerySchema,
  campaignSchema,
  campaignUpdateSchema,
  mySubmissionsQuerySchema,
  reviewInputSchema,
  standingsQuerySchema,
  standingsSchema,
  submissionListQuerySchema,
  submissionSchema,
} from './contract.ts';

/** The campaign routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const campaignApi = {
  'GET /campaigns/:slug': { query: campaignOwnerQuerySchema, response: campaignSchema },
  'PUT /campaigns/:slug': { query: campaignOwnerQuerySchema, body: campaignUpdateSchema, response: campaignSchema },
  'GET /campaigns/:slug/phases/:phase/standings': { query: standingsQuerySchema, response: standingsSchema },
  'GET /marketplace/submissions': { query: submissionListQuerySchema, response: adminSubmissionSchema.array() },
  'GET /marketplace/submissions/mine': { query: mySubmissionsQuerySchema, response: submissionSchema.array() },
  'POST /marketplace/submissions/:id/review': {
    query: campaignOwnerQuerySchema,
    body: reviewInputSchema,
    response: submissionSchema,
  },
} satisfies EndpointMap;
export type CampaignApi = typeof campaignApi;
