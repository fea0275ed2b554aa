import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { prizeTableSchema, type Payout, type PrizeRange, type StandingsRow } from '../contract.ts';

type Db = Kysely<Database>;

/** Status "ended" as an admin sets it (tournaments.status_override; the schedule's own is 2 too). */
const ENDED = 2;

export interface PrizeTournament {
  id: string;
  name: string;
  format: string | null;
  game: string;
  prizes: PrizeRange[];
  finalizedAt: string | null;
}

/** A stored table that no longer parses (hand-edited) pays nothing rather than failing the page. */
const parsePrizes = (json: string | null): PrizeRange[] => {
  if (!json) return [];
  try {
    const parsed = prizeTableSchema.safeParse({ prizes: JSON.parse(json) });
    return parsed.success ? parsed.data.prizes : [];
  } catch {
    return [];
  }
};

export async function find(db: Db, owner: string, id: string): Promise<PrizeTournament | undefined> {
  const row = await db
    .selectFrom('tournaments')
    .select(['id', 'name', 'format', 'game', 'prizes', 'finalized_at'])
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      format: row.format,
      game: row.game,
      prizes: parsePrizes(row.prizes),
      finalizedAt: row.finalized_at,
    }
  );
}

/** Stores the prize table unless the tournament is finalised (its prizes are paid): false then. */
export async function savePrizes(
  db: Db,
  owner: string,
  id: string,
  prizes: PrizeRange[],
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ prizes: JSON.stringify(prizes), updated_at: now })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the tournament finalised and ended, if no one did before: the WHERE decides, not an
 * earlier read, so of two finalisations (two clicks, two processes) exactly one gets `true`; the
 * other waits for the first one's row lock and then matches nothing. Taken first in the
 * transaction, the lock also holds off results writes (they lock the same row and refuse a
 * finalised tournament) while the standings are read and frozen.
 */
export async function claimFinalisation(db: Db, owner: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ finalized_at: now, status_override: ENDED, updated_at: now })
    .where('owner', '=', owner)
    .where('id', '=', id)
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The standings as they were when finalised: from then on they are what every reader gets. */
export async function freezeStandings(db: Db, id: string, rows: StandingsRow[]): Promise<void> {
  await db
    .updateTable('tournaments')
    .set({ final_standings: JSON.stringify(rows) })
    .where('id', '=', id)
    .execute();
}

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
  for (let i = 0; i < placements.length; i += 500) {
    const chunk = placements.slice(i, i + 500);
    await db
      .insertInto('tournament_placements')
      .values(
        chunk.map((p) => ({
          tournament_id: tournamentId,
          user_id: p.userId,
          entrant_id: p.entrantId,
          rank: p.rank,
          points: p.points,
          credits: p.credits,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** What a finalised tournament paid, best rank first: the players with credits, by name within a rank. */
export async function paidOf(db: Db, tournamentId: string, finalRows: StandingsRow[]): Promise<Payout[]> {
  const rows = await db
    .selectFrom('tournament_placements as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'u.username', 'p.entrant_id', 'p.rank', 'p.credits'])
    .where('p.tournament_id', '=', tournamentId)
    .where('p.credits', '>', 0)
    .orderBy('p.rank')
    .orderBy(sql`lower(u.username)`)
    .execute();
  const names = new Map(finalRows.map((r) => [r.entrantId, r.name]));
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    entrantId: r.entrant_id,
    entrantName: names.get(r.entrant_id) ?? r.username,
    rank: Number(r.rank),
    credits: Number(r.credits),
  }));
}

/** The frozen standings of a finalised tournament (JSON StandingsRow[]). */
export async function finalRows(db: Db, tournamentId: string): Promise<StandingsRow[]> {
  const row = await db
    .selectFrom('tournaments')
    .select('final_standings')
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  return row?.final_standings ? (JSON.parse(row.final_standings) as StandingsRow[]) : [];
}

/** The tournaments of these championships, with what decides how their points are read. */
export async function championshipTournaments(db: Db, competitionIds: string[]) {
  if (!competitionIds.length) return [];
  return db
    .selectFrom('tournaments')
    .select(['id', 'competition_id', 'format', 'game', 'finalized_at'])
    .where('competition_id', 'in', competitionIds)
    .execute();
}

/** Of these tournaments, those with at least one result line (only they have live standings to compute). */
export async function withResults(db: Db, tournamentIds: string[]): Promise<Set<string>> {
  if (!tournamentIds.length) return new Set();
  const rows = await db
    .selectFrom('match_results')
    .select('tournament_id')
    .distinct()
    .where('tournament_id', 'in', tournamentIds)
    .execute();
  return new Set(rows.map((r) => r.tournament_id));
}

/** Each player's points summed over the finalised tournaments of each championship, in one query. */
export async function finalPoints(
  db: Db,
  competitionIds: string[],
): Promise<{ competitionId: string; userId: string; points: number }[]> {
  if (!competitionIds.length) return [];
  const rows = await db
    .selectFrom('tournament_placements as p')
    .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
    .select(['t.competition_id', 'p.user_id', (eb) => eb.fn.sum<number | string>('p.points').as('points')])
    .where('t.competition_id', 'in', competitionIds)
    .groupBy(['t.competition_id', 'p.user_id'])
    .execute();
  return rows.map((r) => ({ competitionId: r.competition_id!, userId: r.user_id, points: Number(r.points) }));
}
