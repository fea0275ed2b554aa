import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Reminders: the mails a player gets unprompted around a tournament. A row of
 * `reminders_sent` is the decision that one reminder goes to one player: its primary key makes it
 * once per tournament, player and kind, whichever process (or restart) gets there first.
 * `notification_preferences` holds a player's opt-outs; no row means every reminder is wanted.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('reminders_sent')
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'checkin_open' | 'checkin_closing' | 'results_final'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['tournament_id', 'kind', 'user_id'])
    .execute();
  // a deleted account takes its rows with it without scanning the table
  await db.schema.createIndex('reminders_sent_user').on('reminders_sent').column('user_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('checkin_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('checkin_closing', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('results_final', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // what the reminder poll asks every few seconds: the tournaments whose check-in has not closed
  // yet, and those finalised lately; both are a small range at the end of these indexes
  await db.schema.createIndex('tournaments_end_checkin').on('tournaments').column('end_checkin').execute();
  await db.schema.createIndex('tournaments_finalized_at').on('tournaments').column('finalized_at').execute();
}
