import { z } from 'zod';
import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { myStandingSchema, myStandingsQuerySchema, playerProfileSchema, playerQuerySchema } from './contract.ts';

/** The players' routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const playersApi = {
  'GET /players/me/tournaments': { query: myStandingsQuerySchema, response: z.array(myStandingSchema) },
  'GET /players/:username': { query: playerQuerySchema, response: playerProfileSchema },
} satisfies EndpointMap;
export type PlayersApi = typeof playersApi;
