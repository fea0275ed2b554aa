import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { insertRows } from '../../../platform/db/bulk-insert.ts';
import { prizeTableSchema, type PrizeRange } from '../contract.ts';
import { idsWithRows } from '../../../platform/db/matching-rows.ts';

type Db = Kysely<Database>;

export interface PrizeTournament {
  id: string;
  name: string;
  format: string | null;
  game: string;
  prizes: PrizeRange[];
  finalizedAt: string | null;
}

/** A stored table that no longer parses (hand-edited) pays nothing rather than failing the page. */
export const parsePrizes = (json: string | null): PrizeRange[] => {
  if (!json) return [];
  try {
    const parsed = prizeTableSchema.safeParse({ prizes: JSON.parse(json) });
    return parsed.success ? parsed.data.prizes : [];
  } catch {
    return [];
  }
};

export interface Placement {
  userId: string;
  entrantId: string;
  rank: number;
  /** the entrant's points: what the player adds to their faction score */
  points: number;
  credits: number;
}

/** One row per player; the primary key (tournament, player) refuses a second placement, and with it a second prize. */
export async function insertPlacements(
  db: Db,
  tournamentId: string,
  placements: Placement[],
  now: string,
): Promise<void> {
  await insertRows(
    db,
    'tournament_placements',
    placements.map((p) => ({
      tournament_id: tournamentId,
      user_id: p.userId,
      entrant_id: p.entrantId,
      rank: p.rank,
      points: p.points,
      credits: p.credits,
      created_at: now,
    })),
  );
}

/** What a finalised tournament paid: the players with credits (the service names and orders them). */
export async function paidOf(db: Db, tournamentId: string) {
  const rows = await db
    .selectFrom('tournament_placements')
    .select(['user_id', 'entrant_id', 'rank', 'credits'])
    .where('tournament_id', '=', tournamentId)
    .where('credits', '>', 0)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    entrantId: r.entrant_id,
    rank: Number(r.rank),
    credits: Number(r.credits),
  }));
}

/** Of these tournaments, those with at least one result line (only they have live standings to compute). */
export function withResults(db: Db, tournamentIds: string[]): Promise<Set<string>> {
  return idsWithRows(db, 'match_results', 'tournament_id', tournamentIds);
}

/** Each player's points in each of these (finalised) tournaments, in one query. */
export async function finalPoints(
  db: Db,
  tournamentIds: string[],
): Promise<{ tournamentId: string; userId: string; points: number }[]> {
  if (!tournamentIds.length) return [];
  const rows = await db
    .selectFrom('tournament_placements')
    .select(['tournament_id', 'user_id', 'points'])
    .where('tournament_id', 'in', tournamentIds)
    .execute();
  return rows.map((r) => ({ tournamentId: r.tournament_id, userId: r.user_id, points: Number(r.points) }));
}

/** Each of these players' points summed over the tournaments finalised since `since` (ISO), as frozen then. */
export async function pointsSince(db: Db, userIds: string[], since: string): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('tournament_placements')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('points').as('points')])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', since)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.points)]));
}

/**
 * The tournaments where the user's entrant ended in the top `n` (1: won), earliest placement first
 * (ties by tournament id): the placements frozen at finalisation.
 */
export async function placedTournaments(db: Db, userId: string, n: number, tournamentId?: string): Promise<string[]> {
  let q = db
    .selectFrom('tournament_placements')
    .select('tournament_id')
    .where('user_id', '=', userId)
    .where('rank', '<=', n);
  if (tournamentId) q = q.where('tournament_id', '=', tournamentId);
  return (await q.orderBy('created_at').orderBy('tournament_id').execute()).map((r) => r.tournament_id);
}

/** The player's frozen placements in these (finalised) tournaments, by tournament: entrant, rank, points, credits. */
export async function playerPlacements(
  db: Db,
  userId: string,
  tournamentIds: string[],
): Promise<Map<string, Placement>> {
  if (!tournamentIds.length) return new Map();
  const rows = await db
    .selectFrom('tournament_placements')
    .select(['tournament_id', 'entrant_id', 'rank', 'points', 'credits'])
    .where('user_id', '=', userId)
    .where('tournament_id', 'in', tournamentIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.tournament_id,
      { userId, entrantId: r.entrant_id, rank: Number(r.rank), points: Number(r.points), credits: Number(r.credits) },
    ]),
  );
}
