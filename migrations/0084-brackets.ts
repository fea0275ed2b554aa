import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Brackets: a tournament's generated bracket, its entrants as seeded
 * then, its matches and the sides' score reports. The keys are the rules: one bracket per
 * tournament (its row is what a generation and a report lock first), one match per group, round
 * and slot, one report per side of a match.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('brackets')
    .addColumn('tournament_id', 'text', (c) => c.primaryKey().references('tournaments.id').onDelete('cascade'))
    // single_elimination or round_robin, as it was when generated
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('seeding', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .execute();

  // the entrants as they were at generation: a team's members decide who may report for it
  await db.schema
    .createTable('bracket_entrants')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('brackets.tournament_id').onDelete('cascade'))
    // a user id (solo) or a tournament_teams id
    .addColumn('entrant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    // round-robin group (1, 2, …); 0 in single elimination
    .addColumn('group_no', 'integer', (c) => c.notNull())
    // JSON [{id, username}]
    .addColumn('members', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bracket_entrants_pk', ['tournament_id', 'entrant_id'])
    .execute();

  await db.schema
    .createTable('bracket_matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('brackets.tournament_id').onDelete('cascade'))
    .addColumn('group_no', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    // entrant ids; null while an earlier match decides it, or for a bye
    .addColumn('side_a', 'text')
    .addColumn('side_b', 'text')
    .addColumn('score_a', 'integer')
    .addColumn('score_b', 'integer')
    .addColumn('winner', 'text')
    // pending, awaiting, confirmed, disputed, bye (contract.ts matchStates)
    .addColumn('state', 'text', (c) => c.notNull())
    // players or admin, once decided
    .addColumn('decided_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('bracket_matches_place', ['tournament_id', 'group_no', 'round', 'slot'])
    .execute();

  await db.schema
    .createTable('bracket_reports')
    .addColumn('match_id', 'text', (c) => c.notNull().references('bracket_matches.id').onDelete('cascade'))
    // a or b: the side the reporting player plays for
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score_a', 'integer', (c) => c.notNull())
    .addColumn('score_b', 'integer', (c) => c.notNull())
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bracket_reports_pk', ['match_id', 'side'])
    .execute();
}
