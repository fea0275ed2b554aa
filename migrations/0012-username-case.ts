import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db/database.ts';

// expand: the release before it keeps working on the schema it leaves
export const kind = 'expand';

/** "Giulia" and "giulia" are one player name: usernames are unique per brand regardless of case. */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`create unique index users_owner_username_ci on users (owner, lower(username))`.execute(db);
}
