import type { Kysely } from 'kysely';
import { foldForSearch, searchKey } from '../src/platform/db/search.ts';
import type { Dialect } from '../src/platform/db/database.ts';

// contract: the release before it would write tournaments and accounts without their folded names,
// which the searches of this one would then never find
export const kind = 'contract';

/**
 * The tournament and user searches ignore accents and case alike on both engines ("citta" finds
 * "Città"): each tournament keeps its names and each account its username folded (lower case, no
 * marks) in a column of its own, written with the row. The rows already there are folded here.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tournaments')
    .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('username_search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  type Named = { id: string; name: string; name_en: string };
  const tournaments: Named[] = await db.selectFrom('tournaments').select(['id', 'name', 'name_en']).execute();
  for (const t of tournaments)
    await db
      .updateTable('tournaments')
      .set({ name_search: searchKey(t.name, t.name_en) })
      .where('id', '=', t.id)
      .execute();
  const users: { id: string; username: string }[] = await db.selectFrom('users').select(['id', 'username']).execute();
  for (const u of users)
    await db
      .updateTable('users')
      .set({ username_search: foldForSearch(u.username) })
      .where('id', '=', u.id)
      .execute();
}
