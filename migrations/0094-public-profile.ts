import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it never reads the column, and its inserts get the default
export const kind = 'expand';

/**
 * Whether the player's public page (/player/{username}) shows them: 1 by default, 0 once they hide it
 * in their settings, and then the page and its API answer as for an unknown player.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('public_profile', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
