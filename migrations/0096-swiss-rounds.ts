import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves (the column has a default)
export const kind = 'expand';

/**
 * How many rounds a Swiss bracket plays, chosen at generation (0 for the formats planned whole:
 * single elimination and round robin). Its later rounds are paired one at a time, so the number
 * is all that says when it ends.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('brackets')
    .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
