import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { isUniqueViolation } from '../../../platform/db/database.ts';
import { audited, type Actor } from '../../audit/server/service.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import type { Entrant, Lobbies, MyLobby } from '../contract.ts';
import { dealLobbies, lobbiesNeeded } from '../lobby-rules.ts';
import * as LobbyRepository from './lobby-repository.ts';
import * as ResultsRepository from './repository.ts';
import { entrantOf, entrants, inLobby, lobbyPlan, scoring } from './service.ts';

/**
 * A battle royale's lobbies: the organiser splits the checked-in entrants when one lobby cannot hold
 * them, and posts each lobby's custom-match key for its players alone. Writes lock the tournament's
 * row first, as every results write.
 */

const lobbiesLocked = () =>
  new AppError('conflict', 'LOBBIES_LOCKED', 'A lobby whose matches have results cannot change its entrants');

/** How many lines each lobby's matches hold, by lobby. */
async function linesByLobby(ctx: ServiceContext, id: string): Promise<Map<number, number>> {
  const { matches, lines } = await ResultsRepository.matchesOf(ctx.db.kysely, id);
  const lobbyOfMatch = new Map(matches.map((m) => [m.id, Number(m.lobby)]));
  const withLines = new Map<number, Set<string>>();
  for (const l of lines) {
    const lobby = lobbyOfMatch.get(l.match_id)!;
    withLines.set(lobby, (withLines.get(lobby) ?? new Set()).add(l.match_id));
  }
  return new Map([...withLines].map(([lobby, set]) => [lobby, set.size]));
}

/** GET /tournaments/{id}/lobbies (admin). */
export async function lobbies(ctx: ServiceContext, id: string): Promise<Lobbies> {
  const table = await scoring(ctx, id);
  const [all, plan, { lobbies: rows }, played] = await Promise.all([
    entrants(ctx, id),
    lobbyPlan(ctx, id),
    LobbyRepository.lobbiesOf(ctx.db.kysely, id),
    linesByLobby(ctx, id),
  ]);
  const row = (n: number) => rows.find((r) => r.number === n);
  return {
    lobbies: Array.from({ length: plan.count }, (_, i) => ({
      number: i + 1,
      entrants: inLobby(all, plan, i + 1),
      code: row(i + 1)?.code ?? null,
      codeVisibleFrom: row(i + 1)?.code_visible_from ?? null,
      matchesWithResults: played.get(i + 1) ?? 0,
    })),
    unassigned: all.filter((e) => plan.of(e.id) === null),
    lobbySize: table.lobbySize,
    needed: lobbiesNeeded(all.length, table.lobbySize),
  };
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Stores the lobbies (entrant ids, lobby 1 first). A lobby whose matches have lines keeps its
 * entrants exactly (409 LOBBIES_LOCKED otherwise): a line scores an entrant of its lobby, and
 * moving anyone in or out would rewrite that lobby's results. Other lobbies may change freely.
 */
async function store(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  action: 'lobby.update' | 'lobby.auto',
  build: (all: Entrant[], lobbySize: number) => string[][],
): Promise<Lobbies> {
  try {
    return await audited(ctx, actor, async (tx, audit) => {
      await scoring(tx, id);
      await TournamentService.lockOpenForResults(tx, id);
      // the lobby size under the lock: a scoring table saved just before is the one the lobbies must fit
      const table = await scoring(tx, id);
      const before = await lobbies(tx, id);
      const all = await entrants(tx, id);
      const input = build(all, table.lobbySize);
      const playing = new Set(all.map((e) => e.id));
      const seen = new Set<string>();
      input.forEach((ids, i) => {
        const at = (j: number, code: 'ENTRANT_NOT_CHECKED_IN' | 'ENTRANT_IN_TWO_LOBBIES') => [
          { path: `body.lobbies.${i}.${j}`, message: code },
        ];
        if (ids.length > table.lobbySize)
          throw new AppError('invalid', 'LOBBY_TOO_LARGE', `A lobby holds at most ${table.lobbySize}`, undefined, [
            { path: `body.lobbies.${i}`, message: 'LOBBY_TOO_LARGE' },
          ]);
        ids.forEach((e, j) => {
          if (!playing.has(e))
            throw new AppError(
              'invalid',
              'ENTRANT_NOT_CHECKED_IN',
              'Only checked-in entrants play',
              undefined,
              at(j, 'ENTRANT_NOT_CHECKED_IN'),
            );
          if (seen.has(e))
            throw new AppError(
              'invalid',
              'ENTRANT_IN_TWO_LOBBIES',
              'An entrant is in two lobbies',
              undefined,
              at(j, 'ENTRANT_IN_TWO_LOBBIES'),
            );
          seen.add(e);
        });
      });
      const played = await linesByLobby(tx, id);
      for (const [lobby, count] of played) {
        const was = before.lobbies[lobby - 1]?.entrants.map((e) => e.id) ?? [];
        if (count > 0 && !sameMembers(was, input[lobby - 1] ?? [])) throw lobbiesLocked();
      }
      await LobbyRepository.replaceLobbies(tx.db.kysely, id, input);
      const after = await lobbies(tx, id);
      const summary = (l: Lobbies) => ({ lobbies: l.lobbies.map((x) => x.entrants.map((e) => e.name)) });
      await audit({
        action,
        entityType: 'tournament',
        entityId: id,
        label: (await TournamentService.get(tx, id, null)).name,
        before: summary(before),
        after: summary(after),
      });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('invalid', 'ENTRANT_IN_TWO_LOBBIES', 'An entrant is in two lobbies');
    throw e;
  }
}

/** PUT /tournaments/{id}/lobbies (admin), audited `lobby.update`: every lobby's entrants, as moved by hand. */
export const setLobbies = (ctx: ServiceContext, actor: Actor, id: string, input: string[][]) =>
  store(ctx, actor, id, 'lobby.update', () => input);

/**
 * POST /tournaments/{id}/lobbies/auto (admin), audited `lobby.auto`: the entrants in seed order
 * (check-in order, or the organiser's team order) dealt into `count` lobbies, by default the
 * fewest that hold everyone within the lobby size.
 */
export const autoLobbies = (ctx: ServiceContext, actor: Actor, id: string, count?: number) =>
  store(ctx, actor, id, 'lobby.auto', (all, lobbySize) =>
    dealLobbies(
      all.map((e) => e.id),
      count ?? lobbiesNeeded(all.length, lobbySize),
    ),
  );

/** PUT /tournaments/{id}/lobbies/{number}/code (admin), audited `lobby.code`. */
export async function setCode(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  number: number,
  input: { code: string | null; visibleFrom: string | null },
): Promise<Lobbies> {
  return audited(ctx, actor, async (tx, audit) => {
    await scoring(tx, id);
    await TournamentService.lockOpenForResults(tx, id);
    const before = await lobbies(tx, id);
    const was = before.lobbies[number - 1];
    if (!was) throw new AppError('notFound', 'LOBBY_NOT_FOUND', 'No lobby with this number');
    const visibleFrom = input.visibleFrom && new Date(input.visibleFrom).toISOString();
    await LobbyRepository.setCode(tx.db.kysely, id, number, input.code, visibleFrom);
    await audit({
      action: 'lobby.code',
      entityType: 'tournament',
      entityId: id,
      label: (await TournamentService.get(tx, id, null)).name,
      // the key itself stays out of the log: only whether one was posted, and from when
      before: { lobby: number, posted: was.code !== null, visibleFrom: was.codeVisibleFrom },
      after: { lobby: number, posted: input.code !== null, visibleFrom },
    });
    return lobbies(tx, id);
  });
}

/**
 * GET /tournaments/{id}/lobbies/mine: the caller's lobby, its matches and its key once its time has
 * come (a key with no time shows as soon as it is posted). 403 NOT_CHECKED_IN to anyone not playing (a
 * player disqualified from a team that plays on, or removed from the roster, included),
 * 404 NOT_IN_A_LOBBY to a player the organiser has not put in a lobby yet.
 */
export async function mine(ctx: ServiceContext, userId: string, id: string, now = new Date()): Promise<MyLobby> {
  await scoring(ctx, id);
  // an organiser's team keeps on its list a member disqualified mid-event or taken off the roster, but they no
  // longer play: only a member of the roster does (a disqualified player is not one)
  const [entrant, me] = await Promise.all([entrantOf(ctx, id, userId), TournamentService.standingOf(ctx, id, userId)]);
  if (!entrant || !me.member) throw new AppError('forbidden', 'NOT_CHECKED_IN', 'Only checked-in players have a lobby');
  const plan = await lobbyPlan(ctx, id);
  const lobby = plan.of(entrant.id);
  if (lobby === null) throw new AppError('notFound', 'NOT_IN_A_LOBBY', 'You are not in a lobby yet');
  const [{ lobbies: rows }, { matches, lines }] = await Promise.all([
    LobbyRepository.lobbiesOf(ctx.db.kysely, id),
    ResultsRepository.matchesOf(ctx.db.kysely, id),
  ]);
  const row = rows.find((r) => r.number === lobby);
  const shown = row?.code != null && (!row.code_visible_from || new Date(row.code_visible_from) <= now);
  const withLines = new Set(lines.map((l) => l.match_id));
  return {
    lobby,
    lobbies: plan.count,
    entrant: entrant.name,
    matches: matches
      .filter((m) => Number(m.lobby) === lobby)
      .map((m) => ({ number: m.number, voided: m.voided_at !== null, played: withLines.has(m.id) })),
    code: shown ? row.code : null,
    codeVisibleFrom: row?.code ? row.code_visible_from : null,
  };
}
