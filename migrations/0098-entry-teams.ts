import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: new tables and a nullable column, which the release before it never reads
export const kind = 'expand';

/**
 * Teams a captain registers for a duo, trio or squad tournament. A member row is 'invited' until
 * the player accepts; the team takes a slot (`complete` = 1) only once every member accepted. The
 * key on (tournament, user) keeps a player in one team per tournament. The organiser's own teams
 * of solo sign-ups (tournament_teams) stay apart: these are the players' own.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('entry_teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('captain_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('entry_teams_name', ['tournament_id', 'name'])
    .execute();
  await db.schema
    .createTable('entry_team_members')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('entry_teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'invited' or 'accepted'
    .addColumn('state', 'text', (c) => c.notNull())
    // JSON {username, game, console, id}: the game account the captain named for this member
    .addColumn('game_account', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_team_members_pk', ['tournament_id', 'user_id'])
    .execute();
  await db.schema.createIndex('entry_team_members_team').on('entry_team_members').column('team_id').execute();
  await db.schema.createIndex('entry_team_members_user').on('entry_team_members').column('user_id').execute();
  // how many members of a team must check in for the team to count as checked in; null: all of them
  await db.schema.alterTable('tournaments').addColumn('team_checkin_minimum', 'integer').execute();
}
