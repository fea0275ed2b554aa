import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves (both columns default to '')
export const kind = 'expand';

/**
 * A purchase keeps the phone the courier calls, beside the address it ships to, and the product's
 * English name as it was when bought, beside the Italian one it always kept. Orders placed before
 * take the product's English name as it is now (empty falls back to the Italian when read) and
 * have no phone.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const column of ['ship_phone_number', 'product_name_en'])
    await db.schema
      .alterTable('purchases')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  const englishName = sql`(select products.name_en from products where products.id = purchases.product_id)`;
  await db
    .updateTable('purchases')
    .set({ product_name_en: sql`coalesce(${englishName}, '')` })
    .execute();
}
