import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import {
  bracketGenerateSchema,
  bracketMatchSchema,
  bracketSchema,
  bracketScoreSchema,
  myMatchSchema,
  playoffCreateSchema,
  swissCloseSchema,
} from './contract.ts';

/** The bracket routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const bracketsApi = {
  'GET /tournaments/:id/bracket': { response: bracketSchema },
  'GET /tournaments/:id/bracket/mine': { response: myMatchSchema.array() },
  'POST /tournaments/:id/bracket': { body: bracketGenerateSchema, response: bracketSchema },
  'POST /tournaments/:id/bracket/matches/:matchId/report': { body: bracketScoreSchema, response: bracketMatchSchema },
  'POST /tournaments/:id/bracket/matches/:matchId/override': { body: bracketScoreSchema, response: bracketMatchSchema },
  'POST /tournaments/:id/bracket/next-round': { body: swissCloseSchema, response: bracketSchema },
  'POST /tournaments/:id/bracket/playoff': { body: playoffCreateSchema, response: bracketSchema },
} satisfies EndpointMap;
export type BracketsApi = typeof bracketsApi;
