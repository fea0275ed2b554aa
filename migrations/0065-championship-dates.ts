import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * The championship's later stages as data an admin edits: when the playoffs are played, when and
 * where the live finals are. They were texts in the locale files, so a demo seeded today showed
 * playoffs in 2025 under qualifiers of 2026. Empty until set; the page then says "to be announced".
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('competitions').addColumn('playoffs_at', 'text').execute();
  await db.schema.alterTable('competitions').addColumn('finals_at', 'text').execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('finals_city', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
