import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceContext } from '../../../platform/context.ts';
import { z } from 'zod';
import { idSchema } from '../../../platform/schemas.ts';
import {
  entryTeamParamsSchema,
  ROSTER_CANDIDATES_MAX,
  rosterParamsSchema,
  tournamentSchema,
  tournamentIdSchema,
  type Tournament,
} from '../contract.ts';
import { envelope, errorResponses, ok, okList, okWithBadges } from '../../../platform/http/envelope.ts';
import { actorOf, assertSelfOrAdmin } from '../../../platform/http/plugins/auth.ts';
import * as CompetitionService from './competition-service.ts';
import * as TournamentService from './service.ts';
import * as TeamService from './team-service.ts';
import { fileNameOf } from '../tournament-view.ts';
import { cacheForViewer, cachePublic } from '../../../platform/http/response-headers.ts';
import { apiCacheKey, cachedJson, sharedBody, sharedDerived } from '../../../platform/http/response-cache.ts';
import { localizeContent } from '../../../platform/i18n/content-translations.ts';
import { locales } from '../../../platform/i18n/i18n.ts';
import { requestLocale } from '../../../platform/http/content-locale.ts';
import { ownerOf } from '../../../platform/owner.ts';
import { adminWrites } from '../../../platform/http/admin-writes.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { tournamentsApi } from '../endpoints.ts';
import { sendCsv, type CsvColumn } from '../../../platform/http/csv.ts';
import { clientAddressKey } from '../../../platform/http/rate-limit-store.ts';
import { accountLimit } from '../../../platform/http/plugins/account-limit.ts';
import {
  between,
  cutAtMarkers,
  fillMarkers,
  SharedHeadAnswers,
  withOwnPart,
} from '../../../platform/http/personalised-json.ts';

// Ids are generated UUIDs; anything else (a NUL byte breaks a PostgreSQL query) is refused up front.
const id = idSchema;
const idParams = z.object({ id });
/** `/tournaments/:id…`: a malformed id is its own 400 code (the page shows the invalid-id message). */
const tournamentParams = z.object({ id: tournamentIdSchema });
const tournamentResult = envelope(tournamentSchema);

// keyed by the read's member array; whole answers kept per read: the `me` of a check-in is the same for
// every member (a waitlisted caller's differs by place). The envelope and the schema put `me` last.
const noMe = ',"me":null}}';
const tournamentAnswers = new SharedHeadAnswers<readonly string[]>(noMe, 4);
const { me: meSchema } = tournamentSchema.shape;
const ownMe = (me: Tournament['me']) => `,"me":${JSON.stringify(meSchema.parse(me))}}}`;
/**
 * The answer of a check-in. The check-ins of a rush share one read of the registrations, and then
 * their answers differ only in `me` while each carries every member id twice (4,000 ids for 2,000
 * players): validating and serialising that for every caller was a third of the server's CPU in
 * the rush. The shared part is validated and serialised once per read (its arrays are the same
 * objects, see rosterOf in the tournament service) and each answer appends its own `me`, which
 * the schema puts last, so the bytes are those the route's serializer would write.
 */
function sendTournament(reply: FastifyReply, tournament: Tournament) {
  const { me, members, confirmedMembers: _confirmedMembers, ...fields } = tournament;
  const body = tournamentAnswers.body(
    members,
    JSON.stringify(fields),
    () => JSON.stringify(tournamentResult.parse(ok({ ...tournament, me: null }))),
    ownMe(me),
  );
  // (never seen: the envelope and the schema end with `me`) the route's own serializer instead
  return body ? reply.type('application/json; charset=utf-8').send(body) : reply.send(ok(tournament));
}

/**
 * A public list answer (every `me` null) cut where each item's `me` goes, for a player's list
 * (GET /tournaments with a token): `parts[i]` is what comes before item i's `me`, the last part
 * what follows the last item. Null when the body does not end each item with `me` (never seen:
 * the schema puts it last); the route then builds the player's answer whole.
 */
interface MeSlots {
  ids: string[];
  parts: string[];
}
// Inside a JSON string every quote is escaped, so this can only be the end of an item.
const itemMeNull = ',"me":null}';
function meSlots(body: string): MeSlots | null {
  const ids = (JSON.parse(body) as { data: { id: string }[] }).data.map((t) => t.id);
  const parts = cutAtMarkers(body, itemMeNull, ids.length);
  return parts && { ids, parts };
}
const notRegisteredMe = JSON.stringify(meSchema.parse(TournamentService.notRegisteredMe));

/**
 * A player's page of the public list, serialised: the items from the micro-cache, shared with
 * anonymous visitors (at most RESPONSE_CACHE_MS old, emptied by any write through this process, as
 * for the single tournament), and the player's own `me` in each from one fresh query. The bytes are
 * those the route would write for the whole answer built for this player.
 */
async function listWithMe(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  build: () => Promise<unknown>,
): Promise<string | null> {
  const slots = await sharedDerived(
    app,
    apiCacheKey(req),
    async () => reply.serialize(localizeContent(await build(), requestLocale(req))) as string,
    meSlots,
  );
  if (!slots) return null;
  const mine = await TournamentService.standingsIn(app, slots.ids, userId);
  return fillMarkers(
    slots.parts,
    slots.ids.map((id) => `,"me":${meJson(mine.get(id))}}`),
  );
}

/**
 * A player's own list (`?members=` their id, the "my tournaments" page): the page's ids, the total
 * and the player's standing in each from the database, fresh; each item's public part from the
 * micro-cache, kept per tournament and language, so every player of a tournament shares it. The
 * pieces are cut from what the route's own serializer writes (a one-item list, an empty list), so
 * the bytes are those of the whole answer built for this player.
 */
async function ownListWithMe(
  app: FastifyInstance,
  req: FastifyRequest & { query: TournamentService.ListQuery },
  reply: FastifyReply,
  userId: string,
): Promise<string | null> {
  const locale = requestLocale(req);
  const { ids, total, mine } = await TournamentService.ownPage(app, req.query, userId);
  const heads = await Promise.all(
    ids.map((id) =>
      sharedDerived(
        app,
        `api:tournament-item|${id}|${locale}`,
        async () => {
          // gone since the ids were read: an empty list, which the route then builds whole
          const item = await TournamentService.publicItem(app, id);
          return reply.serialize(localizeContent(okList(item ? [item] : [], 1), locale)) as string;
        },
        itemHead,
      ),
    ),
  );
  const [open, close] = (reply.serialize(okList([], total)) as string).split('[]');
  if (heads.some((h) => h === null) || close === undefined) return null;
  const items = heads.map((head, i) => `${head},"me":${meJson(mine.get(ids[i]!))}}`);
  return `${open}[${items.join(',')}]${close}`;
}
/** The item of a one-item list answer, without its closing `,"me":null}`; null for any other answer. */
const oneItemOpen = '{"status":"SUCCESS","data":[';
const oneItemClose = `${itemMeNull}],"total":1}`;
const itemHead = (body: string) => between(body, oneItemOpen, oneItemClose);
const meJson = (me: Tournament['me'] | undefined) => (me ? JSON.stringify(meSchema.parse(me)) : notRegisteredMe);

// Public reads may sit in a shared cache for a few seconds; an answer to a request with a token
// carries the caller's own standing (`me`) and must not (src/platform/http-cache-policy.ts).
const cacheFor = (req: FastifyRequest, reply: FastifyReply) => cacheForViewer(req, reply, 'live');

/** The player a registration call acts for: `?userID=` (own, or anyone's for an admin), else the caller. */
/** The roster export's columns, in the order the admins asked for. */
const rosterColumns: CsvColumn<TournamentService.RosterLine>[] = [
  { header: 'username', value: (r) => r.username },
  { header: 'email', value: (r) => r.email },
  { header: 'gameAccount', value: (r) => r.gameAccount },
  { header: 'platform', value: (r) => r.platform },
  { header: 'gameAccountId', value: (r) => r.gameAccountId },
  { header: 'epicId', value: (r) => r.epicId },
  { header: 'discordId', value: (r) => r.discordId },
  { header: 'state', value: (r) => r.state },
  { header: 'checkedIn', value: (r) => r.checkedIn },
  { header: 'team', value: (r) => r.team },
];

function targetUser(req: FastifyRequest & { query: { userID?: string } }): string {
  const userId = req.query.userID ?? req.user!.id;
  assertSelfOrAdmin(req, userId);
  return userId;
}

/**
 * What the composition root hands the tournaments' routes: the links to the features above (competition-service.ts).
 */
export interface TournamentRoutesOptions {
  competitionLinks: CompetitionService.CompetitionLinks;
}

export default async function tournamentRoutes(root: FastifyInstance, options: TournamentRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const links = options.competitionLinks;
  const tags = ['tournaments'];
  const adminTags = ['tournaments (admin)'];
  const security = [{ bearer: [] }];
  const route = declaredRoutes(root, tournamentsApi, tags);
  const adminRoute = declaredRoutes(root, tournamentsApi, adminTags);
  // Guessing a private tournament's password: counted per address (an IPv6 client by its /64) and
  // tournament, only for joins that carry a password (a public join, or a member's own retry
  // without one, is never slowed).
  // A preHandler, so the body is parsed when the counter decides.
  const passwordLimit = {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) =>
      `${clientAddressKey(req)}|join|${String((req.params as { id?: string } | undefined)?.id ?? '')}`,
    allowList: (req: FastifyRequest) => !(req.body as { password?: unknown } | undefined)?.password,
  };
  // A team's registration and an invite mail the players they name, any player of the brand: counted
  // per captain, so registering and leaving again cannot mail someone without end.
  const teamInvites = accountLimit(root, { name: 'team-invite', max: 10, timeWindow: '1 hour' });

  // -------------------------------------------------------------------------------------------
  // competitions (static paths first in the file for readability; the router prefers them anyway)

  route('GET /tournaments/competitions', {
    summary: 'Competitions of the brand, with both faction leaderboards',
    answer: 'list',
    errors: [400, 404],
    shared: 'live',
    handler: async (req) => {
      const data = await CompetitionService.list(ctx, links, ownerOf(app, req.query.owner));
      return okList(data, data.length);
    },
  });

  route('GET /tournaments/competitions/:id', {
    summary: 'One competition with its two factions, players by score then name',
    params: idParams,
    errors: [400, 404],
    shared: 'live',
    handler: async (req) => ok(await CompetitionService.get(ctx, links, req.params.id)),
  });

  route('POST /tournaments/competitions/:id/team', {
    summary:
      'Pick a faction: moves only the caller, keeping their score; needs a registration in one of its tournaments',
    auth: 'user',
    authAt: 'preHandler',
    params: idParams,
    answer: 'badges',
    errors: [400, 401, 404, 409],
    handler: async (req) => {
      const chosen = await CompetitionService.chooseTeam(ctx, links, req.params.id, req.user!.id, req.body.team);
      return okWithBadges(chosen.competition, chosen.badges);
    },
  });

  adminWrites(root, tournamentsApi, {
    path: '/tournaments/competitions',
    tags: adminTags,
    create: {
      summary: 'Create a competition',
      run: ({ actor, body }) => CompetitionService.create(ctx, links, actor, body),
    },
    edit: {
      summary: 'Update a competition; fields left out stay as they are',
      run: ({ actor, id, body }) => CompetitionService.update(ctx, links, actor, id, body),
    },
    remove: {
      summary: 'Delete a competition and its faction leaderboard; its tournaments stay, without a competition',
      run: ({ actor, id }) => CompetitionService.remove(ctx, links, actor, id),
    },
  });

  adminRoute('GET /tournaments/competition/:id/scores', {
    summary: "How each faction score is made: points from the championship's tournaments plus the admin's adjustment",
    auth: 'admin',
    authAt: 'preHandler',
    params: idParams,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await CompetitionService.scoreBreakdown(ctx, links, req.params.id)),
  });

  adminRoute('PUT /tournaments/competition/:id', {
    summary:
      'Replace both factions and all scores (players must be existing accounts); ' +
      "stored as each player's adjustment on top of the results' points",
    auth: 'admin',
    authAt: 'preHandler',
    params: idParams,
    errors: [400, 401, 403, 404],
    handler: async (req) => {
      const after = await CompetitionService.replaceTeams(ctx, links, actorOf(req), req.params.id, req.body);
      return ok(after);
    },
  });

  // -------------------------------------------------------------------------------------------
  // tournaments: public reads

  route('GET /tournaments', {
    summary: 'Tournaments: upcoming and running by start, then ended ones newest first',
    answer: 'list',
    errors: [400, 401, 403],
    handler: async (req, reply) => {
      if (req.query.members) {
        await app.requireUser(req);
        assertSelfOrAdmin(req, req.query.members);
      }
      // the archived ones are listed for the dashboard only
      if (req.query.archived) await app.requireAdmin(req);
      cacheFor(req, reply);
      const build = async (viewerId: string | null) => {
        const { data, total } = await TournamentService.list(ctx, req.query, viewerId);
        return okList(data, total);
      };
      // "only mine" for a player: their page's ids and standings fresh, the items from the cache
      if (req.user && !req.user.isAdmin && req.query.members === req.user.id) {
        const body = await ownListWithMe(app, req, reply, req.user.id);
        if (body !== null) return reply.type('application/json; charset=utf-8').send(body as never);
      }
      // a player's own page of the shared list; an admin (about to edit) reads everything fresh
      if (req.user && !req.user.isAdmin && !req.query.members) {
        // (a reply is a thenable: the body is sent here, not returned from an async helper)
        const body = await listWithMe(app, req, reply, req.user.id, () => build(null));
        if (body !== null) return reply.type('application/json; charset=utf-8').send(body as never);
      }
      return cachedJson(app, req, reply, () => build(req.user?.id ?? null));
    },
  });

  route('GET /tournaments/:id', {
    summary: "One tournament; `me` is the caller's standing when a valid token came",
    params: tournamentParams,
    errors: [400, 404],
    handler: async (req, reply) => {
      cacheFor(req, reply);
      const { id } = req.params;
      if (!req.user) return cachedJson(app, req, reply, async () => ok(await TournamentService.get(ctx, id, null)));
      // an admin about to edit reads everything fresh
      if (req.user.isAdmin) return ok(await TournamentService.get(ctx, id, req.user.id));
      // A player gets the public answer plus their own `me`. When check-in opens every player's
      // page asks at once; the public part (every registration) then comes from the micro-cache,
      // at most RESPONSE_CACHE_MS old and emptied by any write through this process, and only
      // `me` is read for each caller, fresh.
      const [base, me] = await Promise.all([
        sharedBody(
          app,
          apiCacheKey(req),
          async () =>
            reply.serialize(
              localizeContent(ok(await TournamentService.get(ctx, id, null)), requestLocale(req)),
            ) as string,
        ),
        TournamentService.standingOf(ctx, id, req.user.id),
      ]);
      const body = withOwnPart(base, noMe, ownMe(me));
      if (!body) return ok(await TournamentService.get(ctx, id, req.user.id));
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  app.get('/tournaments/:id/calendar.ics', {
    schema: {
      tags,
      summary: "The tournament as an iCalendar event (text/calendar), in the page's language (else Accept-Language)",
      params: tournamentParams,
      querystring: z.object({ lang: z.enum(locales).optional() }),
      response: { 200: z.string().describe('text/calendar'), ...errorResponses(400, 404, 409) },
    },
    handler: async (req, reply) => {
      const { ics, filename } = await TournamentService.calendar(
        ctx,
        req.params.id,
        req.query.lang ?? requestLocale(req),
      );
      cachePublic(reply, 'calendar');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(ics);
    },
  });

  // -------------------------------------------------------------------------------------------
  // tournaments: players (each check after the input is read)

  /** A player's call: the token is checked once the input is validated. */
  const player = { auth: 'user', authAt: 'preHandler' } as const;

  route('POST /tournaments/:id/register', {
    summary: 'Join while registration is open; a full tournament puts the player on the waitlist',
    ...player,
    params: tournamentParams,
    answer: 'badges',
    errors: [400, 401, 403, 404, 409, 429],
    config: { rateLimit: passwordLimit },
    handler: async (req) => {
      const userId = targetUser(req);
      assertSelfOrAdmin(req, req.body.gameAccounts[0].userId);
      if (req.body.teamName !== undefined) await teamInvites(req);
      const { badges, ...joined } = await TeamService.join(ctx, req.params.id, userId, req.user!.id, req.body);
      return okWithBadges(joined, badges);
    },
  });

  route('PUT /tournaments/:id/register', {
    summary: 'Leave (member or waitlist) while registration is open; the first waitlisted player moves up',
    ...player,
    params: tournamentParams,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) => ok(await TeamService.leaveTournament(ctx, req.params.id, targetUser(req), req.user!.id)),
  });

  // -------------------------------------------------------------------------------------------
  // tournaments: teams captains register (the register route above, with `teamName`)

  route('GET /tournaments/:id/entry-teams', {
    summary: "The teams captains registered, whole, waiting for a slot or pending, with each member's state",
    params: tournamentParams,
    errors: [400, 404],
    handler: async (req) => ok(await TeamService.teams(ctx, req.params.id)),
  });

  const teamCall = { ...player, params: entryTeamParamsSchema, errors: [400, 401, 403, 404, 409] } as const;
  route('POST /tournaments/:id/entry-teams/:teamId/accept', {
    summary: 'An invited player joins the team; the last one makes it whole: it takes a slot, or waits for one',
    ...teamCall,
    answer: 'badges',
    handler: async (req) => {
      const { id, teamId } = req.params;
      const { team, badges } = await TeamService.accept(ctx, id, teamId, req.user!.id, req.body.gameAccount);
      return okWithBadges(team, badges);
    },
  });
  route('POST /tournaments/:id/entry-teams/:teamId/decline', {
    summary: 'An invited player declines; the team stays pending',
    ...teamCall,
    handler: async (req) => ok(await TeamService.decline(ctx, req.params.id, req.params.teamId, req.user!.id)),
  });
  route('POST /tournaments/:id/entry-teams/:teamId/invite', {
    summary: 'The captain invites a player (by id, or by username with userId "") to a team missing one',
    ...teamCall,
    errors: [...teamCall.errors, 429],
    handler: async (req) => {
      await teamInvites(req);
      return ok(await TeamService.invite(ctx, req.params.id, req.params.teamId, req.user!.id, req.body));
    },
  });
  route('GET /teams/mine', {
    summary: "The caller's earlier whole teams (name and members), to register the same team again",
    ...player,
    errors: [401],
    handler: async (req) => ok(await TeamService.mine(ctx, req.user!.id)),
  });
  route('GET /teams/mine/open', {
    summary: "The caller's teams with no seat yet: invitations to answer, and teams still waiting for their members",
    ...player,
    errors: [401],
    handler: async (req) => ok(await TeamService.open(ctx, req.user!.id)),
  });

  route('POST /tournaments/:id/register/checkin', {
    summary: "Check in (members, while check-in is open) with the player's real game account",
    ...player,
    params: tournamentParams,
    answer: 'badges',
    errors: [400, 401, 403, 404, 409],
    handler: async (req, reply) => {
      const userId = targetUser(req);
      assertSelfOrAdmin(req, req.body.gameAccounts[0].userId);
      const { tournament, badges } = await TournamentService.setCheckIn(
        ctx,
        req.params.id,
        userId,
        req.user!.id,
        true,
        req.body,
      );
      // the shared-buffer answer has no room for badges: a check-in that earned one is serialised whole
      return badges.length ? reply.send(okWithBadges(tournament, badges)) : sendTournament(reply, tournament);
    },
  });

  route('PUT /tournaments/:id/register/checkin', {
    summary: 'Check out (members, while check-in is open)',
    ...player,
    params: tournamentParams,
    errors: [400, 401, 403, 404, 409],
    handler: async (req, reply) =>
      sendTournament(
        reply,
        (await TournamentService.setCheckIn(ctx, req.params.id, targetUser(req), req.user!.id, false)).tournament,
      ),
  });

  // -------------------------------------------------------------------------------------------
  // tournaments: admin

  adminWrites(root, tournamentsApi, {
    path: '/tournaments',
    tags: adminTags,
    // a malformed id is its own 400 code (the page shows the invalid-id message)
    id: tournamentIdSchema,
    create: {
      summary: 'Create a tournament (a private one needs a password)',
      run: ({ actor, body }) => TournamentService.create(ctx, actor, body),
    },
    edit: {
      summary: 'Update a tournament; fields left out stay; status null follows the schedule',
      also: [409],
      run: ({ actor, id, body }) => TournamentService.update(ctx, actor, id, body),
    },
    remove: {
      summary:
        'Delete a tournament without results and its registrations; every registered player (waitlist included) ' +
        'is e-mailed that it is cancelled; one with results is 409 TOURNAMENT_HAS_RESULTS (archive it)',
      also: [409],
      run: ({ actor, id }) => TournamentService.remove(ctx, actor, id),
    },
  });

  /** An admin's call on one tournament. */
  const onTournament = { auth: 'admin', params: tournamentParams, errors: [400, 401, 403, 404] } as const;

  adminRoute('PUT /tournaments/:id/archive', {
    summary:
      'Archive a tournament (out of the public lists, its page and results kept) ' +
      'or bring it back; how one with results is put away',
    ...onTournament,
    handler: async (req) =>
      ok(await TournamentService.setArchived(ctx, actorOf(req), req.params.id, req.body.archived)),
  });

  adminRoute('GET /tournaments/:id/removal', {
    summary:
      'Whether the tournament has results (matches, a bracket, final standings): then it is archived, not deleted',
    ...onTournament,
    handler: async (req) => ok(await TournamentService.removalOf(ctx, req.params.id)),
  });

  adminRoute('GET /tournaments/:id/registrations', {
    summary: 'Members (with check-in state and game account) and the waitlist in order',
    ...onTournament,
    authAt: 'preHandler',
    handler: async (req) => ok(await TournamentService.registrations(ctx, req.params.id)),
  });

  app.get('/tournaments/:id/registrations.csv', {
    schema: {
      tags: adminTags,
      summary:
        'The roster as CSV: username, email, gameAccount (in-game name), platform, gameAccountId, epicId, discordId, ' +
        'state (member, waitlist, disqualified), checkedIn, team (empty for a solo entry)',
      security,
      params: tournamentParams,
      response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireAdmin,
    handler: async (req, reply) => {
      const { name, lines } = await TournamentService.rosterLines(ctx, req.params.id);
      // named by the tournament, as its calendar event is
      return sendCsv(reply, `roster-${fileNameOf(name)}`, rosterColumns, lines);
    },
  });

  // the match-day roster: each call answers the roster as it now is
  adminRoute('GET /tournaments/:id/registrations/candidates', {
    summary:
      `Site users whose username contains the search, ` +
      `not registered in this tournament (at most ${ROSTER_CANDIDATES_MAX})`,
    ...onTournament,
    handler: async (req) => ok(await TournamentService.rosterCandidates(ctx, req.params.id, req.query.search)),
  });

  adminRoute('POST /tournaments/:id/registrations', {
    summary:
      'Add a registered site user with their saved game account: ' +
      'a member, or the waitlist when full; until the tournament ends',
    ...onTournament,
    errors: [400, 401, 403, 404, 409],
    handler: async (req) => ok(await TournamentService.addPlayer(ctx, actorOf(req), req.params.id, req.body.userId)),
  });

  /** An admin's change to one player of the roster: the roster as it now is, 409 when the change does not apply. */
  const onPlayer = { auth: 'admin', params: rosterParamsSchema, errors: [400, 401, 403, 404, 409] } as const;

  adminRoute('POST /tournaments/:id/registrations/:userId/remove', {
    summary:
      'Remove a player (member, waitlisted or disqualified) with a reason, ' +
      'e-mailed to them; while registration is open the seat goes to the first in line',
    ...onPlayer,
    handler: async (req) =>
      ok(await TournamentService.removePlayer(ctx, actorOf(req), req.params.id, req.params.userId, req.body.reason)),
  });

  adminRoute('POST /tournaments/:id/registrations/:userId/disqualify', {
    summary:
      'Disqualify a member or waitlisted player with a reason, ' +
      'e-mailed to them: they can no longer check in or join this' +
      ' tournament again, and in a bracket every match of theirs without a result is a forfeit' +
      " (a team's once none of its players is left); 409 TOURNAMENT_FINALIZED once the results are final",
    ...onPlayer,
    handler: async (req) =>
      ok(
        await TournamentService.disqualifyPlayer(ctx, actorOf(req), req.params.id, req.params.userId, req.body.reason),
      ),
  });

  adminRoute('PUT /tournaments/:id/registrations/:userId/checkin', {
    summary:
      'Check a member in or out on their behalf (at any time until the tournament ends), ' +
      'with the game account they registered with',
    ...onPlayer,
    handler: async (req) => {
      const { id, userId } = req.params;
      return ok(await TournamentService.checkInFor(ctx, actorOf(req), id, userId, req.body.confirmed));
    },
  });

  adminRoute('POST /tournaments/:id/registrations/:userId/promote', {
    summary: 'Give a free seat to this waitlisted player (409 TOURNAMENT_FULL when there is none); they are e-mailed',
    ...onPlayer,
    handler: async (req) =>
      ok(await TournamentService.promotePlayer(ctx, actorOf(req), req.params.id, req.params.userId)),
  });

  adminRoute('PUT /tournaments/:id/registrations/:userId/position', {
    summary: 'Move a waitlisted player to another place in the queue (1 is next in line; beyond the end means last)',
    ...onPlayer,
    handler: async (req) =>
      ok(
        await TournamentService.moveInWaitlist(ctx, actorOf(req), req.params.id, req.params.userId, req.body.position),
      ),
  });

  adminRoute('POST /tournaments/:id/broadcast', {
    summary: 'E-mail every member (and the waitlist if asked), each in their own language',
    ...onTournament,
    authAt: 'preHandler',
    handler: async (req) => {
      const result = await TournamentService.broadcast(ctx, actorOf(req), req.params.id, req.body);
      return ok(result);
    },
  });
}
