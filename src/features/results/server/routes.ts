import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import {
  entrantSchema,
  lobbiesAutoSchema,
  lobbiesInputSchema,
  lobbiesSchema,
  lobbyCodeInputSchema,
  matchCsvSchema,
  matchInputSchema,
  matchPreviewSchema,
  matchSchema,
  matchVoidSchema,
  MAX_LOBBIES,
  myLobbySchema,
  scoringTableSchema,
  standingsSchema,
  teamsInputSchema,
} from '../contract.ts';
import { tournamentIdSchema } from '../../tournaments/contract.ts';
import { envelope, errorResponses, ok } from '../../../platform/http/envelope.ts';
import { actorOf, callerOf } from '../../../platform/http/plugins/auth.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { apiCacheKey, cachedJson, sharedBody } from '../../../platform/http/response-cache.ts';
import * as ResultsService from './service.ts';
import * as LobbyService from './lobby-service.ts';

const params = z.object({ id: tournamentIdSchema });
const matchParams = z.object({ id: tournamentIdSchema, number: z.coerce.number().int().min(1).max(100_000) });
const lobbyParams = z.object({ id: tournamentIdSchema, number: z.coerce.number().int().min(1).max(MAX_LOBBIES) });

// the standings and the scoring table are the same for everyone: shared caches may keep them briefly
const cacheFor = (req: FastifyRequest, reply: FastifyReply) => cacheForViewer(req, reply, 'live');

/** Match day's results: scoring tables, teams, matches and live standings. */
export default async function resultsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const tags = ['results'];
  const adminTags = ['results (admin)'];
  const security = [{ bearer: [] }];

  app.get('/tournaments/:id/standings', {
    schema: {
      tags,
      summary: 'Standings of a battle-royale tournament: computed from the matches that count, frozen once finalised',
      params,
      response: { 200: envelope(standingsSchema), ...errorResponses(400, 404, 409) },
    },
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

  app.get('/tournaments/:id/scoring', {
    schema: {
      tags,
      summary: "The tournament's scoring table (the default preset until an admin picks one)",
      params,
      response: { 200: envelope(scoringTableSchema), ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      cacheFor(req, reply);
      return cachedJson(app, req, reply, async () => ok(await ResultsService.scoring(ctx, req.params.id)));
    },
  });

  app.put('/tournaments/:id/scoring', {
    schema: {
      tags: adminTags,
      summary: 'Set the scoring table (a preset or a custom one)',
      security,
      params,
      body: scoringTableSchema,
      response: { 200: envelope(scoringTableSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.setScoring(ctx, actorOf(req), req.params.id, req.body)),
  });

  app.get('/tournaments/:id/entrants', {
    schema: {
      tags: adminTags,
      summary: 'Who plays: the checked-in members (solo) or the teams',
      security,
      params,
      response: { 200: envelope(z.array(entrantSchema)), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.entrants(ctx, req.params.id)),
  });

  const teamsAnswer = { 200: envelope(z.array(entrantSchema)) };
  app.get('/tournaments/:id/teams', {
    schema: {
      tags: adminTags,
      summary: 'The teams of a duo, trio or squad tournament',
      security,
      params,
      response: { ...teamsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.teams(ctx, req.params.id)),
  });

  app.put('/tournaments/:id/teams', {
    schema: {
      tags: adminTags,
      summary:
        'Replace the teams (checked-in members only, one team each, at most teamSize); refused once a match has results',
      security,
      params,
      body: teamsInputSchema,
      response: { ...teamsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.setTeams(ctx, actorOf(req), req.params.id, req.body.teams)),
  });

  app.post('/tournaments/:id/teams/auto', {
    schema: {
      tags: adminTags,
      summary: 'Form teams of teamSize from the checked-in members in check-in order (the last may be short)',
      security,
      params,
      response: { ...teamsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.autoFormTeams(ctx, actorOf(req), req.params.id)),
  });

  app.get('/tournaments/:id/matches', {
    schema: {
      tags: adminTags,
      summary: 'Every match in number order, voided ones included',
      security,
      params,
      response: { 200: envelope(z.array(matchSchema)), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.matches(ctx, req.params.id)),
  });

  app.post('/tournaments/:id/matches', {
    schema: {
      tags: adminTags,
      summary:
        'Enter a match: it takes the next number; placements unique and within the lobby, entrants from the checked-in roster',
      security,
      params,
      body: matchInputSchema,
      response: { 201: envelope(matchSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) =>
      reply.code(201).send(ok(await ResultsService.createMatch(ctx, actorOf(req), req.params.id, req.body))),
  });

  app.post('/tournaments/:id/matches/preview', {
    schema: {
      tags: adminTags,
      summary:
        'Read pasted CSV (name, placement, eliminations; comma, semicolon or tab; header optional) into lines, with a code per faulty row; writes nothing',
      security,
      params,
      body: matchCsvSchema,
      response: { 200: envelope(matchPreviewSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await ResultsService.previewCsv(ctx, req.params.id, req.body.csv, req.body.lobby)),
  });

  app.put('/tournaments/:id/matches/:number', {
    schema: {
      tags: adminTags,
      summary: "Replace a match's lines",
      security,
      params: matchParams,
      body: matchInputSchema,
      response: { 200: envelope(matchSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) =>
      ok(await ResultsService.updateMatch(ctx, actorOf(req), req.params.id, req.params.number, req.body)),
  });

  app.post('/tournaments/:id/matches/:number/void', {
    schema: {
      tags: adminTags,
      summary: 'Void a match (it stops counting) or restore it',
      security,
      params: matchParams,
      body: matchVoidSchema,
      response: { 200: envelope(matchSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireAdmin,
    handler: async (req) =>
      ok(await ResultsService.voidMatch(ctx, actorOf(req), req.params.id, req.params.number, req.body.voided)),
  });
  const lobbiesAnswer = { 200: envelope(lobbiesSchema), ...errorResponses(400, 401, 403, 404, 409) };
  app.get('/tournaments/:id/lobbies', {
    schema: {
      tags: adminTags,
      summary: 'The lobbies, their entrants and keys',
      security,
      params,
      response: lobbiesAnswer,
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await LobbyService.lobbies(ctx, req.params.id)),
  });

  app.put('/tournaments/:id/lobbies', {
    schema: {
      tags: adminTags,
      summary: "Set every lobby's entrants; a lobby whose matches have results keeps its entrants",
      security,
      params,
      body: lobbiesInputSchema,
      response: lobbiesAnswer,
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await LobbyService.setLobbies(ctx, actorOf(req), req.params.id, req.body.lobbies)),
  });

  app.post('/tournaments/:id/lobbies/auto', {
    schema: {
      tags: adminTags,
      summary: 'Split the entrants into lobbies balanced by seed (by default the fewest that fit the lobby size)',
      security,
      params,
      body: lobbiesAutoSchema,
      response: lobbiesAnswer,
    },
    onRequest: app.requireAdmin,
    handler: async (req) => ok(await LobbyService.autoLobbies(ctx, actorOf(req), req.params.id, req.body.count)),
  });

  app.put('/tournaments/:id/lobbies/:number/code', {
    schema: {
      tags: adminTags,
      summary: "Post (or clear) a lobby's custom-match key and when its players see it",
      security,
      params: lobbyParams,
      body: lobbyCodeInputSchema,
      response: lobbiesAnswer,
    },
    onRequest: app.requireAdmin,
    handler: async (req) =>
      ok(await LobbyService.setCode(ctx, actorOf(req), req.params.id, req.params.number, req.body)),
  });

  // personal: the answer names the caller's lobby and may hold its key, so no shared cache keeps it
  app.get('/tournaments/:id/lobbies/mine', {
    schema: {
      tags,
      summary: "The caller's lobby, its matches and (once its time has come) its key",
      security,
      params,
      response: { 200: envelope(myLobbySchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireUser,
    handler: async (req) => ok(await LobbyService.mine(ctx, callerOf(req).id, req.params.id)),
  });
}
