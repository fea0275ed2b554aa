import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: a column with a default, which the release before it neither reads nor writes
export const kind = 'expand';

/**
 * The place of each member in a team the organiser formed, as the organiser listed them (0 first). Teams saved
 * before it all read 0, so they keep the order they were shown in until they are saved again.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tournament_team_members')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
