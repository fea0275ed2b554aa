import type { Kysely } from 'kysely';
import { usernameSkeleton } from '../src/platform/username-skeleton.ts';
import type { Dialect } from '../src/platform/db/database.ts';

// contract: accounts signed up by the release before it would have no skeleton, so a look-alike of them
// could register: the rule the migration brings would have holes
export const kind = 'contract';

/**
 * Usernames are unique per brand by how they look, not only by their letters and case: `gıulia`
 * (dotless ı) or `giuliа` (Cyrillic а) could be registered beside `giulia` and impersonate her.
 * Each account stores its name's confusable skeleton, unique per brand.
 *
 * Accounts already registered are kept as they are: when existing names of one brand share a
 * skeleton, the oldest keeps the plain key and each later one's key carries its own id, so no one
 * is renamed or locked out, and no new account can take any of those looks.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  type Account = { id: string; owner: string; username: string };
  const oldestFirst = db.selectFrom('users').select(['id', 'owner', 'username']).orderBy('created_at').orderBy('id');
  const users: Account[] = await oldestFirst.execute();
  const taken = new Set<string>();
  for (const u of users) {
    const plain = usernameSkeleton(u.username);
    const key = taken.has(`${u.owner}\n${plain}`) ? `${plain}#${u.id}` : plain;
    taken.add(`${u.owner}\n${plain}`);
    await db.updateTable('users').set({ username_skeleton: key }).where('id', '=', u.id).execute();
  }
  const index = db.schema.createIndex('users_owner_username_skeleton').unique().on('users');
  await index.columns(['owner', 'username_skeleton']).execute();
}
