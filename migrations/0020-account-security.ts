import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Account hardening.
 * - sessions.last_used_at: the idle timeout (SESSION_IDLE_DAYS) needs the last time a token was
 *   used. Sessions that exist when this runs count as used now, so a deploy logs nobody out.
 * - email_changes: a new e-mail takes effect only when the link mailed to it is followed; the row
 *   holds the pending address and the SHA-256 of the one-time token, never the token itself.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await sql`update sessions set last_used_at = ${new Date().toISOString()}`.execute(db);

  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}
