import type { ServiceContext } from '../../../platform/context.ts';
import { formatOf } from '../contract.ts';
import * as PrizeRepository from './prize-repository.ts';
import * as TournamentService from '../../tournaments/server/service.ts';
import { entrants, standings } from './service.ts';

/**
 * The championship points of each faction player: the points of their entrant
 * (themselves, or their team) summed over the championship's tournaments. A finalised tournament
 * counts its frozen points (one query for all of them); a running one counts its live standings,
 * computed only for the tournaments that have results, so a page of championships costs two
 * queries plus one standings read per tournament being played right now.
 */
export async function championshipPoints(
  ctx: ServiceContext,
  competitionIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const db = ctx.db.kysely;
  const out = new Map<string, Map<string, number>>(competitionIds.map((id) => [id, new Map()]));
  const add = (competitionId: string, userId: string, points: number) => {
    const players = out.get(competitionId);
    if (players) players.set(userId, (players.get(userId) ?? 0) + points);
  };
  const tournaments = await TournamentService.championshipTournaments(ctx, competitionIds);
  const competitionOf = new Map(tournaments.map((t) => [t.id, t.competition_id!]));
  const finalised = tournaments.filter((t) => t.finalized_at).map((t) => t.id);
  for (const f of await PrizeRepository.finalPoints(db, finalised))
    add(competitionOf.get(f.tournamentId)!, f.userId, f.points);
  // brackets rank by wins, not points: only battle-royale standings add to a faction score
  const live = tournaments.filter((t) => !t.finalized_at && formatOf(t) === 'battle_royale');
  const played = await PrizeRepository.withResults(
    db,
    live.map((t) => t.id),
  );
  for (const t of live.filter((l) => played.has(l.id))) {
    const current = await standings(ctx, t.id);
    // a solo entrant is the player (its id is theirs): only teams need their members read
    const members =
      current.teamSize > 1 ? new Map((await entrants(ctx, t.id)).map((e) => [e.id, e.members.map((m) => m.id)])) : null;
    for (const row of current.rows)
      for (const userId of members ? (members.get(row.entrantId) ?? []) : [row.entrantId])
        add(t.competition_id!, userId, row.points);
  }
  return out;
}

/**
 * The points a bracket's ranking seeds by, per entrant (a team's are its members' summed): over the
 * championship's tournaments when there is one, else over the results finalised in the last 12 months.
 */
export async function rankingPoints(
  ctx: ServiceContext,
  competitionId: string | null,
  field: readonly { id: string; members: readonly { id: string }[] }[],
  now = new Date(),
): Promise<Map<string, number>> {
  const userIds = field.flatMap((e) => e.members.map((m) => m.id));
  let byUser: Map<string, number>;
  if (competitionId) byUser = (await championshipPoints(ctx, [competitionId])).get(competitionId) ?? new Map();
  else {
    const since = new Date(now);
    since.setUTCFullYear(since.getUTCFullYear() - 1);
    byUser = await PrizeRepository.pointsSince(ctx.db.kysely, userIds, since.toISOString());
  }
  return new Map(field.map((e) => [e.id, e.members.reduce((sum, m) => sum + (byUser.get(m.id) ?? 0), 0)]));
}

/**
 * The first tournament of `owner` (this one when given) where the user ended in the top `n`, as a list
 * of at most one id: the evidence a placement badge is checked against. A player's placements are few,
 * so all of them are read and the tournaments say which are the owner's.
 */
export async function placedTournaments(
  ctx: ServiceContext,
  owner: string,
  userId: string,
  n: number,
  tournamentId?: string,
): Promise<string[]> {
  const placed = await PrizeRepository.placedTournaments(ctx.db.kysely, userId, n, tournamentId);
  const owned = await TournamentService.ownedTournamentIds(ctx, owner, placed);
  return placed.filter((id) => owned.has(id)).slice(0, 1);
}

/** Where the player ended in each of these finalised tournaments, and what it paid them, as frozen at finalisation. */
export const playerPlacements = (ctx: ServiceContext, userId: string, tournamentIds: string[]) =>
  PrizeRepository.playerPlacements(ctx.db.kysely, userId, tournamentIds);
