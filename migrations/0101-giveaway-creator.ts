import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: a nullable column, which the release before it neither reads nor writes
export const kind = 'expand';

/**
 * The admin who created each giveaway code, so the code never credits its own creator's wallet. Codes created before
 * it read null: nobody is known to have made them.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('giveaways').addColumn('created_by', 'text').execute();
}
