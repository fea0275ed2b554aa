import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * Rate-limit counters shared by several API processes on one PostgreSQL when no Redis is
 * configured (src/platform/http/rate-limit-store.ts). One row per limited key and window; `expires_at`
 * is epoch milliseconds of the database clock, so processes on hosts with skewed clocks agree.
 * SQLite gets the table too (one schema for both engines) but a single process keeps its counters
 * in memory.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // the hourly pruning deletes by expiry
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}
