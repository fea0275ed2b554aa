import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * A tournament's own external page: an https address the admin sets, which
 * "Vai al torneo" opens. '' when none; then the TOURNAMENT_IFRAME_URL template, when configured,
 * decides, and without either the button is not shown.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tournaments')
    .addColumn('external_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
