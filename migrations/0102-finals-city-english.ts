import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it neither reads nor writes the new column, which defaults to ''
export const kind = 'expand';

/**
 * A championship's finals city in English beside the Italian one ("Milan" beside "Milano"). Empty, as every
 * championship starts, reads as the Italian name.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('finals_city_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
