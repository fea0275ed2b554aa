import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('competitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('competitions_owner').on('competitions').column('owner').execute();

  // one row per player in a faction; the primary key makes "one faction per player" a constraint
  await db.schema
    .createTable('competition_players')
    .addColumn('competition_id', 'text', (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_players_pk', ['competition_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text', (c) => c.references('competitions.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('banner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('consoles', 'text', (c) => c.notNull().defaultTo('[]'))
    // null: the status follows the schedule; 0/1/2 when an admin set it
    .addColumn('status_override', 'integer')
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'text')
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    // kept in step with the member rows inside each join/leave transaction; the conditional
    // UPDATE on it is what keeps members <= max_participants under concurrent joins
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_registration', 'text')
    .addColumn('end_registration', 'text')
    .addColumn('start_checkin', 'text')
    .addColumn('end_checkin', 'text')
    .addColumn('start_tournament', 'text')
    .addColumn('end_tournament', 'text')
    .addColumn('check_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_in_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_size', 'integer')
    // a fixed text shown instead of the start date (some special tournaments have one), as data an admin can edit
    .addColumn('date_text_it', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_text_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tournaments_owner_start')
    .on('tournaments')
    .columns(['owner', 'start_tournament'])
    .execute();
  await db.schema.createIndex('tournaments_competition').on('tournaments').column('competition_id').execute();

  await db.schema
    .createTable('tournament_registrations')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'member' or 'waitlist'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON {username, game, console, id}: the game account the player registered with
    .addColumn('game_account', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_registrations_pk', ['tournament_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_registrations_user')
    .on('tournament_registrations')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('tournament_registrations_queue')
    .on('tournament_registrations')
    .columns(['tournament_id', 'state', 'created_at'])
    .execute();
}
