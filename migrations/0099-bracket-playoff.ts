import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: nullable columns, which the release before it never reads
export const kind = 'expand';

/**
 * A bracket's playoff: a Swiss or round-robin stage, once complete, seeds its top entrants into a
 * single- or double-elimination playoff. Its matches are the bracket's own, under groups of their
 * own (contract.ts PLAYOFF_GROUP); the bracket row keeps its format and its seeds (JSON entrant ids,
 * seed 1 first), both null while there is none.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('brackets').addColumn('playoff_format', 'text').execute();
  await db.schema.alterTable('brackets').addColumn('playoff_seeds', 'text').execute();
}
