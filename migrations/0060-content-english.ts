import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/**
 * English texts for tournaments, badges, products and competitions, as news already has. The
 * existing columns stay the Italian text, so the flat fields the original client uses keep their meaning; the new
 * columns start empty and an empty English text falls back to the Italian one when read.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const add = async (table: string, columns: string[]) => {
    for (const c of columns)
      await db.schema
        .alterTable(table)
        .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
        .execute();
  };
  await add('tournaments', ['name_en', 'description_en', 'rules_en']);
  await add('badges', ['name_en', 'description_en']);
  await add('products', ['name_en', 'description_en']);
  await add('competitions', ['name_en']);
}
