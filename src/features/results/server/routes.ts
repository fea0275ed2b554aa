import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { MAX_LOBBIES } from '../contract.ts';
import { tournamentIdSchema } from '../../tournaments/contract.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf, callerOf } from '../../../platform/http/plugins/auth.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { apiCacheKey, sharedBody } from '../../../platform/http/response-cache.ts';
import * as ResultsService from './service.ts';
import * as LobbyService from './lobby-service.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { resultsApi } from '../endpoints.ts';

const params = z.object({ id: tournamentIdSchema });
const matchParams = z.object({ id: tournamentIdSchema, number: z.coerce.number().int().min(1).max(100_000) });
const lobbyParams = z.object({ id: tournamentIdSchema, number: z.coerce.number().int().min(1).max(MAX_LOBBIES) });

// the standings and the scoring table are the same for everyone: shared caches may keep them briefly
const cacheFor = (req: FastifyRequest, reply: FastifyReply) => cacheForViewer(req, reply, 'live');

/** Match day's results: scoring tables, teams, matches and live standings. */
export default async function resultsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const route = declaredRoutes(root, resultsApi, ['results']);
  const adminRoute = declaredRoutes(root, resultsApi, ['results (admin)']);

  route('GET /tournaments/:id/standings', {
    summary: 'Standings of a battle-royale tournament: computed from the matches that count, frozen once finalised',
    params,
    errors: [400, 404, 409],
    handler: async (req, reply) => {
      cacheFor(req, reply);
      // The same answer for every caller, players polling with a token included: one build per
      // RESPONSE_CACHE_MS, emptied by any results write here and by an admin's save elsewhere.
      const body = await sharedBody(
        app,
        apiCacheKey(req),
        async () => reply.serialize(ok(await ResultsService.standings(ctx, req.params.id))) as string,
      );
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  route('GET /tournaments/:id/scoring', {
    summary: "The tournament's scoring table (the default preset until an admin picks one)",
    params,
    errors: [400, 404, 409],
    shared: 'live',
    handler: async (req) => ok(await ResultsService.scoring(ctx, req.params.id)),
  });

  /** An admin's call on one tournament's match day; 409 when the tournament is not in a state for it. */
  const admin = { auth: 'admin', params, errors: [400, 401, 403, 404, 409] } as const;

  adminRoute('PUT /tournaments/:id/scoring', {
    summary: 'Set the scoring table (a preset or a custom one)',
    ...admin,
    handler: async (req) => ok(await ResultsService.setScoring(ctx, actorOf(req), req.params.id, req.body)),
  });

  adminRoute('GET /tournaments/:id/entrants', {
    summary: 'Who plays: the checked-in members (solo) or the teams',
    ...admin,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await ResultsService.entrants(ctx, req.params.id)),
  });

  adminRoute('GET /tournaments/:id/teams', {
    summary: 'The teams of a duo, trio or squad tournament',
    ...admin,
    handler: async (req) => ok(await ResultsService.teams(ctx, req.params.id)),
  });

  adminRoute('PUT /tournaments/:id/teams', {
    summary:
      'Replace the teams (checked-in members only, one team each, at most teamSize); refused once a match has results',
    ...admin,
    handler: async (req) => ok(await ResultsService.setTeams(ctx, actorOf(req), req.params.id, req.body.teams)),
  });

  adminRoute('POST /tournaments/:id/teams/auto', {
    summary: 'Form teams of teamSize from the checked-in members in check-in order (the last may be short)',
    ...admin,
    handler: async (req) => ok(await ResultsService.autoFormTeams(ctx, actorOf(req), req.params.id)),
  });

  adminRoute('GET /tournaments/:id/matches', {
    summary: 'Every match in number order, voided ones included',
    ...admin,
    handler: async (req) => ok(await ResultsService.matches(ctx, req.params.id)),
  });

  adminRoute('POST /tournaments/:id/matches', {
    summary:
      'Enter a match: it takes the next number; placements unique ' +
      'and within the lobby, entrants from the checked-in roster',
    ...admin,
    success: [201],
    handler: async (req, reply) =>
      reply.code(201).send(ok(await ResultsService.createMatch(ctx, actorOf(req), req.params.id, req.body))),
  });

  adminRoute('POST /tournaments/:id/matches/preview', {
    summary:
      'Read pasted CSV (name, placement, eliminations; comma, semicolon or tab; header optional) ' +
      'into lines, with a code per faulty row; writes nothing',
    ...admin,
    handler: async (req) => ok(await ResultsService.previewCsv(ctx, req.params.id, req.body.csv, req.body.lobby)),
  });

  adminRoute('PUT /tournaments/:id/matches/:number', {
    summary: "Replace a match's lines",
    ...admin,
    params: matchParams,
    handler: async (req) =>
      ok(await ResultsService.updateMatch(ctx, actorOf(req), req.params.id, req.params.number, req.body)),
  });

  adminRoute('POST /tournaments/:id/matches/:number/void', {
    summary: 'Void a match (it stops counting) or restore it',
    ...admin,
    params: matchParams,
    handler: async (req) =>
      ok(await ResultsService.voidMatch(ctx, actorOf(req), req.params.id, req.params.number, req.body.voided)),
  });

  adminRoute('GET /tournaments/:id/lobbies', {
    summary: 'The lobbies, their entrants and keys',
    ...admin,
    handler: async (req) => ok(await LobbyService.lobbies(ctx, req.params.id)),
  });

  adminRoute('PUT /tournaments/:id/lobbies', {
    summary: "Set every lobby's entrants; a lobby whose matches have results keeps its entrants",
    ...admin,
    handler: async (req) => ok(await LobbyService.setLobbies(ctx, actorOf(req), req.params.id, req.body.lobbies)),
  });

  adminRoute('POST /tournaments/:id/lobbies/auto', {
    summary: 'Split the entrants into lobbies balanced by seed (by default the fewest that fit the lobby size)',
    ...admin,
    handler: async (req) => ok(await LobbyService.autoLobbies(ctx, actorOf(req), req.params.id, req.body.count)),
  });

  adminRoute('PUT /tournaments/:id/lobbies/:number/code', {
    summary: "Post (or clear) a lobby's custom-match key and when its players see it",
    ...admin,
    params: lobbyParams,
    handler: async (req) =>
      ok(await LobbyService.setCode(ctx, actorOf(req), req.params.id, req.params.number, req.body)),
  });

  // personal: the answer names the caller's lobby and may hold its key, so no shared cache keeps it
  route('GET /tournaments/:id/lobbies/mine', {
    summary: "The caller's lobby, its matches and (once its time has come) its key",
    auth: 'user',
    params,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) => ok(await LobbyService.mine(ctx, callerOf(req).id, req.params.id)),
  });
}
