import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Match day: a tournament's format and scoring table, its teams, and the results of its
 * battle-royale matches. The unique keys are the rules: one line per entrant in a match, one
 * entrant per placement, one match per number, one team per player in a tournament.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tournaments')
    // null: the game decides (battle royale for Fortnite and its kind, single elimination otherwise)
    .addColumn('format', 'text')
    .execute();
  // JSON ScoringTable (src/features/results/contract.ts); null: the default preset
  await db.schema.alterTable('tournaments').addColumn('scoring', 'text').execute();
  // set once when an admin finalises: the standings are frozen from then on
  await db.schema.alterTable('tournaments').addColumn('finalized_at', 'text').execute();
  // JSON StandingsRow[] frozen at finalisation
  await db.schema.alterTable('tournaments').addColumn('final_standings', 'text').execute();

  await db.schema
    .createTable('tournament_teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tournament_teams_name', ['tournament_id', 'name'])
    .execute();
  await db.schema
    .createTable('tournament_team_members')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('tournament_teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // one team per player in a tournament
    .addPrimaryKeyConstraint('tournament_team_members_pk', ['tournament_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tournament_team_members_team').on('tournament_team_members').column('team_id').execute();

  await db.schema
    .createTable('tournament_matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    // 1, 2, 3 … in the order the matches were played
    .addColumn('number', 'integer', (c) => c.notNull())
    // set while the match does not count; clearing it restores the match
    .addColumn('voided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tournament_matches_number', ['tournament_id', 'number'])
    .execute();

  await db.schema
    .createTable('match_results')
    .addColumn('match_id', 'text', (c) => c.notNull().references('tournament_matches.id').onDelete('cascade'))
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    // a user id (solo) or a tournament_teams id (duo, trio, squad)
    .addColumn('entrant_id', 'text', (c) => c.notNull())
    .addColumn('placement', 'integer', (c) => c.notNull())
    .addColumn('eliminations', 'integer', (c) => c.notNull())
    // when this line was entered or approved: the last tiebreaker ("earliest submission")
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('match_results_pk', ['match_id', 'entrant_id'])
    .addUniqueConstraint('match_results_placement', ['match_id', 'placement'])
    .execute();
  await db.schema.createIndex('match_results_tournament').on('match_results').column('tournament_id').execute();
}
