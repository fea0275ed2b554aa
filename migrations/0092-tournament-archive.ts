import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves (it lists every tournament)
export const kind = 'expand';

/**
 * When an admin archived a tournament (null: not archived). A tournament with results is never
 * deleted; archiving takes it out of the public lists while its page and results stay reachable.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tournaments').addColumn('archived_at', 'text').execute();
}
