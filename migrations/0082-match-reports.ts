import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Match day: a checked-in player's report of one battle-royale match
 * (placement, eliminations, a screenshot), waiting for an admin's decision. The unique key is the
 * rule "one report per player per match": two requests of one player racing each other leave one row.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('match_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('match_number', 'integer', (c) => c.notNull())
    // the reporter; their entrant is themselves (solo) or their team at the time of the report
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entrant_id', 'text', (c) => c.notNull())
    .addColumn('placement', 'integer', (c) => c.notNull())
    .addColumn('eliminations', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    // the campaign's pixel hash (src/platform/storage/pixel-hash.ts): the duplicate-image check
    .addColumn('image_hash', 'text', (c) => c.notNull())
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('match_reports_once', ['tournament_id', 'match_number', 'user_id'])
    .execute();
  await db.schema
    .createIndex('match_reports_queue')
    .on('match_reports')
    .columns(['tournament_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('match_reports_hash').on('match_reports').columns(['owner', 'image_hash']).execute();
  await db.schema.createIndex('match_reports_user').on('match_reports').columns(['user_id', 'created_at']).execute();
}
