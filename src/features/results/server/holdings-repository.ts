import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database>;

/**
 * Whether a tournament has any results of match day: a match (even one still without lines), a result
 * line, a player's match report or a final placement. Such a tournament is archived, never deleted.
 */
export async function holdsResults(db: Db, tournamentId: string): Promise<boolean> {
  const found = await Promise.all([
    db.selectFrom('tournament_matches').select('id').where('tournament_id', '=', tournamentId).limit(1).execute(),
    db.selectFrom('match_results').select('match_id').where('tournament_id', '=', tournamentId).limit(1).execute(),
    db.selectFrom('match_reports').select('id').where('tournament_id', '=', tournamentId).limit(1).execute(),
    db.selectFrom('tournament_placements').select('rank').where('tournament_id', '=', tournamentId).limit(1).execute(),
  ]);
  return found.some((rows) => rows.length > 0);
}
