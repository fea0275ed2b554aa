import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import {
  adminReportSchema,
  entrantSchema,
  finaliseInputSchema,
  finaliseResultSchema,
  matchCsvSchema,
  matchInputSchema,
  matchPreviewSchema,
  matchSchema,
  matchVoidSchema,
  prizesStateSchema,
  prizeTableSchema,
  reportListQuerySchema,
  reportReviewSchema,
  reportSchema,
  scoringTableSchema,
  standingsSchema,
  teamsInputSchema,
} from './contract.ts';

/** The results routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const resultsApi = {
  'GET /tournaments/:id/standings': { response: standingsSchema },
  'GET /tournaments/:id/scoring': { response: scoringTableSchema },
  'PUT /tournaments/:id/scoring': { body: scoringTableSchema, response: scoringTableSchema },
  'GET /tournaments/:id/entrants': { response: entrantSchema.array() },
  'PUT /tournaments/:id/teams': { body: teamsInputSchema, response: entrantSchema.array() },
  'POST /tournaments/:id/teams/auto': { response: entrantSchema.array() },
  'GET /tournaments/:id/matches': { response: matchSchema.array() },
  'POST /tournaments/:id/matches': { body: matchInputSchema, response: matchSchema },
  'POST /tournaments/:id/matches/preview': { body: matchCsvSchema, response: matchPreviewSchema },
  'PUT /tournaments/:id/matches/:number': { body: matchInputSchema, response: matchSchema },
  'POST /tournaments/:id/matches/:number/void': { body: matchVoidSchema, response: matchSchema },
  'GET /tournaments/:id/reports/mine': { response: reportSchema.array() },
  'GET /tournaments/:id/reports': { query: reportListQuerySchema, response: adminReportSchema.array() },
  'POST /tournaments/:id/reports/:reportId/review': { body: reportReviewSchema, response: reportSchema },
  'GET /tournaments/:id/prizes': { response: prizesStateSchema },
  'PUT /tournaments/:id/prizes': { body: prizeTableSchema, response: prizesStateSchema },
  'POST /tournaments/:id/finalise': { body: finaliseInputSchema, response: finaliseResultSchema },
} satisfies EndpointMap;
export type ResultsApi = typeof resultsApi;
