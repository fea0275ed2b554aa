import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: nullable columns the release before it never reads; a forfeit it finds reads as an admin's decision
export const kind = 'expand';

/**
 * A bracket's forfeits. An entrant disqualified mid-event is marked out (when, null while it plays), and each match
 * it then forfeits keeps which side forfeited (a, b or both; null for a match played or decided on a score).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('bracket_entrants').addColumn('disqualified_at', 'text').execute();
  await db.schema.alterTable('bracket_matches').addColumn('forfeit', 'text').execute();
}
