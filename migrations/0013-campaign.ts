import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * The winter campaign (/cortina): its dates are data an admin edits, not code,
 * and its screenshot submissions become a contest with moderation. One row per
 * phase keeps "which window is open now" a plain range query; the image hash (of the decoded
 * pixels, so re-saving a file does not hide it) finds the same screenshot sent twice, by anyone.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('season_note', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaigns_pk', ['owner', 'slug'])
    .execute();

  await db.schema
    .createTable('campaign_phases')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('phase', 'integer', (c) => c.notNull())
    // half-open window [opens_at, closes_at), ISO-8601 UTC
    .addColumn('opens_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_phases_pk', ['owner', 'campaign', 'phase'])
    .addCheckConstraint('campaign_phases_window', sql`opens_at < closes_at`)
    .execute();

  await db.schema
    .createTable('screenshot_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('phase', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // what the player typed in the modal (their in-game name and a contact address)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('image_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('score', 'integer')
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('screenshot_submissions_status', sql`status in ('pending', 'approved', 'rejected')`)
    .addCheckConstraint('screenshot_submissions_score', sql`(status = 'approved') = (score is not null)`)
    .execute();
  await db.schema
    .createIndex('screenshot_submissions_user')
    .on('screenshot_submissions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('screenshot_submissions_hash')
    .on('screenshot_submissions')
    .columns(['owner', 'image_hash'])
    .execute();
  await db.schema
    .createIndex('screenshot_submissions_standings')
    .on('screenshot_submissions')
    .columns(['owner', 'campaign', 'phase', 'status', 'score'])
    .execute();
  await db.schema
    .createIndex('screenshot_submissions_queue')
    .on('screenshot_submissions')
    .columns(['owner', 'campaign', 'status', 'created_at'])
    .execute();
}
